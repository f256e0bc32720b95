import type { SlackAuthorizeResponse, SlackSettingsResponse } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { PageLoading } from '../../../ui/PageLoading';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { slackKey, useSlackSettings } from '../api/integrationQueries';
import { messageOf } from '../utils/messageOf';
import { slackOutcomeMessage } from '../utils/slackOutcomeMessage';

// The admin's Slack panel on the single sign-on page: connect the organization's workspace (Slack's OAuth
// page, then back here with ?slack=connected or ?slack_error=…), see how many members linked, disconnect.

export function SlackIntegration({ organizationId }: { organizationId: number }) {
  const settings = useSlackSettings(organizationId);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const install = useMutation({
    mutationFn: () =>
      apiRequest(
        'POST',
        `/api/organization/${organizationId}/slack/install`,
        responseOf<SlackAuthorizeResponse>(),
        {},
      ),
    onSuccess: (answer) => window.location.assign(answer.authorize_url),
    onError: (failure) => setError(messageOf(failure)),
  });
  const disconnect = useMutation({
    mutationFn: () =>
      apiRequest('DELETE', `/api/organization/${organizationId}/slack`, responseOf<SlackSettingsResponse>()),
    onSuccess: (answer) => queryClient.setQueryData(slackKey(organizationId), answer),
    onError: (failure) => setError(messageOf(failure)),
  });
  const outcome = slackOutcomeMessage(params, 'Slack is connected.');
  return (
    <section aria-labelledby="slack-heading" className="org-section">
      <h2 id="slack-heading">Slack</h2>
      <p className="muted">
        Members who link their Slack account get their assignments, plans and due-date changes as direct
        messages from the app.
      </p>
      {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {settings.isPending ? (
        <PageLoading label="Loading Slack" />
      ) : settings.isError ? (
        <FormMessage tone="error">{messageOf(settings.error)}</FormMessage>
      ) : !settings.data.is_available ? (
        <p>Slack is not set up on this server.</p>
      ) : settings.data.workspace ? (
        <div className="org-form">
          <p>
            Connected to <strong>{settings.data.workspace.team_name}</strong> since{' '}
            {new Date(settings.data.workspace.connected_at).toLocaleDateString()}.
            {settings.data.workspace.linked_members !== null &&
              ` ${settings.data.workspace.linked_members} ${settings.data.workspace.linked_members === 1 ? 'member has' : 'members have'} linked their account.`}
          </p>
          {settings.data.can_manage && (
            <Button variant="danger" busy={disconnect.isPending} onClick={() => disconnect.mutate()}>
              Disconnect Slack
            </Button>
          )}
        </div>
      ) : settings.data.can_manage ? (
        <Button busy={install.isPending} onClick={() => install.mutate()}>
          Connect Slack
        </Button>
      ) : (
        <p>Your organization has not connected Slack.</p>
      )}
    </section>
  );
}
