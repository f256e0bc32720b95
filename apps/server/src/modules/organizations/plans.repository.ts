import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/database.js';
import { organizationMembers } from './organizations.repository.js';

// SQL of plans, their modules and items, and plan assignments (0042_organization_plans.sql).

export const plans = pgTable('organization_plans', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  kind: integer('kind').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  isTemplate: boolean('is_template').notNull().default(false),
  state: text('state').$type<'draft' | 'published'>().notNull().default('draft'),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type PlanRow = typeof plans.$inferSelect;

export const planModules = pgTable('organization_plan_modules', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  planId: bigint('plan_id', { mode: 'number' }).notNull(),
  position: integer('position').notNull(),
  title: text('title').notNull(),
  /** The page's Markdown text in the plan reader (0122_plan_pages.sql). */
  body: text('body').notNull().default(''),
});

export const planItems = pgTable(
  'organization_plan_items',
  {
    moduleId: bigint('module_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.moduleId, table.position] })],
);

export const planAssignments = pgTable('organization_plan_assignments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  planId: bigint('plan_id', { mode: 'number' }).notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  dueDate: timestamp('due_date', { withTimezone: true }),
  assignedBy: bigint('assigned_by', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  forceCompleted: boolean('force_completed').notNull().default(false),
});
export type PlanAssignmentRow = typeof planAssignments.$inferSelect;

export async function insertPlan(db: DbExecutor, values: typeof plans.$inferInsert) {
  const [row] = await db.insert(plans).values(values).returning();
  if (!row) throw new Error('insertPlan: no row');
  return row;
}

export async function findPlan(db: DbExecutor, organizationId: number, planId: number) {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.organizationId, organizationId), eq(plans.id, planId)));
  return row;
}

/** A plan by id alone (the plan reader's addresses do not name the organization). */
export async function findPlanById(db: DbExecutor, planId: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  return row;
}

export async function listPlans(db: DbExecutor, organizationId: number) {
  return db.select().from(plans).where(eq(plans.organizationId, organizationId)).orderBy(asc(plans.id));
}

export async function plansByIds(db: DbExecutor, planIds: readonly number[]) {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(plans)
    .where(inArray(plans.id, [...planIds]));
}

export async function updatePlan(
  db: DbExecutor,
  planId: number,
  patch: Partial<Pick<PlanRow, 'title' | 'description' | 'state' | 'updatedAt'>>,
) {
  await db.update(plans).set(patch).where(eq(plans.id, planId));
}

export async function deletePlan(db: DbExecutor, planId: number) {
  await db.delete(plans).where(eq(plans.id, planId));
}

/** Plans of a kind that are not templates (the freemium counts). */
export async function countPlansOfKind(db: DbExecutor, organizationId: number, kind: number) {
  const [row] = await db
    .select({ count: count() })
    .from(plans)
    .where(and(eq(plans.organizationId, organizationId), eq(plans.kind, kind), eq(plans.isTemplate, false)));
  return Number(row?.count ?? 0);
}

/** Modules of the organization's plans other than `exceptPlanId` (templates included: they are modules too). */
export async function countModulesOutside(db: DbExecutor, organizationId: number, exceptPlanId: number) {
  const [row] = await db
    .select({ count: count() })
    .from(planModules)
    .innerJoin(plans, eq(plans.id, planModules.planId))
    .where(and(eq(plans.organizationId, organizationId), sql`${plans.id} <> ${exceptPlanId}`));
  return Number(row?.count ?? 0);
}

export async function modulesOf(db: DbExecutor, planIds: readonly number[]) {
  if (planIds.length === 0) return [];
  const modules = await db
    .select()
    .from(planModules)
    .where(inArray(planModules.planId, [...planIds]))
    .orderBy(asc(planModules.planId), asc(planModules.position));
  const items =
    modules.length === 0
      ? []
      : await db
          .select()
          .from(planItems)
          .where(
            inArray(
              planItems.moduleId,
              modules.map((module) => module.id),
            ),
          )
          .orderBy(asc(planItems.moduleId), asc(planItems.position));
  return modules.map((module) => ({
    ...module,
    collectionIds: items.filter((item) => item.moduleId === module.id).map((item) => item.collectionId),
  }));
}

/** Replaces a plan's modules and items. */
export async function replaceModules(
  db: DbExecutor,
  planId: number,
  modules: ReadonlyArray<{ title: string; body: string; collectionIds: readonly number[] }>,
) {
  await db.delete(planModules).where(eq(planModules.planId, planId));
  for (const [position, module] of modules.entries()) {
    const [row] = await db
      .insert(planModules)
      .values({ planId, position, title: module.title, body: module.body })
      .returning();
    if (!row || module.collectionIds.length === 0) continue;
    await db.insert(planItems).values(
      module.collectionIds.map((collectionId, index) => ({
        moduleId: row.id,
        position: index,
        collectionId,
      })),
    );
  }
}

// Assignments.

/** Sets the text of a plan's page by its title when it has none (the seed's backfill). */
export async function fillEmptyModuleBody(db: DbExecutor, planId: number, title: string, body: string) {
  await db
    .update(planModules)
    .set({ body })
    .where(and(eq(planModules.planId, planId), eq(planModules.title, title), eq(planModules.body, '')));
}

export async function upsertPlanAssignments(
  db: DbExecutor,
  rows: Array<typeof planAssignments.$inferInsert>,
) {
  if (rows.length === 0) return [];
  return db
    .insert(planAssignments)
    .values(rows)
    .onConflictDoUpdate({
      target: [planAssignments.planId, planAssignments.memberId],
      set: { dueDate: sql`excluded.due_date` },
    })
    .returning();
}

export async function planAssignmentsOf(
  db: DbExecutor,
  organizationId: number,
  filter: { planId?: number; memberIds?: readonly number[] },
) {
  const conditions = [eq(planAssignments.organizationId, organizationId)];
  if (filter.planId !== undefined) conditions.push(eq(planAssignments.planId, filter.planId));
  if (filter.memberIds) {
    if (filter.memberIds.length === 0) return [];
    conditions.push(inArray(planAssignments.memberId, [...filter.memberIds]));
  }
  return db
    .select({
      assignment: planAssignments,
      email: organizationMembers.email,
      userId: organizationMembers.userId,
    })
    .from(planAssignments)
    .innerJoin(organizationMembers, eq(organizationMembers.id, planAssignments.memberId))
    .where(and(...conditions))
    .orderBy(asc(planAssignments.id));
}

export async function findPlanAssignment(db: DbExecutor, organizationId: number, assignmentId: number) {
  const [row] = await db
    .select()
    .from(planAssignments)
    .where(and(eq(planAssignments.organizationId, organizationId), eq(planAssignments.id, assignmentId)));
  return row;
}

export async function completePlanAssignment(db: DbExecutor, assignmentId: number, at: Date) {
  const [row] = await db
    .update(planAssignments)
    .set({ completedAt: at, forceCompleted: true })
    .where(and(eq(planAssignments.id, assignmentId), sql`${planAssignments.completedAt} IS NULL`))
    .returning();
  return row;
}

export async function countAssignmentsOfPlans(db: DbExecutor, planIds: readonly number[]) {
  if (planIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ planId: planAssignments.planId, count: count() })
    .from(planAssignments)
    .where(inArray(planAssignments.planId, [...planIds]))
    .groupBy(planAssignments.planId);
  return new Map(rows.map((row) => [row.planId, Number(row.count)]));
}

/** Plan assignments of these members that are not complete yet. */
export async function openPlanAssignmentsOf(db: DbExecutor, memberIds: readonly number[]) {
  if (memberIds.length === 0) return [];
  return db
    .select()
    .from(planAssignments)
    .where(and(inArray(planAssignments.memberId, [...memberIds]), isNull(planAssignments.completedAt)))
    .orderBy(asc(planAssignments.id));
}

/** Marks a plan assignment complete by progress; answers nothing when it already was (so one notice). */
export async function markPlanCompleted(db: DbExecutor, assignmentId: number, at: Date) {
  const [row] = await db
    .update(planAssignments)
    .set({ completedAt: at })
    .where(and(eq(planAssignments.id, assignmentId), isNull(planAssignments.completedAt)))
    .returning();
  return row;
}
