import type { CourseRef } from '@coderoom/domain';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { collections, users } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL of organizations, their subscriptions, members, teams, assignments and operations
// (0040_organizations.sql, the source of truth).

export const organizations = pgTable('organizations', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  loginMethod: text('login_method').notNull().default('password'),
  noCoursesAccess: boolean('no_courses_access').notNull().default(false),
  flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type OrganizationRow = typeof organizations.$inferSelect;

export const organizationSubscriptions = pgTable('organization_subscriptions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  planCode: text('plan_code').notNull(),
  subscriptionType: integer('subscription_type').notNull(),
  subscriptionSubType: integer('subscription_sub_type').notNull().default(7001),
  status: integer('status').notNull().default(7001),
  seats: integer('seats').notNull(),
  canAddSeats: boolean('can_add_seats').notNull().default(true),
  includeAllCourses: boolean('include_all_courses').notNull().default(false),
  includedCoursesList: jsonb('included_courses_list').$type<CourseRef[]>().notNull().default([]),
  excludedCoursesList: jsonb('excluded_courses_list').$type<CourseRef[]>().notNull().default([]),
  includedCategoriesList: jsonb('included_categories_list').$type<string[]>().notNull().default([]),
  excludedCategoriesList: jsonb('excluded_categories_list').$type<string[]>().notNull().default([]),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type OrganizationSubscriptionRow = typeof organizationSubscriptions.$inferSelect;

export const organizationMembers = pgTable('organization_members', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  email: text('email').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  role: integer('role').notNull(),
  adminLevel: integer('admin_level'),
  isMentor: boolean('is_mentor').notNull().default(false),
  mentorMemberId: bigint('mentor_member_id', { mode: 'number' }),
  isSlackAuthorized: boolean('is_slack_authorized').notNull().default(false),
  invitedBy: bigint('invited_by', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type MemberRow = typeof organizationMembers.$inferSelect;

export const organizationTeams = pgTable('organization_teams', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type TeamRow = typeof organizationTeams.$inferSelect;

export const organizationTeamMembers = pgTable(
  'organization_team_members',
  {
    teamId: bigint('team_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    role: integer('role').notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.memberId] })],
);
export type TeamMemberRow = typeof organizationTeamMembers.$inferSelect;

export const organizationAssignments = pgTable('organization_assignments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  teamId: bigint('team_id', { mode: 'number' }),
  dueDate: timestamp('due_date', { withTimezone: true }),
  assignedBy: bigint('assigned_by', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type AssignmentRow = typeof organizationAssignments.$inferSelect;

export const organizationOperations = pgTable('organization_operations', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  kind: text('kind').$type<'add_users' | 'create_team'>().notNull(),
  state: text('state').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  result: jsonb('result').$type<Record<string, unknown>>(),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
export type OperationRow = typeof organizationOperations.$inferSelect;

export const organizationChoices = pgTable('organization_choices', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
});

// Organizations and subscriptions.

export async function insertOrganization(
  db: DbExecutor,
  values: { name: string; noCoursesAccess?: boolean; flags?: Record<string, boolean> },
): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  if (!row) throw new Error('insertOrganization: no row');
  return row;
}

export async function findOrganizationByName(db: DbExecutor, name: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.name, name)).limit(1);
  return row;
}

export async function findOrganization(db: DbExecutor, id: number) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

export async function insertSubscription(
  db: DbExecutor,
  values: typeof organizationSubscriptions.$inferInsert,
): Promise<OrganizationSubscriptionRow> {
  const [row] = await db.insert(organizationSubscriptions).values(values).returning();
  if (!row) throw new Error('insertSubscription: no row');
  return row;
}

/** The organizations' newest subscriptions, one per organization. */
export async function findSubscriptions(
  db: DbExecutor,
  organizationIds: readonly number[],
): Promise<OrganizationSubscriptionRow[]> {
  if (organizationIds.length === 0) return [];
  const rows = await db
    .select()
    .from(organizationSubscriptions)
    .where(inArray(organizationSubscriptions.organizationId, [...organizationIds]))
    .orderBy(asc(organizationSubscriptions.id));
  const newest = new Map<number, OrganizationSubscriptionRow>();
  for (const row of rows) newest.set(row.organizationId, row);
  return [...newest.values()];
}

// Members.

/**
 * In one statement, for the visibility check on every read: the user's memberships (by account, or by
 * address before the account existed) with each organization, its newest subscription and the user's
 * stored choice of active organization.
 */
export async function findMembershipScopes(db: DbExecutor, userId: number) {
  return db
    .select({
      member: organizationMembers,
      organization: organizations,
      subscription: organizationSubscriptions,
      choice: organizationChoices.organizationId,
    })
    .from(users)
    .innerJoin(
      organizationMembers,
      or(
        eq(organizationMembers.userId, users.id),
        and(isNull(organizationMembers.userId), eq(organizationMembers.email, sql`lower(${users.email})`)),
      ),
    )
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .leftJoin(
      organizationSubscriptions,
      eq(
        organizationSubscriptions.id,
        sql`(SELECT max(s.id) FROM organization_subscriptions s WHERE s.organization_id = ${organizations.id})`,
      ),
    )
    .leftJoin(organizationChoices, eq(organizationChoices.userId, users.id))
    .where(eq(users.id, userId))
    .orderBy(asc(organizationMembers.id));
}

/** Rows added by address now belong to the account with that address. */
export async function claimMembershipsByEmail(db: DbExecutor, userId: number, email: string) {
  await db
    .update(organizationMembers)
    .set({ userId })
    .where(and(isNull(organizationMembers.userId), eq(organizationMembers.email, email.toLowerCase())));
}

export async function findMember(db: DbExecutor, organizationId: number, memberId: number) {
  const [row] = await db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId)))
    .limit(1);
  return row;
}

export async function listMembers(db: DbExecutor, organizationId: number) {
  return db
    .select({ member: organizationMembers, fullName: users.fullName })
    .from(organizationMembers)
    .leftJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(organizationMembers.id));
}

export async function countMembers(db: DbExecutor, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  return row?.count ?? 0;
}

export async function findMemberEmails(db: DbExecutor, organizationId: number, emails: string[]) {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: organizationMembers.email })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.email, emails)),
    );
  return rows.map((row) => row.email);
}

export async function insertMembers(db: DbExecutor, rows: Array<typeof organizationMembers.$inferInsert>) {
  if (rows.length === 0) return [];
  return db.insert(organizationMembers).values(rows).onConflictDoNothing().returning();
}

export async function updateMember(
  db: DbExecutor,
  memberId: number,
  patch: Partial<Pick<MemberRow, 'role' | 'adminLevel' | 'isMentor' | 'mentorMemberId'>>,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(organizationMembers)
    .set(patch)
    .where(eq(organizationMembers.id, memberId))
    .returning();
  return row;
}

export async function deleteMembers(db: DbExecutor, organizationId: number, memberIds: number[]) {
  if (memberIds.length === 0) return [];
  return db
    .delete(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.id, memberIds)),
    )
    .returning();
}

export async function countAdmins(db: DbExecutor, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 7003)));
  return row?.count ?? 0;
}

// The active organization.

export async function findChoice(db: DbExecutor, userId: number): Promise<number | null> {
  const [row] = await db
    .select()
    .from(organizationChoices)
    .where(eq(organizationChoices.userId, userId))
    .limit(1);
  return row?.organizationId ?? null;
}

export async function saveChoice(db: DbExecutor, userId: number, organizationId: number) {
  await db
    .insert(organizationChoices)
    .values({ userId, organizationId })
    .onConflictDoUpdate({ target: organizationChoices.userId, set: { organizationId } });
}

// Teams.

export async function listTeams(db: DbExecutor, organizationId: number) {
  return db
    .select()
    .from(organizationTeams)
    .where(eq(organizationTeams.organizationId, organizationId))
    .orderBy(asc(organizationTeams.name));
}

export async function findTeam(db: DbExecutor, organizationId: number, teamId: number) {
  const [row] = await db
    .select()
    .from(organizationTeams)
    .where(and(eq(organizationTeams.organizationId, organizationId), eq(organizationTeams.id, teamId)))
    .limit(1);
  return row;
}

export async function findTeamByName(db: DbExecutor, organizationId: number, name: string) {
  const [row] = await db
    .select()
    .from(organizationTeams)
    .where(
      and(
        eq(organizationTeams.organizationId, organizationId),
        sql`lower(${organizationTeams.name}) = ${name.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertTeam(db: DbExecutor, values: typeof organizationTeams.$inferInsert) {
  const [row] = await db.insert(organizationTeams).values(values).onConflictDoNothing().returning();
  return row;
}

export async function renameTeam(db: DbExecutor, teamId: number, name: string) {
  const [row] = await db
    .update(organizationTeams)
    .set({ name })
    .where(eq(organizationTeams.id, teamId))
    .returning();
  return row;
}

export async function deleteTeam(db: DbExecutor, teamId: number) {
  await db.delete(organizationTeams).where(eq(organizationTeams.id, teamId));
}

export async function teamMembersOf(db: DbExecutor, teamIds: readonly number[]) {
  if (teamIds.length === 0) return [];
  return db
    .select()
    .from(organizationTeamMembers)
    .where(inArray(organizationTeamMembers.teamId, [...teamIds]));
}

/** Team rows of these members (their teams and roles in them). */
export async function teamsOfMembers(db: DbExecutor, memberIds: readonly number[]) {
  if (memberIds.length === 0) return [];
  return db
    .select()
    .from(organizationTeamMembers)
    .where(inArray(organizationTeamMembers.memberId, [...memberIds]));
}

export async function upsertTeamMembers(db: DbExecutor, rows: TeamMemberRow[]) {
  if (rows.length === 0) return [];
  return db
    .insert(organizationTeamMembers)
    .values(rows)
    .onConflictDoUpdate({
      target: [organizationTeamMembers.teamId, organizationTeamMembers.memberId],
      set: { role: sql`excluded.role` },
    })
    .returning();
}

export async function removeTeamMembers(db: DbExecutor, teamId: number, memberIds: number[]) {
  if (memberIds.length === 0) return;
  await db
    .delete(organizationTeamMembers)
    .where(
      and(eq(organizationTeamMembers.teamId, teamId), inArray(organizationTeamMembers.memberId, memberIds)),
    );
}

// Assignments.

/** Inserts or, for one already given, moves its due date; answers the rows written. */
export async function upsertAssignments(
  db: DbExecutor,
  rows: Array<typeof organizationAssignments.$inferInsert>,
): Promise<AssignmentRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(organizationAssignments)
    .values(rows)
    .onConflictDoUpdate({
      target: [organizationAssignments.memberId, organizationAssignments.collectionId],
      set: {
        dueDate: sql`excluded.due_date`,
        teamId: sql`coalesce(excluded.team_id, ${organizationAssignments.teamId})`,
      },
    })
    .returning();
}

export async function assignmentsOf(db: DbExecutor, organizationId: number, memberIds?: readonly number[]) {
  const conditions = [eq(organizationAssignments.organizationId, organizationId)];
  if (memberIds) {
    if (memberIds.length === 0) return [];
    conditions.push(inArray(organizationAssignments.memberId, [...memberIds]));
  }
  return db
    .select()
    .from(organizationAssignments)
    .where(and(...conditions))
    .orderBy(asc(organizationAssignments.dueDate), asc(organizationAssignments.id));
}

export async function findAssignment(db: DbExecutor, organizationId: number, assignmentId: number) {
  const [row] = await db
    .select()
    .from(organizationAssignments)
    .where(
      and(
        eq(organizationAssignments.organizationId, organizationId),
        eq(organizationAssignments.id, assignmentId),
      ),
    )
    .limit(1);
  return row;
}

export async function setDueDate(db: DbExecutor, assignmentId: number, dueDate: Date | null) {
  const [row] = await db
    .update(organizationAssignments)
    .set({ dueDate })
    .where(eq(organizationAssignments.id, assignmentId))
    .returning();
  return row;
}

/** Distinct works of these types assigned in the organization (the freemium counts of 001 §6). */
export async function assignedWorkIds(
  db: DbExecutor,
  organizationId: number,
  workTypes: readonly string[],
): Promise<Set<number>> {
  const rows = await db
    .select({ collectionId: organizationAssignments.collectionId })
    .from(organizationAssignments)
    .innerJoin(collections, eq(collections.id, organizationAssignments.collectionId))
    .where(
      and(
        eq(organizationAssignments.organizationId, organizationId),
        inArray(collections.workType, [...workTypes]),
      ),
    )
    .groupBy(organizationAssignments.collectionId);
  return new Set(rows.map((row) => row.collectionId));
}

// Operations: the lock of spec 001 §4 is the one running row an organization may have.

/** Starts an operation, or answers undefined when another one of the organization still runs. */
export async function startOperation(
  db: DbExecutor,
  values: Pick<OperationRow, 'organizationId' | 'kind' | 'payload' | 'createdBy' | 'createdAt'>,
): Promise<OperationRow | undefined> {
  const [row] = await db.insert(organizationOperations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findOperation(db: DbExecutor, organizationId: number, operationId: number) {
  const [row] = await db
    .select()
    .from(organizationOperations)
    .where(
      and(
        eq(organizationOperations.organizationId, organizationId),
        eq(organizationOperations.id, operationId),
      ),
    )
    .limit(1);
  return row;
}

export async function finishOperation(
  db: DbExecutor,
  operationId: number,
  outcome: { state: 'done' | 'failed'; result: Record<string, unknown>; at: Date },
) {
  await db
    .update(organizationOperations)
    .set({ state: outcome.state, result: outcome.result, finishedAt: outcome.at })
    .where(and(eq(organizationOperations.id, operationId), eq(organizationOperations.state, 'running')));
}

export async function findUsersByEmails(db: DbExecutor, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
}

/** A collection as the visibility rules see it (categories: its language topic and tags). */
export async function findCollectionForScope(db: DbExecutor, collectionId: number) {
  const [row] = await db
    .select({
      authorId: collections.authorId,
      id: collections.id,
      isPrivate: collections.isPrivate,
      workType: collections.workType,
      languageTopic: collections.languageTopic,
      tags: collections.tags,
    })
    .from(collections)
    .where(eq(collections.id, collectionId))
    .limit(1);
  return (
    row && {
      author_id: row.authorId,
      collection_id: row.id,
      is_private: row.isPrivate,
      work_type: row.workType,
      categories: [...(row.languageTopic ? [row.languageTopic] : []), ...row.tags],
    }
  );
}
