import type { LanguageId, ProjectDifficulty, ProjectTypeName, Widget } from '@coderoom/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';

// SQL for projects, their tasks ("components"), files and learners' progress (migration
// 0011_projects.sql). The tables belong to this module, so they are declared here.

/** What a learner may see of a project (spec 000 §3 Project content: description widgets). */
export interface ProjectContent {
  description: Widget[];
}

/** What a learner may see of a task (spec: description widgets, codeContent with comp_id, isProject, type, url). */
export interface ComponentContent {
  isProject: true;
  description: Widget[];
  /** Step-by-step help for guided attempts (2001). */
  guide: Widget[];
  codeContent: {
    comp_id: string;
    language: LanguageId;
    code: string;
    enableStdin: boolean;
    /** The test cases the learner may read; hidden ones are in protected_content. */
    testCases: Array<{ input: string; output: string }>;
  } | null;
  runjs: { html: string; css: string; js: string } | null;
  spa: { index: string; app: string; style: string } | null;
  url: string | null;
  /** Terminal and workspace tasks (absent in rows saved before live tasks existed). */
  live?: { image: string; app_port: number | null; files: Array<{ path: string; content: string }> } | null;
}

/** What only the grader reads (spec: protected_content with evaluationInputFileId, evaluationOutputFileId). */
export interface ComponentProtectedContent {
  evaluationInputFileId: number | null;
  evaluationOutputFileId: number | null;
  test_cases: Array<{ input: string; output: string }>;
  solution: string | null;
  /** Live tasks' test scripts (absent in older rows). */
  live_tests?: Array<{ id: string; name: string; script: string }>;
}

export const projects = pgTable('projects', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  difficulty: text('difficulty').$type<ProjectDifficulty>().notNull().default('easy'),
  content: jsonb('content').$type<ProjectContent>().notNull(),
  preReqs: text('pre_reqs').array().notNull().default([]),
  preRequisiteProjects: bigint('pre_requisite_projects', { mode: 'number' }).array().notNull().default([]),
  relevantCourses: bigint('relevant_courses', { mode: 'number' }).array().notNull().default([]),
  udataFiles: bigint('udata_files', { mode: 'number' }).array().notNull().default([]),
  /** The project's version in the editor (platform/http/etag.ts): every editor write replaces it. */
  etag: text('etag').notNull().default(sql`md5(random()::text || clock_timestamp()::text)`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ProjectRow = typeof projects.$inferSelect;

export const projectFiles = pgTable('project_files', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: bigint('project_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ProjectFileRow = typeof projectFiles.$inferSelect;

export const projectComponents = pgTable('project_components', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: bigint('project_id', { mode: 'number' }).notNull(),
  position: integer('position').notNull(),
  title: text('title').notNull(),
  type: text('type').$type<ProjectTypeName>().notNull(),
  content: jsonb('content').$type<ComponentContent>().notNull(),
  protectedContent: jsonb('protected_content').$type<ComponentProtectedContent>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ComponentRow = typeof projectComponents.$inferSelect;

export const projectProgress = pgTable(
  'project_progress',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    mode: integer('mode'),
    currentAttempt: integer('current_attempt').notNull().default(1),
    sourceCode: jsonb('source_code').$type<Record<string, string>>().notNull().default({}),
    taskStatus: jsonb('task_status').$type<Record<string, 'completed'>>().notNull().default({}),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId] })],
);
export type ProgressRow = typeof projectProgress.$inferSelect;

export async function insertProject(
  db: DbExecutor,
  values: typeof projects.$inferInsert,
): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  if (!row) throw new Error('insertProject returned nothing');
  return row;
}

export async function updateProject(
  db: DbExecutor,
  projectId: number,
  patch: Partial<typeof projects.$inferInsert>,
  at: Date,
): Promise<ProjectRow> {
  const [row] = await db
    .update(projects)
    .set({ ...patch, updatedAt: at })
    .where(eq(projects.id, projectId))
    .returning();
  if (!row) throw new Error('updateProject: project vanished');
  return row;
}

export async function findProject(
  db: DbExecutor,
  collectionId: number,
  projectId: number,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.collectionId, collectionId), eq(projects.id, projectId)))
    .limit(1);
  return row;
}

/** The project of a standalone project collection (its first). */
export async function findFirstProjectOf(
  db: DbExecutor,
  collectionId: number,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(eq(projects.collectionId, collectionId))
    .orderBy(asc(projects.id))
    .limit(1);
  return row;
}

export async function insertFile(
  db: DbExecutor,
  values: typeof projectFiles.$inferInsert,
): Promise<ProjectFileRow> {
  const [row] = await db.insert(projectFiles).values(values).returning();
  if (!row) throw new Error('insertFile returned nothing');
  return row;
}

export async function findFilesOf(db: DbExecutor, projectId: number): Promise<ProjectFileRow[]> {
  return db
    .select()
    .from(projectFiles)
    .where(eq(projectFiles.projectId, projectId))
    .orderBy(asc(projectFiles.id));
}

export async function findFiles(
  db: DbExecutor,
  projectId: number,
  fileIds: number[],
): Promise<ProjectFileRow[]> {
  if (fileIds.length === 0) return [];
  return db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.projectId, projectId), inArray(projectFiles.id, fileIds)))
    .orderBy(asc(projectFiles.id));
}

export async function insertComponents(
  db: DbExecutor,
  rows: Array<typeof projectComponents.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) await db.insert(projectComponents).values(rows);
}

export async function findComponentsOf(db: DbExecutor, projectId: number): Promise<ComponentRow[]> {
  return db
    .select()
    .from(projectComponents)
    .where(eq(projectComponents.projectId, projectId))
    .orderBy(asc(projectComponents.position));
}

/** A task by id, with the collection it belongs to (author routes name only the collection). */
export async function findComponentInCollection(
  db: DbExecutor,
  collectionId: number,
  componentId: number,
): Promise<{ component: ComponentRow; project: ProjectRow } | undefined> {
  const [row] = await db
    .select({ component: projectComponents, project: projects })
    .from(projectComponents)
    .innerJoin(projects, eq(projects.id, projectComponents.projectId))
    .where(and(eq(projectComponents.id, componentId), eq(projects.collectionId, collectionId)))
    .limit(1);
  return row;
}

export async function findProgress(
  db: DbExecutor,
  userId: number,
  projectId: number,
): Promise<ProgressRow | undefined> {
  const [row] = await db
    .select()
    .from(projectProgress)
    .where(and(eq(projectProgress.userId, userId), eq(projectProgress.projectId, projectId)))
    .limit(1);
  return row;
}

/** The learner's progress row, locked until the transaction ends, so two writes cannot lose each other's work. */
export async function lockProgress(
  db: DbExecutor,
  userId: number,
  projectId: number,
): Promise<ProgressRow | undefined> {
  return selectForUpdate(
    db,
    projectProgress,
    and(eq(projectProgress.userId, userId), eq(projectProgress.projectId, projectId)),
  );
}

/** Begins (or switches the mode of) the learner's current attempt; a first begin creates the row. */
export async function upsertBegin(
  db: DbExecutor,
  userId: number,
  projectId: number,
  mode: number,
  at: Date,
): Promise<ProgressRow> {
  const [row] = await db
    .insert(projectProgress)
    .values({ userId, projectId, mode, startedAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [projectProgress.userId, projectProgress.projectId],
      set: { mode, updatedAt: at },
    })
    .returning();
  if (!row) throw new Error('upsertBegin returned nothing');
  return row;
}

export async function updateProgress(
  db: DbExecutor,
  userId: number,
  projectId: number,
  patch: Partial<typeof projectProgress.$inferInsert>,
  at: Date,
): Promise<ProgressRow> {
  const [row] = await db
    .update(projectProgress)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(projectProgress.userId, userId), eq(projectProgress.projectId, projectId)))
    .returning();
  if (!row) throw new Error('updateProgress: progress vanished');
  return row;
}
