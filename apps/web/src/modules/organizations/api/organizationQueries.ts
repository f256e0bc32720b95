import type {
  AssignableAssessmentsResponse,
  AssignmentsResponse,
  OrganizationCatalogResponse,
  OrganizationMembersResponse,
  OrganizationOverview,
  OrganizationProgressResponse,
  OrganizationTeamsResponse,
} from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { organizationKeys } from './organizationKeys';

// Reads of the organization screens, typed by the contract's interfaces.

const base = (organizationId: number) => `/api/organization/${organizationId}`;

export function useOrganizationOverview(organizationId: number) {
  return useQuery({
    queryKey: organizationKeys.overview(organizationId),
    queryFn: () => apiRequest('GET', base(organizationId), responseOf<OrganizationOverview>()),
  });
}

export function useOrganizationMembers(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: organizationKeys.members(organizationId),
    queryFn: () =>
      apiRequest('GET', `${base(organizationId)}/users`, responseOf<OrganizationMembersResponse>()),
    enabled,
  });
}

export function useOrganizationTeams(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: organizationKeys.teams(organizationId),
    queryFn: () =>
      apiRequest('GET', `${base(organizationId)}/teams`, responseOf<OrganizationTeamsResponse>()),
    enabled,
  });
}

export function useOrganizationProgress(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: organizationKeys.progress(organizationId),
    queryFn: () =>
      apiRequest('GET', `${base(organizationId)}/progress`, responseOf<OrganizationProgressResponse>()),
    enabled,
  });
}

export function useMyAssignments() {
  return useQuery({
    queryKey: organizationKeys.myAssignments,
    queryFn: () => apiRequest('GET', '/api/learn/assigned', responseOf<AssignmentsResponse>()),
  });
}

export function useOrganizationCatalog(enabled: boolean) {
  return useQuery({
    queryKey: organizationKeys.catalog,
    queryFn: () => apiRequest('GET', '/api/learn/organization', responseOf<OrganizationCatalogResponse>()),
    enabled,
  });
}

/** The assessments the assign form offers (those who may assign only). */
export function useAssignableAssessments(organizationId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...organizationKeys.of(organizationId), 'assignable-assessments'],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/organization/${organizationId}/assignable-assessments`,
        responseOf<AssignableAssessmentsResponse>(),
      ),
    enabled,
  });
}
