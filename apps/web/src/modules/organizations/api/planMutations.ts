import type {
  AssignPlanRequest,
  CreatePlanRequest,
  MentorFeedback,
  MentorFeedbackRequest,
  OrganizationPlan,
  PlanAssignmentsResponse,
  UpdatePlanRequest,
} from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { organizationKeys } from './organizationKeys';

// Writes of plans and mentoring; each refreshes the organization's reads when it is done.

const plansOf = (organizationId: number) => `/api/organization/${organizationId}/plans`;

function useRefresh(organizationId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationKeys.of(organizationId) });
}

export function useCreatePlan(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (input: CreatePlanRequest) =>
      apiRequest('POST', plansOf(organizationId), responseOf<OrganizationPlan>(), input),
    onSuccess: refresh,
  });
}

export function useUpdatePlan(organizationId: number, planId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (input: UpdatePlanRequest) =>
      apiRequest('PUT', `${plansOf(organizationId)}/${planId}`, responseOf<OrganizationPlan>(), input),
    onSuccess: refresh,
  });
}

export function useDeletePlan(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (planId: number) =>
      apiRequest('DELETE', `${plansOf(organizationId)}/${planId}`, responseOf<{ deleted_plan_id: number }>()),
    onSuccess: refresh,
  });
}

export function useAssignPlan(organizationId: number, planId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (input: AssignPlanRequest) =>
      apiRequest(
        'POST',
        `${plansOf(organizationId)}/${planId}/assign`,
        responseOf<PlanAssignmentsResponse>(),
        input,
      ),
    onSuccess: refresh,
  });
}

export function useGiveFeedback(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (input: MentorFeedbackRequest) =>
      apiRequest(
        'POST',
        `/api/organization/${organizationId}/mentor-feedback`,
        responseOf<MentorFeedback>(),
        input,
      ),
    onSuccess: refresh,
  });
}
