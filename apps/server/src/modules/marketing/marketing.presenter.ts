import {
  type BlogCategory,
  type BlogPostSummary,
  type EditorPage,
  type EditorPageWidget,
  EditorPageWidgetSchema,
  type PublishedPage,
} from '@coderoom/contracts';
import type { BlogCategoryRow } from '../../db/schema.js';
import type { EditorPageWithNames } from './marketing.repository.js';

// Rows of editor pages and categories in the contract's shapes.

/** Stored widgets were checked on save; a widget an older schema allowed and this one does not is dropped. */
function widgetsOf(stored: readonly unknown[] | null): EditorPageWidget[] {
  return (stored ?? []).flatMap((widget) => {
    const parsed = EditorPageWidgetSchema.safeParse(widget);
    return parsed.success ? [parsed.data] : [];
  });
}

export function publishedWidgets(page: EditorPageWithNames): EditorPageWidget[] {
  return page.isPublished ? widgetsOf(page.publishedComponents) : [];
}

export function presentEditorPage(page: EditorPageWithNames): EditorPage {
  const hasUnpublishedChanges =
    page.publishedComponents === null ||
    page.publishedTitle !== page.title ||
    page.publishedDescription !== page.description ||
    JSON.stringify(page.publishedComponents) !== JSON.stringify(page.components);
  return {
    id: page.id,
    kind: page.kind,
    url: page.url,
    title: page.title,
    description: page.description,
    category: page.categorySlug,
    components: widgetsOf(page.components),
    is_published: page.isPublished,
    published_at: page.publishedAt?.toISOString() ?? null,
    has_unpublished_changes: hasUnpublishedChanges,
    author_name: page.authorName,
    updated_at: page.updatedAt.toISOString(),
    etag: page.etag,
  };
}

export function presentPublishedPage(page: EditorPageWithNames): PublishedPage {
  return {
    id: page.id,
    kind: page.kind,
    url: page.url,
    title: page.publishedTitle ?? page.title,
    description: page.publishedDescription ?? '',
    category:
      page.categorySlug && page.categoryName ? { slug: page.categorySlug, name: page.categoryName } : null,
    components: publishedWidgets(page),
    published_at: (page.publishedAt ?? page.updatedAt).toISOString(),
    author_name: page.authorName,
  };
}

export function presentSummary(page: EditorPageWithNames, readMinutes: number): BlogPostSummary {
  const { components: _components, ...summary } = presentPublishedPage(page);
  return { ...summary, read_minutes: readMinutes };
}

export function presentCategory(row: BlogCategoryRow & { postCount: number }): BlogCategory {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    post_count: Number(row.postCount),
  };
}
