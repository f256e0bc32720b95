import { NotificationType } from './organizations.js';

// Slack and Confluence for organizations (issue 16 "Integrations"; spec 001 §3 is_slack_authorized and
// is_confluence_integration_enabled, §7 Confluence import/fetch/poll and PUT /api/slack/remove/user).
// Paths, payloads and messages are ours where the spec says "not shown" (docs/organizations.md).

/** The events a member who linked Slack also receives as a direct message from the organization's app. */
export const SLACK_NOTIFICATION_TYPES: readonly NotificationType[] = [
  NotificationType.PlanAssigned,
  NotificationType.ContentAssigned,
  NotificationType.DueDateChanged,
];

/** The bot scopes the organization's Slack app asks for: a direct message to a member needs only these. */
export const SLACK_BOT_SCOPES = ['chat:write', 'im:write'] as const;
/** A member's own link asks Slack who they are and nothing more (no user token is kept). */
export const SLACK_USER_SCOPES = ['identity.basic'] as const;
/** How long a Slack authorisation in flight stays usable. */
export const SLACK_GRANT_TTL_MS = 10 * 60_000;

/** What `?slack=` on the page the callback returns to says (ours). */
export const SlackOutcome = {
  Connected: 'connected',
  Linked: 'linked',
} as const;
export type SlackOutcome = (typeof SlackOutcome)[keyof typeof SlackOutcome];

/** What `?slack_error=` says; the page shows `SLACK_FAILURE_TEXT`. */
export const SlackFailure = {
  State: 'state',
  Denied: 'denied',
  Workspace: 'workspace',
  Failed: 'failed',
} as const;
export type SlackFailure = (typeof SlackFailure)[keyof typeof SlackFailure];

export const SLACK_FAILURE_TEXT: Record<SlackFailure, string> = {
  state: 'That Slack authorisation expired or was already used. Please try again.',
  denied: 'Slack was not authorised.',
  workspace: "Link the Slack account you have in your organization's workspace.",
  failed: 'Slack could not complete the authorisation. Please try again.',
};

export const SlackErrors = {
  NotConfigured: 'Slack is not set up on this server.',
  NotConnected: 'This organization has not connected a Slack workspace.',
  NotLinked: 'Your Slack account is not linked to this organization.',
} as const;

/** Confluence import limits (ours): one import reads at most this many pages of one space. */
export const CONFLUENCE_MAX_PAGES = 200;
/** The space list the fetch call answers stops here. */
export const CONFLUENCE_MAX_SPACES = 500;
/** Each request to Confluence gives up after this long. */
export const CONFLUENCE_TIMEOUT_MS = 15_000;

export const ConfluenceImportState = {
  Running: 'running',
  Done: 'done',
  Failed: 'failed',
} as const;
export type ConfluenceImportState = (typeof ConfluenceImportState)[keyof typeof ConfluenceImportState];

export const ConfluenceErrors = {
  NotConnected: 'Connect Confluence first.',
  BaseUrl: 'Enter the https address of your Confluence site, e.g. https://your-team.atlassian.net.',
  Unauthorized: 'Confluence refused these credentials. Check the e-mail address and API token.',
  Unreachable: 'Confluence could not be reached. Check the address and try again.',
  SpaceNotFound: 'This Confluence space does not exist or is not visible with these credentials.',
  EmptySpace: 'This Confluence space has no pages to import.',
  ImportRunning: 'A Confluence import is still running for this organization. Please try again shortly.',
  ImportNotFound: 'This Confluence import does not exist.',
} as const;
