import type {
  AssignedPlan,
  MenteesResponse,
  MyFeedbackResponse,
  MyPlansResponse,
  OrganizationPlan,
  OrganizationPlansResponse,
  PlanAssignmentsResponse,
  PlanReaderResponse,
} from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { organizationKeys } from './organizationKeys';

// Reads of plans and mentoring (docs/organizations.md, "Plans" and "Mentors").

const plansOf = (organizationId: number) => `/api/organization/${organizationId}/plans`;

export function usePlans(organizationId: number) {
  return useQuery({
    queryKey: organizationKeys.plans(organizationId),
    queryFn: () => apiRequest('GET', plansOf(organizationId), responseOf<OrganizationPlansResponse>()),
  });
}

export function usePlan(organizationId: number, planId: number) {
  return useQuery({
    queryKey: organizationKeys.plan(organizationId, planId),
    queryFn: () => apiRequest('GET', `${plansOf(organizationId)}/${planId}`, responseOf<OrganizationPlan>()),
  });
}

export function usePlanAssignments(organizationId: number, planId: number) {
  return useQuery({
    queryKey: organizationKeys.planAssignments(organizationId, planId),
    queryFn: () =>
      apiRequest(
        'GET',
        `${plansOf(organizationId)}/${planId}/assignments`,
        responseOf<PlanAssignmentsResponse>(),
      ),
  });
}

export function useMyPlans() {
  return useQuery({
    queryKey: organizationKeys.myPlans,
    queryFn: () => apiRequest('GET', '/api/learn/plans', responseOf<MyPlansResponse>()),
  });
}

export function useMyPlan(assignmentId: number) {
  return useQuery({
    queryKey: organizationKeys.myPlan(assignmentId),
    queryFn: () => apiRequest('GET', `/api/learn/plans/${assignmentId}`, responseOf<AssignedPlan>()),
  });
}

export function useMyFeedback() {
  return useQuery({
    queryKey: organizationKeys.myFeedback,
    queryFn: () => apiRequest('GET', '/api/learn/mentor-feedback', responseOf<MyFeedbackResponse>()),
  });
}

export function useMentees(organizationId: number) {
  return useQuery({
    queryKey: organizationKeys.mentees(organizationId),
    queryFn: () =>
      apiRequest('GET', `/api/organization/${organizationId}/mentees`, responseOf<MenteesResponse>()),
  });
}

/** The plan reader: a plan's pages with the member's (or a mentee's) progress, or the authors' preview. */
export function usePlanReader(authorId: number, planId: number, menteeMemberId: number | null) {
  const query = menteeMemberId === null ? '' : `?mentee_member_id=${menteeMemberId}`;
  return useQuery({
    queryKey: organizationKeys.planReader(authorId, planId, menteeMemberId),
    queryFn: () =>
      apiRequest('GET', `/api/plan/${authorId}/${planId}${query}`, responseOf<PlanReaderResponse>()),
  });
}
