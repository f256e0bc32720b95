import { eq } from 'drizzle-orm';
import { type CollabDocumentRow, collabDocuments } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

export async function findDocument(db: DbExecutor, name: string): Promise<CollabDocumentRow | undefined> {
  const [row] = await db.select().from(collabDocuments).where(eq(collabDocuments.name, name)).limit(1);
  return row;
}

export async function upsertDocument(db: DbExecutor, values: typeof collabDocuments.$inferInsert) {
  const { name, ...changes } = values;
  await db.insert(collabDocuments).values(values).onConflictDoUpdate({
    target: collabDocuments.name,
    set: changes,
  });
}

/**
 * Stores a document's first state unless another process stored one first; answers the row stored now
 * (ours or theirs), so every process starts from the same Yjs items.
 */
export async function insertFirstDocument(
  db: DbExecutor,
  values: typeof collabDocuments.$inferInsert,
): Promise<CollabDocumentRow> {
  const [inserted] = await db
    .insert(collabDocuments)
    .values(values)
    .onConflictDoNothing({ target: collabDocuments.name })
    .returning();
  if (inserted) return inserted;
  const stored = await findDocument(db, values.name);
  if (!stored) throw new Error(`collab document ${values.name} vanished`);
  return stored;
}
