import type { RemoveSlackUserResponse, SlackAuthorizeResponse } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { PageLoading } from '../../../ui/PageLoading';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { USER_INFO_KEY } from '../../session/hooks/userInfoQuery';
import { slackKey, useSlackSettings } from '../api/integrationQueries';
import { messageOf } from '../utils/messageOf';
import { slackOutcomeMessage } from '../utils/slackOutcomeMessage';

// A member's own Slack link, on the settings page: link (Slack's OAuth page, then back with ?slack=linked)
// or unlink (PUT /api/slack/remove/user).

export function SlackLink({ organizationId }: { organizationId: number }) {
  const settings = useSlackSettings(organizationId);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: slackKey(organizationId) });
  const link = useMutation({
    mutationFn: () =>
      apiRequest(
        'POST',
        `/api/organization/${organizationId}/slack/link`,
        responseOf<SlackAuthorizeResponse>(),
        {},
      ),
    onSuccess: (answer) => window.location.assign(answer.authorize_url),
    onError: (failure) => setError(messageOf(failure)),
  });
  const unlink = useMutation({
    mutationFn: () =>
      apiRequest('PUT', '/api/slack/remove/user', responseOf<RemoveSlackUserResponse>(), {
        organization_id: organizationId,
      }),
    onSuccess: () => {
      setError(null);
      void refresh();
      // user-info's enterprise block carries is_slack_authorized too.
      void queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
    },
    onError: (failure) => setError(messageOf(failure)),
  });
  const outcome = slackOutcomeMessage(params, 'Your Slack account is linked.');
  if (settings.isPending) return <PageLoading label="Loading Slack" />;
  if (settings.isError) return <FormMessage tone="error">{messageOf(settings.error)}</FormMessage>;
  const { workspace, is_slack_authorized } = settings.data;
  return (
    <div className="org-form">
      {outcome && !unlink.isSuccess && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {!workspace ? (
        <p className="muted">Your organization has not connected a Slack workspace.</p>
      ) : is_slack_authorized ? (
        <>
          <p>
            Linked to your account in <strong>{workspace.team_name}</strong>. Assignments, plans and due-date
            changes come to you in Slack as direct messages.
          </p>
          <Button variant="secondary" busy={unlink.isPending} onClick={() => unlink.mutate()}>
            Unlink Slack
          </Button>
        </>
      ) : (
        <>
          <p>
            Get your assignments, plans and due-date changes as direct messages in{' '}
            <strong>{workspace.team_name}</strong>.
          </p>
          <Button busy={link.isPending} onClick={() => link.mutate()}>
            Link Slack account
          </Button>
        </>
      )}
    </div>
  );
}
