import type {
  AddUsersRequest,
  AssignContentRequest,
  AssignmentsResponse,
  CreateTeamRequest,
  OrganizationMember,
  OrganizationOperation,
  OrganizationTeam,
  UpdateCompletionDateRequest,
  UpdateTeamRequest,
  UpdateUserRoleRequest,
} from '@coderoom/contracts';
import { OkSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { organizationKeys } from './organizationKeys';
import { pollOperation } from './pollOperation';

// Writes of the organization screens; each refreshes the organization's reads when it is done.

const base = (organizationId: number) => `/api/organization/${organizationId}`;

function useRefresh(organizationId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationKeys.of(organizationId) });
}

/** Starts an asynchronous operation and polls it to its end (spec 001 §4). */
function useOperation<Input>(
  organizationId: number,
  start: (input: Input) => Promise<OrganizationOperation>,
) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: async ({ input, onSlow }: { input: Input; onSlow?: () => void }) => {
      const started = await start(input);
      return pollOperation(
        () =>
          apiRequest(
            'GET',
            `${base(organizationId)}/operations/${started.operation_id}`,
            responseOf<OrganizationOperation>(),
          ),
        { onSlow },
      );
    },
    onSettled: refresh,
  });
}

export function useAddUsers(organizationId: number) {
  return useOperation(organizationId, (input: AddUsersRequest) =>
    apiRequest('PUT', `${base(organizationId)}/users/add`, responseOf<OrganizationOperation>(), input),
  );
}

export function useCreateTeam(organizationId: number) {
  return useOperation(organizationId, (input: CreateTeamRequest) =>
    apiRequest('POST', `${base(organizationId)}/teams`, responseOf<OrganizationOperation>(), input),
  );
}

export function useRemoveUser(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (memberId: number) =>
      apiRequest(
        'PUT',
        `${base(organizationId)}/users/remove`,
        responseOf<{ removed_member_ids: number[] }>(),
        {
          member_ids: [memberId],
        },
      ),
    onSuccess: refresh,
  });
}

export function useUpdateRole(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (input: UpdateUserRoleRequest) =>
      apiRequest('PUT', `${base(organizationId)}/update-user-role`, responseOf<OrganizationMember>(), input),
    onSuccess: refresh,
  });
}

export function useUpdateTeam(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: ({ teamId, input }: { teamId: number; input: UpdateTeamRequest }) =>
      apiRequest('PUT', `${base(organizationId)}/teams/${teamId}`, responseOf<OrganizationTeam>(), input),
    onSuccess: refresh,
  });
}

export function useDeleteTeam(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (teamId: number) => apiRequest('DELETE', `${base(organizationId)}/teams/${teamId}`, OkSchema),
    onSuccess: refresh,
  });
}

export function useAssignContent(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (input: AssignContentRequest) =>
      apiRequest('POST', `${base(organizationId)}/assign-courses`, responseOf<AssignmentsResponse>(), input),
    onSuccess: refresh,
  });
}

export function useUpdateDueDate(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (input: UpdateCompletionDateRequest) =>
      apiRequest('PUT', `${base(organizationId)}/update-completion-date`, responseOf<unknown>(), input),
    onSuccess: refresh,
  });
}

export function useResendInvitation(organizationId: number) {
  return useMutation({
    mutationFn: (memberId: number) =>
      apiRequest('PUT', `${base(organizationId)}/users/${memberId}/resend-email`, OkSchema),
  });
}
