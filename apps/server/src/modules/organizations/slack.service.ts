import type {
  RemoveSlackUserResponse,
  SlackAuthorizeResponse,
  SlackCallbackQuery,
  SlackSettingsResponse,
} from '@coderoom/contracts';
import {
  ErrorStatus,
  OrganizationErrors,
  PRODUCT_NAME,
  SLACK_BOT_SCOPES,
  SLACK_GRANT_TTL_MS,
  SLACK_NOTIFICATION_TYPES,
  SLACK_USER_SCOPES,
  SlackErrors,
  SlackFailure,
  SlackOutcome,
} from '@coderoom/domain';
import { ErrorCode, type WebAPIPlatformError, WebClient } from '@slack/web-api';
import { hashToken, newToken } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { NotificationEvent } from '../notifications/notifications.service.js';
import type { Membership, OrganizationAccess } from './organizationAccess.service.js';
import { canManageUsers } from './organizations.policy.js';
import type { SlackConfig } from './slack.config.js';
import * as repo from './slack.repository.js';

// Slack for organizations (docs/organizations.md, "Slack"), through Slack's official SDK (@slack/web-api):
// an admin installs the server's Slack app in the organization's workspace (OAuth v2; the bot token stays
// in our database), members link their own Slack user (OAuth v2 with identity.basic; no user token is
// kept), and assignment and due-date notifications reach linked members as direct messages sent by the
// worker. Every OAuth round trip is a grant row used once, by the person who started it.

/** Job kind: one direct message to one member, from their organization's Slack app. */
export const SLACK_MESSAGE_JOB = 'organizations.slack_message';

const CALLBACK_PATH = '/api/slack/oauth/callback';
const WORKSPACE_PAGE = '/enterprise-dashboard/single-sign-on';
const MEMBER_PAGE = '/settings';

/** Slack answers that no retry will fix: the message is dropped (the in-app and mail copies remain). */
const PERMANENT_SLACK_ERRORS = new Set([
  'account_inactive',
  'invalid_auth',
  'not_authed',
  'token_revoked',
  'channel_not_found',
  'user_not_found',
  'user_disabled',
  'cannot_dm_bot',
]);

export interface SlackDeps {
  db: Db;
  clock: Clock;
  access: OrganizationAccess;
  jobs: JobQueue;
  /** Null: this server has no Slack app; the settings say so and connecting is refused. */
  config: SlackConfig | null;
  publicUrl: string;
  log: { warn(details: object, message: string): void };
}

/** Where the browser goes after Slack's redirect back. */
export interface SlackCallbackOutcome {
  location: string;
}

interface SlackMessage {
  organizationId: number;
  userId: number;
  title: string;
  body: string;
  link: string | null;
}

/** Slack's mrkdwn treats these three as markup; everything else is shown as typed. */
function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function platformErrorOf(error: unknown): string | null {
  if ((error as WebAPIPlatformError)?.code === ErrorCode.PlatformError) {
    return (error as WebAPIPlatformError).data.error;
  }
  return null;
}

export function createSlackService(deps: SlackDeps) {
  const { db, clock, access, jobs, config, publicUrl, log } = deps;
  const redirectUri = `${publicUrl}${CALLBACK_PATH}`;

  /** A client on the configured API base; the job queue retries, so the SDK does not. */
  const clientFor = (token?: string) =>
    new WebClient(token, {
      slackApiUrl: config?.apiUrl,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      timeout: 15_000,
    });

  async function membershipIn(userId: number, organizationId: number): Promise<Membership> {
    const membership = (await access.membershipsOf(userId)).find(
      (entry) => entry.organization.id === organizationId,
    );
    if (!membership) throw notFound(OrganizationErrors.NotAMember);
    return membership;
  }

  const isManager = (membership: Membership) =>
    canManageUsers({ member: membership.member, managedMemberIds: new Set() });

  function requireConfig(): SlackConfig {
    if (!config) throw new AppError(ErrorStatus.ExternalServiceFailed, SlackErrors.NotConfigured);
    return config;
  }

  async function startGrant(
    userId: number,
    organizationId: number,
    purpose: repo.SlackGrantPurpose,
    extra: Record<string, string>,
  ): Promise<SlackAuthorizeResponse> {
    const slack = requireConfig();
    const state = newToken();
    const now = clock.now();
    await repo.deleteGrantsExpiredBefore(db, now);
    await repo.insertGrant(db, {
      id: hashToken(state),
      organizationId,
      userId,
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SLACK_GRANT_TTL_MS),
    });
    const url = new URL(slack.authorizeUrl);
    url.searchParams.set('client_id', slack.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
    return { authorize_url: url.toString() };
  }

  const pageFor = (purpose: repo.SlackGrantPurpose | null) =>
    purpose === 'workspace' ? WORKSPACE_PAGE : MEMBER_PAGE;
  const failed = (purpose: repo.SlackGrantPurpose | null, failure: SlackFailure): SlackCallbackOutcome => ({
    location: `${pageFor(purpose)}?slack_error=${failure}`,
  });

  async function sendMessage(payload: unknown): Promise<void> {
    const message = payload as SlackMessage;
    if (!config) return;
    const recipient = await repo.findRecipient(db, message.organizationId, message.userId);
    // Unlinked or disconnected since the job was queued: nothing to send.
    if (!recipient) return;
    const link = `${publicUrl}${message.link ?? '/notifications'}`;
    const text = [
      `*${escapeMrkdwn(message.title)}*`,
      ...(message.body ? [escapeMrkdwn(message.body)] : []),
      `<${link}|Open in ${escapeMrkdwn(PRODUCT_NAME)}>`,
    ].join('\n');
    try {
      await clientFor(recipient.botToken).chat.postMessage({
        channel: recipient.slackUserId,
        text,
        unfurl_links: false,
      });
    } catch (error) {
      const code = platformErrorOf(error);
      if (code && PERMANENT_SLACK_ERRORS.has(code)) {
        log.warn({ organizationId: message.organizationId, slackError: code }, 'slack message dropped');
        return;
      }
      throw error;
    }
  }
  jobs.handle(SLACK_MESSAGE_JOB, sendMessage);

  return {
    async settings(userId: number, organizationId: number): Promise<SlackSettingsResponse> {
      const membership = await membershipIn(userId, organizationId);
      const canManage = isManager(membership);
      const workspace = await repo.findWorkspace(db, organizationId);
      const isLinked = await repo.hasLink(db, membership.member.id);
      return {
        organization_id: organizationId,
        is_available: config !== null,
        can_manage: canManage,
        workspace: workspace
          ? {
              team_id: workspace.teamId,
              team_name: workspace.teamName,
              connected_at: workspace.installedAt.toISOString(),
              linked_members: canManage ? await repo.countLinks(db, organizationId) : null,
            }
          : null,
        is_slack_authorized: workspace !== undefined && isLinked,
      };
    },

    /** An admin starts installing the server's Slack app in the organization's workspace. */
    async startInstall(userId: number, organizationId: number): Promise<SlackAuthorizeResponse> {
      const membership = await membershipIn(userId, organizationId);
      if (!isManager(membership)) throw forbidden(OrganizationErrors.NotAllowed);
      return startGrant(userId, organizationId, 'workspace', { scope: SLACK_BOT_SCOPES.join(',') });
    },

    /** A member starts linking their own Slack user in the organization's connected workspace. */
    async startLink(userId: number, organizationId: number): Promise<SlackAuthorizeResponse> {
      await membershipIn(userId, organizationId);
      const workspace = await repo.findWorkspace(db, organizationId);
      if (!workspace) throw notFound(SlackErrors.NotConnected);
      return startGrant(userId, organizationId, 'member', {
        user_scope: SLACK_USER_SCOPES.join(','),
        team: workspace.teamId,
      });
    },

    /**
     * Slack's redirect back: the grant must be unused, unexpired and the caller's own; the code is then
     * exchanged with oauth.v2.access. Answers where the browser goes, with `slack` or `slack_error`.
     */
    async callback(userId: number, query: SlackCallbackQuery): Promise<SlackCallbackOutcome> {
      const now = clock.now();
      const grant = await repo.consumeGrant(db, hashToken(query.state), now);
      if (!grant || grant.userId !== userId) return failed(grant?.purpose ?? null, SlackFailure.State);
      if (query.error || !query.code) return failed(grant.purpose, SlackFailure.Denied);
      const slack = requireConfig();
      const membership = (await access.membershipsOf(userId)).find(
        (entry) => entry.organization.id === grant.organizationId,
      );
      if (!membership || (grant.purpose === 'workspace' && !isManager(membership))) {
        return failed(grant.purpose, SlackFailure.State);
      }
      let answer: Awaited<ReturnType<WebClient['oauth']['v2']['access']>>;
      try {
        answer = await clientFor().oauth.v2.access({
          client_id: slack.clientId,
          client_secret: slack.clientSecret,
          code: query.code,
          redirect_uri: redirectUri,
        });
      } catch (error) {
        log.warn({ slackError: platformErrorOf(error) ?? String(error) }, 'slack oauth exchange failed');
        return failed(grant.purpose, SlackFailure.Failed);
      }
      const teamId = answer.team?.id;
      if (grant.purpose === 'workspace') {
        if (!teamId || !answer.access_token) return failed(grant.purpose, SlackFailure.Failed);
        const botToken = answer.access_token;
        await db.transaction(async (tx) => {
          const previous = await repo.findWorkspace(tx, grant.organizationId);
          // Another workspace: the members' links were to users of the old one.
          if (previous && previous.teamId !== teamId) await repo.deleteLinksOf(tx, grant.organizationId);
          await repo.upsertWorkspace(tx, {
            organizationId: grant.organizationId,
            teamId,
            teamName: answer.team?.name ?? teamId,
            botUserId: answer.bot_user_id ?? null,
            botToken,
            installedBy: userId,
            installedAt: now,
          });
        });
        return { location: `${WORKSPACE_PAGE}?slack=${SlackOutcome.Connected}` };
      }
      const workspace = await repo.findWorkspace(db, grant.organizationId);
      const slackUserId = answer.authed_user?.id;
      if (!workspace || !slackUserId) return failed(grant.purpose, SlackFailure.Failed);
      if (teamId !== workspace.teamId) return failed(grant.purpose, SlackFailure.Workspace);
      await repo.upsertLink(db, {
        memberId: membership.member.id,
        organizationId: grant.organizationId,
        slackUserId,
        linkedAt: now,
      });
      return { location: `${MEMBER_PAGE}?slack=${SlackOutcome.Linked}` };
    },

    /** An admin disconnects the workspace: the token is revoked at Slack and every member's link ends. */
    async disconnect(userId: number, organizationId: number): Promise<SlackSettingsResponse> {
      const membership = await membershipIn(userId, organizationId);
      if (!isManager(membership)) throw forbidden(OrganizationErrors.NotAllowed);
      const workspace = await repo.findWorkspace(db, organizationId);
      if (!workspace) throw notFound(SlackErrors.NotConnected);
      await db.transaction(async (tx) => {
        await repo.deleteLinksOf(tx, organizationId);
        await repo.deleteWorkspace(tx, organizationId);
      });
      // After our side is gone; a failure at Slack leaves a token nobody here holds any more.
      await clientFor(workspace.botToken)
        .auth.revoke()
        .catch((error: unknown) =>
          log.warn({ slackError: platformErrorOf(error) ?? String(error) }, 'slack token revoke failed'),
        );
      return this.settings(userId, organizationId);
    },

    /** PUT /api/slack/remove/user: the caller unlinks their Slack user (active organization by default). */
    async removeUser(userId: number, organizationId: number | undefined): Promise<RemoveSlackUserResponse> {
      const membership =
        organizationId === undefined
          ? await access.activeMembership(userId)
          : await membershipIn(userId, organizationId);
      if (!membership) throw notFound(OrganizationErrors.NotAMember);
      await repo.deleteLink(db, membership.member.id);
      return { organization_id: membership.organization.id, is_slack_authorized: false };
    },

    /**
     * Called with every batch of notifications, in their transaction: the assignment and due-date ones
     * for members who linked Slack become direct-message jobs.
     */
    async forward(executor: DbExecutor, events: readonly NotificationEvent[]): Promise<void> {
      if (!config) return;
      const byOrganization = new Map<number, NotificationEvent[]>();
      for (const event of events) {
        if (event.organizationId == null || !SLACK_NOTIFICATION_TYPES.includes(event.type)) continue;
        byOrganization.set(event.organizationId, [
          ...(byOrganization.get(event.organizationId) ?? []),
          event,
        ]);
      }
      for (const [organizationId, batch] of byOrganization) {
        const linked = await repo.linkedUserIds(
          executor,
          organizationId,
          batch.map((event) => event.userId),
        );
        for (const event of batch) {
          if (!linked.has(event.userId)) continue;
          const message: SlackMessage = {
            organizationId,
            userId: event.userId,
            title: event.title,
            body: event.body ?? '',
            link: event.link ?? null,
          };
          await jobs.enqueue(executor, SLACK_MESSAGE_JOB, message);
        }
      }
    },
  };
}

export type SlackService = ReturnType<typeof createSlackService>;
