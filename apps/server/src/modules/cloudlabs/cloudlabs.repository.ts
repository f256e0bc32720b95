import type { CloudLabEnvType } from '@coderoom/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';

// SQL for cloud labs, their tasks, learners' progress and lab variables (migration 0017_cloud_labs.sql).

export interface LabFile {
  path: string;
  content: string;
}

export const cloudLabs = pgTable('cloud_labs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  content: text('content').notNull().default(''),
  envType: text('env_type').$type<CloudLabEnvType>().notNull().default('CloudShell'),
  image: text('image').notNull(),
  files: jsonb('files').$type<LabFile[]>().notNull().default([]),
  /** The lab's version in the editor (platform/http/etag.ts): every editor save replaces it. */
  etag: text('etag').notNull().default(sql`md5(random()::text || clock_timestamp()::text)`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LabRow = typeof cloudLabs.$inferSelect;

export const cloudLabTasks = pgTable('cloud_lab_tasks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  labId: bigint('lab_id', { mode: 'number' }).notNull(),
  position: integer('position').notNull(),
  title: text('title').notNull(),
  instructions: text('instructions').notNull().default(''),
  checkScript: text('check_script').notNull(),
  solution: text('solution'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LabTaskRow = typeof cloudLabTasks.$inferSelect;

export const cloudLabProgress = pgTable('cloud_lab_progress', {
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  labId: bigint('lab_id', { mode: 'number' }).notNull(),
  taskStatus: jsonb('task_status').$type<Record<string, 'completed'>>().notNull().default({}),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
export type LabProgressRow = typeof cloudLabProgress.$inferSelect;

export const cloudLabVariables = pgTable('cloud_lab_variables', {
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  labId: bigint('lab_id', { mode: 'number' }).notNull(),
  accessKeyId: text('access_key_id').notNull(),
  secretAccessKey: text('secret_access_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LabVariablesRow = typeof cloudLabVariables.$inferSelect;

export async function insertLab(db: DbExecutor, values: typeof cloudLabs.$inferInsert): Promise<LabRow> {
  const [row] = await db.insert(cloudLabs).values(values).returning();
  if (!row) throw new Error('insertLab returned nothing');
  return row;
}

export async function insertTasks(db: DbExecutor, values: Array<typeof cloudLabTasks.$inferInsert>) {
  if (values.length > 0) await db.insert(cloudLabTasks).values(values);
}

export async function findLab(
  db: DbExecutor,
  collectionId: number,
  labId: number,
): Promise<LabRow | undefined> {
  const [row] = await db
    .select()
    .from(cloudLabs)
    .where(and(eq(cloudLabs.id, labId), eq(cloudLabs.collectionId, collectionId)))
    .limit(1);
  return row;
}

/** The lab of a collection (one per lab collection). */
export async function findLabOf(db: DbExecutor, collectionId: number): Promise<LabRow | undefined> {
  const [row] = await db
    .select()
    .from(cloudLabs)
    .where(eq(cloudLabs.collectionId, collectionId))
    .orderBy(asc(cloudLabs.id))
    .limit(1);
  return row;
}

export async function findTasksOf(db: DbExecutor, labId: number): Promise<LabTaskRow[]> {
  return db
    .select()
    .from(cloudLabTasks)
    .where(eq(cloudLabTasks.labId, labId))
    .orderBy(asc(cloudLabTasks.position));
}

export async function findProgress(
  db: DbExecutor,
  userId: number,
  labId: number,
): Promise<LabProgressRow | undefined> {
  const [row] = await db
    .select()
    .from(cloudLabProgress)
    .where(and(eq(cloudLabProgress.userId, userId), eq(cloudLabProgress.labId, labId)))
    .limit(1);
  return row;
}

/** Creates the learner's progress row if it does not exist yet; answers the row either way. */
export async function ensureProgress(
  db: DbExecutor,
  userId: number,
  labId: number,
  at: Date,
): Promise<LabProgressRow> {
  await db
    .insert(cloudLabProgress)
    .values({ userId, labId, startedAt: at, updatedAt: at })
    .onConflictDoNothing();
  const row = await findProgress(db, userId, labId);
  if (!row) throw new Error('ensureProgress found nothing');
  return row;
}

/** Marks one task completed (completions are never undone); sets completed_at when `isDone`. */
export async function completeTask(
  db: DbExecutor,
  userId: number,
  labId: number,
  taskId: number,
  completedAt: Date | null,
  at: Date,
): Promise<LabProgressRow> {
  const [row] = await db
    .update(cloudLabProgress)
    .set({
      taskStatus: sql`${cloudLabProgress.taskStatus} || ${JSON.stringify({ [taskId]: 'completed' })}::jsonb`,
      updatedAt: at,
      ...(completedAt
        ? {
            completedAt: sql`coalesce(${cloudLabProgress.completedAt}, ${completedAt.toISOString()}::timestamptz)`,
          }
        : {}),
    })
    .where(and(eq(cloudLabProgress.userId, userId), eq(cloudLabProgress.labId, labId)))
    .returning();
  if (!row) throw new Error('completeTask updated nothing');
  return row;
}

/** The learner's variables for a lab, made on first use; concurrent first uses agree on one pair. */
export async function ensureVariables(
  db: DbExecutor,
  userId: number,
  labId: number,
  fresh: () => { accessKeyId: string; secretAccessKey: string },
): Promise<LabVariablesRow> {
  await db
    .insert(cloudLabVariables)
    .values({ userId, labId, ...fresh() })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(cloudLabVariables)
    .where(and(eq(cloudLabVariables.userId, userId), eq(cloudLabVariables.labId, labId)))
    .limit(1);
  if (!row) throw new Error('ensureVariables found nothing');
  return row;
}

/** The lab row, locked until the transaction ends; every editor save takes this lock first. */
export async function lockLab(tx: DbExecutor, labId: number): Promise<LabRow | undefined> {
  return selectForUpdate(tx, cloudLabs, eq(cloudLabs.id, labId));
}

export async function updateLab(
  db: DbExecutor,
  labId: number,
  patch: Partial<typeof cloudLabs.$inferInsert>,
  at: Date,
) {
  await db
    .update(cloudLabs)
    .set({ ...patch, updatedAt: at })
    .where(eq(cloudLabs.id, labId));
}

export async function updateTask(
  db: DbExecutor,
  labId: number,
  taskId: number,
  patch: Partial<typeof cloudLabTasks.$inferInsert>,
) {
  await db
    .update(cloudLabTasks)
    .set(patch)
    .where(and(eq(cloudLabTasks.labId, labId), eq(cloudLabTasks.id, taskId)));
}

/** Appends a task after the lab's last one. */
export async function appendTask(
  db: DbExecutor,
  values: Omit<typeof cloudLabTasks.$inferInsert, 'position'>,
): Promise<LabTaskRow> {
  const [row] = await db
    .insert(cloudLabTasks)
    .values({
      ...values,
      position: sql`(SELECT coalesce(max(position), -1) + 1 FROM cloud_lab_tasks WHERE lab_id = ${values.labId})`,
    })
    .returning();
  if (!row) throw new Error('appendTask returned nothing');
  return row;
}
