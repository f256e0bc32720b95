import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';
import { type ComponentRow, type ProjectRow, projectComponents, projects } from './projects.repository.js';

// The project editor's writes (docs/projects.md "Editing"): the row lock that serialises them, and the
// task list's inserts, deletes and reordering. The tables are declared in projects.repository.ts.

/** Locks the project row for the rest of the transaction; every editor write takes this lock first. */
export async function lockProject(tx: DbExecutor, projectId: number): Promise<ProjectRow | undefined> {
  return selectForUpdate(tx, projects, eq(projects.id, projectId));
}

/** Gives the locked project a new eTag (every editor write, whatever it changed). */
export async function setProjectEtag(tx: DbExecutor, projectId: number, etag: string): Promise<void> {
  await tx.update(projects).set({ etag }).where(eq(projects.id, projectId));
}

export async function insertComponent(
  tx: DbExecutor,
  row: typeof projectComponents.$inferInsert,
): Promise<ComponentRow> {
  const [inserted] = await tx.insert(projectComponents).values(row).returning();
  if (!inserted) throw new Error('insertComponent: nothing inserted');
  return inserted;
}

export async function updateComponentOf(
  tx: DbExecutor,
  projectId: number,
  componentId: number,
  patch: Partial<typeof projectComponents.$inferInsert>,
): Promise<ComponentRow | undefined> {
  const [row] = await tx
    .update(projectComponents)
    .set(patch)
    .where(and(eq(projectComponents.projectId, projectId), eq(projectComponents.id, componentId)))
    .returning();
  return row;
}

export async function deleteComponentOf(
  tx: DbExecutor,
  projectId: number,
  componentId: number,
): Promise<boolean> {
  const rows = await tx
    .delete(projectComponents)
    .where(and(eq(projectComponents.projectId, projectId), eq(projectComponents.id, componentId)))
    .returning({ id: projectComponents.id });
  return rows.length > 0;
}

/**
 * Positions 0…n-1 in the given order. (project_id, position) is unique and not deferrable, so every row
 * first moves out of the way (negative positions), then into place.
 */
export async function setComponentPositions(
  tx: DbExecutor,
  projectId: number,
  componentIds: readonly number[],
  at: Date,
): Promise<void> {
  await tx
    .update(projectComponents)
    .set({ position: sql`-1 - ${projectComponents.position}` })
    .where(eq(projectComponents.projectId, projectId));
  for (const [position, componentId] of componentIds.entries()) {
    await tx
      .update(projectComponents)
      .set({ position, updatedAt: at })
      .where(and(eq(projectComponents.projectId, projectId), eq(projectComponents.id, componentId)));
  }
}
