import type { ConfluenceImportState } from '@coderoom/domain';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/database.js';
import { organizations } from './organizations.repository.js';

// SQL of the Confluence import (0105_confluence.sql, the source of truth).

export const confluenceConnections = pgTable('organization_confluence_connections', {
  organizationId: bigint('organization_id', { mode: 'number' }).primaryKey(),
  baseUrl: text('base_url').notNull(),
  accountEmail: text('account_email').notNull(),
  apiToken: text('api_token').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type ConfluenceConnectionRow = typeof confluenceConnections.$inferSelect;

export const confluenceImports = pgTable('organization_confluence_imports', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  spaceKey: text('space_key').notNull(),
  spaceName: text('space_name').notNull(),
  title: text('title').notNull(),
  state: text('state').$type<ConfluenceImportState>().notNull(),
  collectionId: bigint('collection_id', { mode: 'number' }),
  pageCount: integer('page_count'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
export type ConfluenceImportRow = typeof confluenceImports.$inferSelect;

const FLAG = 'is_confluence_integration_enabled';

export async function findConnection(db: DbExecutor, organizationId: number) {
  const [row] = await db
    .select()
    .from(confluenceConnections)
    .where(eq(confluenceConnections.organizationId, organizationId));
  return row;
}

/** Stores the connection and turns the organization's is_confluence_integration_enabled flag on. */
export async function upsertConnection(db: DbExecutor, values: ConfluenceConnectionRow) {
  const { organizationId: _key, ...rest } = values;
  await db
    .insert(confluenceConnections)
    .values(values)
    .onConflictDoUpdate({ target: confluenceConnections.organizationId, set: rest });
  await setFlag(db, values.organizationId, true);
}

export async function deleteConnection(db: DbExecutor, organizationId: number) {
  await db.delete(confluenceConnections).where(eq(confluenceConnections.organizationId, organizationId));
  await setFlag(db, organizationId, false);
}

async function setFlag(db: DbExecutor, organizationId: number, value: boolean) {
  await db
    .update(organizations)
    .set({ flags: sql`${organizations.flags} || jsonb_build_object(${FLAG}::text, ${value}::boolean)` })
    .where(eq(organizations.id, organizationId));
}

/** Answers the new import, or nothing when one is already running for the organization (the lock). */
export async function insertImport(
  db: DbExecutor,
  values: Omit<typeof confluenceImports.$inferInsert, 'id'>,
): Promise<ConfluenceImportRow | undefined> {
  const [row] = await db.insert(confluenceImports).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findImport(db: DbExecutor, organizationId: number, importId: number) {
  const [row] = await db
    .select()
    .from(confluenceImports)
    .where(and(eq(confluenceImports.organizationId, organizationId), eq(confluenceImports.id, importId)));
  return row;
}

export async function findImportById(db: DbExecutor, importId: number) {
  const [row] = await db.select().from(confluenceImports).where(eq(confluenceImports.id, importId));
  return row;
}

export async function listImports(db: DbExecutor, organizationId: number, userId: number, limit: number) {
  return db
    .select()
    .from(confluenceImports)
    .where(and(eq(confluenceImports.organizationId, organizationId), eq(confluenceImports.userId, userId)))
    .orderBy(desc(confluenceImports.id))
    .limit(limit);
}

export async function setImportCollection(db: DbExecutor, importId: number, collectionId: number) {
  await db.update(confluenceImports).set({ collectionId }).where(eq(confluenceImports.id, importId));
}

/** Finishes a running import (a finished one stays as it was). */
export async function finishImport(
  db: DbExecutor,
  importId: number,
  values: { state: ConfluenceImportState; pageCount?: number; error?: string; finishedAt: Date },
) {
  await db
    .update(confluenceImports)
    .set({
      state: values.state,
      pageCount: values.pageCount ?? null,
      error: values.error ?? null,
      finishedAt: values.finishedAt,
    })
    .where(and(eq(confluenceImports.id, importId), eq(confluenceImports.state, 'running')));
}

/** An import whose worker died long ago no longer holds the organization's lock. */
export async function failStaleImports(db: DbExecutor, organizationId: number, before: Date, error: string) {
  await db
    .update(confluenceImports)
    .set({ state: 'failed', error, finishedAt: before })
    .where(
      and(
        eq(confluenceImports.organizationId, organizationId),
        eq(confluenceImports.state, 'running'),
        lt(confluenceImports.createdAt, before),
      ),
    );
}
