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
