import { ErrorMessages, SLACK_FAILURE_TEXT, type SlackFailure, SlackOutcome } from '@coderoom/domain';

/** The message Slack's redirect back left in the address, if any. */
export function slackOutcomeMessage(params: URLSearchParams, success: string) {
  const failure = params.get('slack_error') as SlackFailure | null;
  if (failure)
    return { tone: 'error' as const, text: SLACK_FAILURE_TEXT[failure] ?? ErrorMessages.DefaultFailure };
  const outcome = params.get('slack');
  if (outcome === SlackOutcome.Connected || outcome === SlackOutcome.Linked) {
    return { tone: 'success' as const, text: success };
  }
  return null;
}
