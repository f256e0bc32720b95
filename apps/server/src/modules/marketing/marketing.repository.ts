import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  type BlogCategoryRow,
  blogCategories,
  type EditorPageRow,
  editorPages,
  marketingLeads,
  users,
} from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';

// SQL for editor pages (marketing pages and blog posts), blog categories and stored leads.

export type EditorPageKindValue = EditorPageRow['kind'];
export interface EditorPageWithNames extends EditorPageRow {
  authorName: string;
  categorySlug: string | null;
  categoryName: string | null;
}

const withNames = {
  ...getTableColumns(editorPages),
  authorName: users.fullName,
  categorySlug: blogCategories.slug,
  categoryName: blogCategories.name,
};

function selectWithNames(db: DbExecutor) {
  return db
    .select(withNames)
    .from(editorPages)
    .innerJoin(users, eq(users.id, editorPages.authorId))
    .leftJoin(blogCategories, eq(blogCategories.id, editorPages.categoryId));
}

export async function findPage(db: DbExecutor, id: number): Promise<EditorPageWithNames | undefined> {
  const [row] = await selectWithNames(db).where(eq(editorPages.id, id)).limit(1);
  return row;
}

export function lockPage(tx: DbExecutor, id: number): Promise<EditorPageRow | undefined> {
  return selectForUpdate(tx, editorPages, eq(editorPages.id, id));
}

export async function findPageByUrl(
  db: DbExecutor,
  kind: EditorPageKindValue,
  url: string,
): Promise<EditorPageWithNames | undefined> {
  const [row] = await selectWithNames(db)
    .where(and(eq(editorPages.kind, kind), eq(editorPages.url, url)))
    .limit(1);
  return row;
}

export function listPages(db: DbExecutor, kind: EditorPageKindValue): Promise<EditorPageWithNames[]> {
  return selectWithNames(db).where(eq(editorPages.kind, kind)).orderBy(desc(editorPages.updatedAt));
}

/** Inserts a page; answers undefined when the id is taken (the caller reports it). */
export async function insertPage(
  db: DbExecutor,
  values: {
    id: number;
    kind: EditorPageKindValue;
    url: string;
    title: string;
    authorId: number;
    etag: string;
  },
  at: Date,
): Promise<EditorPageRow | undefined> {
  const [row] = await db
    .insert(editorPages)
    .values({ ...values, updatedAt: at })
    .onConflictDoNothing({ target: editorPages.id })
    .returning();
  return row;
}

export async function isUrlTaken(
  db: DbExecutor,
  kind: EditorPageKindValue,
  url: string,
  exceptId: number | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: editorPages.id })
    .from(editorPages)
    .where(
      and(
        eq(editorPages.kind, kind),
        eq(editorPages.url, url),
        exceptId === null ? undefined : sql`${editorPages.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function updatePage(
  db: DbExecutor,
  id: number,
  values: Partial<
    Pick<
      EditorPageRow,
      | 'url'
      | 'title'
      | 'description'
      | 'categoryId'
      | 'components'
      | 'etag'
      | 'isPublished'
      | 'publishedTitle'
      | 'publishedDescription'
      | 'publishedComponents'
      | 'publishedAt'
    >
  >,
  at: Date,
): Promise<void> {
  await db
    .update(editorPages)
    .set({ ...values, updatedAt: at })
    .where(eq(editorPages.id, id));
}

export async function deletePage(db: DbExecutor, id: number): Promise<boolean> {
  const rows = await db.delete(editorPages).where(eq(editorPages.id, id)).returning({ id: editorPages.id });
  return rows.length > 0;
}

const published = (kind: EditorPageKindValue) =>
  and(eq(editorPages.kind, kind), eq(editorPages.isPublished, true));

export function listPublished(
  db: DbExecutor,
  kind: EditorPageKindValue,
  options: { categoryId?: number; limit: number; offset: number },
): Promise<EditorPageWithNames[]> {
  return selectWithNames(db)
    .where(
      and(
        published(kind),
        options.categoryId === undefined ? undefined : eq(editorPages.categoryId, options.categoryId),
      ),
    )
    .orderBy(desc(editorPages.publishedAt), desc(editorPages.id))
    .limit(options.limit)
    .offset(options.offset);
}

export async function countPublished(
  db: DbExecutor,
  kind: EditorPageKindValue,
  categoryId?: number,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(editorPages)
    .where(
      and(published(kind), categoryId === undefined ? undefined : eq(editorPages.categoryId, categoryId)),
    );
  return row?.total ?? 0;
}

/** Every published page's url and time, for the sitemap. */
export function listPublishedUrls(
  db: DbExecutor,
): Promise<{ kind: EditorPageKindValue; url: string; publishedAt: Date | null }[]> {
  return db
    .select({ kind: editorPages.kind, url: editorPages.url, publishedAt: editorPages.publishedAt })
    .from(editorPages)
    .where(eq(editorPages.isPublished, true))
    .orderBy(editorPages.kind, editorPages.url);
}

// ---- Blog categories ----

export async function listCategories(db: DbExecutor): Promise<(BlogCategoryRow & { postCount: number })[]> {
  return db
    .select({
      ...getTableColumns(blogCategories),
      // Qualified by hand: inside a sub-select drizzle writes bare column names, and "id" would be the post's.
      postCount: sql<number>`(select count(*)::int from editor_pages p where p.category_id = "blog_categories"."id" and p.is_published)`,
    })
    .from(blogCategories)
    .orderBy(blogCategories.name);
}

export async function findCategoryBySlug(db: DbExecutor, slug: string): Promise<BlogCategoryRow | undefined> {
  const [row] = await db.select().from(blogCategories).where(eq(blogCategories.slug, slug)).limit(1);
  return row;
}

export async function insertCategory(
  db: DbExecutor,
  values: { slug: string; name: string; description: string },
): Promise<BlogCategoryRow | undefined> {
  const [row] = await db
    .insert(blogCategories)
    .values(values)
    .onConflictDoNothing({ target: blogCategories.slug })
    .returning();
  return row;
}

export async function updateCategory(
  db: DbExecutor,
  id: number,
  values: { slug: string; name: string; description: string },
): Promise<BlogCategoryRow | undefined> {
  const [row] = await db.update(blogCategories).set(values).where(eq(blogCategories.id, id)).returning();
  return row;
}

export async function isCategorySlugTaken(db: DbExecutor, slug: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(and(eq(blogCategories.slug, slug), sql`${blogCategories.id} <> ${exceptId}`))
    .limit(1);
  return row !== undefined;
}

export async function deleteCategory(db: DbExecutor, id: number): Promise<boolean> {
  const rows = await db
    .delete(blogCategories)
    .where(eq(blogCategories.id, id))
    .returning({ id: blogCategories.id });
  return rows.length > 0;
}

// ---- Leads ----

export async function insertLead(db: DbExecutor, lead: typeof marketingLeads.$inferInsert): Promise<number> {
  const [row] = await db.insert(marketingLeads).values(lead).returning({ id: marketingLeads.id });
  if (!row) throw new Error('insertLead: no row returned');
  return row.id;
}

export async function findLead(db: DbExecutor, id: number) {
  const [row] = await db.select().from(marketingLeads).where(eq(marketingLeads.id, id)).limit(1);
  return row;
}
