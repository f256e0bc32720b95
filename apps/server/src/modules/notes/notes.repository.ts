import { and, asc, count, desc, eq, ilike, max, or, type SQL, sql } from 'drizzle-orm';
import { type NoteHighlightRow, notesHighlights } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for notes and highlights. Every query is scoped to the owner, so no caller can reach another's rows.

export type NewNote = typeof notesHighlights.$inferInsert;

export interface NoteAnchor {
  workId: number;
  pageId: number;
  widgetId: string;
  mdChildId: string;
  selectionId: string;
}

/** Inserts the highlight; undefined when the learner already highlighted exactly this range. */
export async function insertNote(db: DbExecutor, values: NewNote): Promise<NoteHighlightRow | undefined> {
  const [row] = await db.insert(notesHighlights).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findNoteByAnchor(
  db: DbExecutor,
  userId: number,
  anchor: NoteAnchor,
): Promise<NoteHighlightRow | undefined> {
  const [row] = await db
    .select()
    .from(notesHighlights)
    .where(
      and(
        eq(notesHighlights.userId, userId),
        eq(notesHighlights.workId, anchor.workId),
        eq(notesHighlights.pageId, anchor.pageId),
        eq(notesHighlights.widgetId, anchor.widgetId),
        eq(notesHighlights.mdChildId, anchor.mdChildId),
        eq(notesHighlights.selectionId, anchor.selectionId),
      ),
    )
    .limit(1);
  return row;
}

export async function findOwnNote(
  db: DbExecutor,
  userId: number,
  noteId: number,
): Promise<NoteHighlightRow | undefined> {
  const [row] = await db
    .select()
    .from(notesHighlights)
    .where(and(eq(notesHighlights.id, noteId), eq(notesHighlights.userId, userId)))
    .limit(1);
  return row;
}

export async function listPageNotes(
  db: DbExecutor,
  userId: number,
  page: { authorId: number; workId: number; pageId: number },
): Promise<NoteHighlightRow[]> {
  return db
    .select()
    .from(notesHighlights)
    .where(
      and(
        eq(notesHighlights.userId, userId),
        eq(notesHighlights.authorId, page.authorId),
        eq(notesHighlights.workId, page.workId),
        eq(notesHighlights.pageId, page.pageId),
      ),
    )
    .orderBy(asc(notesHighlights.createdAt), asc(notesHighlights.id));
}

/**
 * Changes the note only if it still has the eTag `expectedEtag`, giving it `nextEtag`; undefined when it
 * is missing or has moved on.
 */
export async function updateNoteComment(
  db: DbExecutor,
  userId: number,
  noteId: number,
  expectedEtag: string,
  patch: { comment: string; etag: string; updatedAt: Date },
): Promise<NoteHighlightRow | undefined> {
  const [row] = await db
    .update(notesHighlights)
    .set(patch)
    .where(
      and(
        eq(notesHighlights.id, noteId),
        eq(notesHighlights.userId, userId),
        eq(notesHighlights.etag, expectedEtag),
      ),
    )
    .returning();
  return row;
}

/** Deletes the note if it still has `expectedEtag` (any version when null). */
export async function deleteOwnNote(
  db: DbExecutor,
  userId: number,
  noteId: number,
  expectedEtag: string | null,
): Promise<boolean> {
  const rows = await db
    .delete(notesHighlights)
    .where(
      and(
        eq(notesHighlights.id, noteId),
        eq(notesHighlights.userId, userId),
        expectedEtag === null ? undefined : eq(notesHighlights.etag, expectedEtag),
      ),
    )
    .returning({ id: notesHighlights.id });
  return rows.length > 0;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * Full-text match (English stemming: "functions" finds "function") or a plain substring of the quote or
 * the note, so partial words typed into the search box still find something. Best matches first.
 */
export async function searchNotes(
  db: DbExecutor,
  userId: number,
  filter: { query: string; workId?: number; limit: number; offset: number },
): Promise<{ rows: NoteHighlightRow[]; total: number }> {
  const conditions: SQL[] = [eq(notesHighlights.userId, userId)];
  if (filter.workId !== undefined) conditions.push(eq(notesHighlights.workId, filter.workId));
  const order: SQL[] = [];
  if (filter.query) {
    const tsQuery = sql`websearch_to_tsquery('english', ${filter.query})`;
    const pattern = `%${escapeLike(filter.query)}%`;
    const textMatch = or(
      sql`${sql.identifier('search_document')} @@ ${tsQuery}`,
      ilike(notesHighlights.quote, pattern),
      ilike(notesHighlights.comment, pattern),
    );
    if (textMatch) conditions.push(textMatch);
    order.push(desc(sql`ts_rank(${sql.identifier('search_document')}, ${tsQuery})`));
  }
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(notesHighlights)
      .where(where)
      .orderBy(...order, desc(notesHighlights.updatedAt), desc(notesHighlights.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(notesHighlights).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

export interface WorkWithNotesRow {
  authorId: number;
  workId: number;
  workTitle: string;
  notesCount: number;
  lastUpdatedAt: Date | null;
}

/** The works the learner has notes on, most recently annotated first, titled by their latest note. */
export async function listWorksWithNotes(db: DbExecutor, userId: number): Promise<WorkWithNotesRow[]> {
  const lastUpdatedAt = max(notesHighlights.updatedAt);
  return db
    .select({
      authorId: notesHighlights.authorId,
      workId: notesHighlights.workId,
      workTitle: sql<string>`(array_agg(${notesHighlights.workTitle} ORDER BY ${notesHighlights.updatedAt} DESC))[1]`,
      notesCount: count(),
      lastUpdatedAt,
    })
    .from(notesHighlights)
    .where(eq(notesHighlights.userId, userId))
    .groupBy(notesHighlights.authorId, notesHighlights.workId)
    .orderBy(desc(lastUpdatedAt));
}
