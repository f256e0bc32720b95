import { and, count, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/database.js';
import { organizationMembers } from './organizations.repository.js';

// SQL of the Slack integration (0104_slack.sql, the source of truth).

export const slackWorkspaces = pgTable('organization_slack_workspaces', {
  organizationId: bigint('organization_id', { mode: 'number' }).primaryKey(),
  teamId: text('team_id').notNull(),
  teamName: text('team_name').notNull(),
  botUserId: text('bot_user_id'),
  botToken: text('bot_token').notNull(),
  installedBy: bigint('installed_by', { mode: 'number' }),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull(),
});
export type SlackWorkspaceRow = typeof slackWorkspaces.$inferSelect;

export const slackLinks = pgTable('organization_slack_links', {
  memberId: bigint('member_id', { mode: 'number' }).primaryKey(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  slackUserId: text('slack_user_id').notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
});

export type SlackGrantPurpose = 'workspace' | 'member';

export const slackGrants = pgTable('organization_slack_grants', {
  id: text('id').primaryKey(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  purpose: text('purpose').$type<SlackGrantPurpose>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
export type SlackGrantRow = typeof slackGrants.$inferSelect;

export async function insertGrant(db: DbExecutor, values: typeof slackGrants.$inferInsert) {
  await db.insert(slackGrants).values(values);
}

/** Marks an unexpired, unused grant used; answers it, or nothing when it was used, expired or unknown. */
export async function consumeGrant(
  db: DbExecutor,
  id: string,
  now: Date,
): Promise<SlackGrantRow | undefined> {
  const [row] = await db
    .update(slackGrants)
    .set({ usedAt: now })
    .where(and(eq(slackGrants.id, id), isNull(slackGrants.usedAt), gt(slackGrants.expiresAt, now)))
    .returning();
  return row;
}

export async function deleteGrantsExpiredBefore(db: DbExecutor, before: Date) {
  await db.delete(slackGrants).where(lt(slackGrants.expiresAt, before));
}

export async function findWorkspace(db: DbExecutor, organizationId: number) {
  const [row] = await db
    .select()
    .from(slackWorkspaces)
    .where(eq(slackWorkspaces.organizationId, organizationId));
  return row;
}

/** Connecting again (another workspace or a new token) replaces the old one. */
export async function upsertWorkspace(db: DbExecutor, values: SlackWorkspaceRow) {
  const { organizationId: _key, ...rest } = values;
  await db.insert(slackWorkspaces).values(values).onConflictDoUpdate({
    target: slackWorkspaces.organizationId,
    set: rest,
  });
}

export async function deleteWorkspace(db: DbExecutor, organizationId: number) {
  await db.delete(slackWorkspaces).where(eq(slackWorkspaces.organizationId, organizationId));
}

export async function countLinks(db: DbExecutor, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(slackLinks)
    .where(eq(slackLinks.organizationId, organizationId));
  return row?.value ?? 0;
}

export async function upsertLink(db: DbExecutor, values: typeof slackLinks.$inferSelect) {
  await db
    .insert(slackLinks)
    .values(values)
    .onConflictDoUpdate({
      target: slackLinks.memberId,
      set: { slackUserId: values.slackUserId, linkedAt: values.linkedAt },
    });
  await db
    .update(organizationMembers)
    .set({ isSlackAuthorized: true })
    .where(eq(organizationMembers.id, values.memberId));
}

export async function deleteLink(db: DbExecutor, memberId: number) {
  await db.delete(slackLinks).where(eq(slackLinks.memberId, memberId));
  await db
    .update(organizationMembers)
    .set({ isSlackAuthorized: false })
    .where(and(eq(organizationMembers.id, memberId), eq(organizationMembers.isSlackAuthorized, true)));
}

/** Disconnecting the workspace ends every member's link with it. */
export async function deleteLinksOf(db: DbExecutor, organizationId: number) {
  await db.delete(slackLinks).where(eq(slackLinks.organizationId, organizationId));
  await db
    .update(organizationMembers)
    .set({ isSlackAuthorized: false })
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.isSlackAuthorized, true),
      ),
    );
}

/** Where a direct message to a user in an organization goes: the workspace's bot and their Slack user. */
export async function findRecipient(db: DbExecutor, organizationId: number, userId: number) {
  const [row] = await db
    .select({ botToken: slackWorkspaces.botToken, slackUserId: slackLinks.slackUserId })
    .from(organizationMembers)
    .innerJoin(slackLinks, eq(slackLinks.memberId, organizationMembers.id))
    .innerJoin(slackWorkspaces, eq(slackWorkspaces.organizationId, organizationMembers.organizationId))
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    );
  return row;
}

/** The members among these users who linked Slack in the organization (those a direct message can reach). */
export async function linkedUserIds(db: DbExecutor, organizationId: number, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .innerJoin(slackLinks, eq(slackLinks.memberId, organizationMembers.id))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        inArray(organizationMembers.userId, userIds),
      ),
    );
  return new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])));
}

export async function hasLink(db: DbExecutor, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ memberId: slackLinks.memberId })
    .from(slackLinks)
    .where(eq(slackLinks.memberId, memberId));
  return row !== undefined;
}
