import type { ConfluenceSettingsResponse, SlackSettingsResponse } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { organizationKeys } from './organizationKeys';

// Slack and Confluence for an organization (docs/organizations.md, "Integrations").

export const slackKey = (organizationId: number) => [...organizationKeys.of(organizationId), 'slack'];
export const confluenceKey = (organizationId: number) => [
  ...organizationKeys.of(organizationId),
  'confluence',
];

export function useSlackSettings(organizationId: number) {
  return useQuery({
    queryKey: slackKey(organizationId),
    queryFn: () =>
      apiRequest('GET', `/api/organization/${organizationId}/slack`, responseOf<SlackSettingsResponse>()),
  });
}

export function useConfluenceSettings(organizationId: number) {
  return useQuery({
    queryKey: confluenceKey(organizationId),
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/organization/${organizationId}/confluence`,
        responseOf<ConfluenceSettingsResponse>(),
      ),
  });
}
