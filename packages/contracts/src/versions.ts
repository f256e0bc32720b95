import type { LineDiff, WidgetDiff } from '@coderoom/domain';
import { z } from 'zod';
import type { AuthorPage, PageSnapshotSummary } from './authoring.js';
import type { Widget } from './widgets.js';

// Version history of the author studio (/versions; decisions in docs/authoring.md "Version history"):
// every published version of a collection, a page's saved snapshots, and diffs against the draft.

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const VersionsQuerySchema = z.strictObject({ page_id: id.optional() });

export const VersionPageParamsSchema = z.strictObject({
  authorId: id,
  collectionId: id,
  versionNo: id,
  pageId: id,
});

/** `snapshot:{id}` (a saved state of the page) or `version:{no}` (the page as published then). */
export const DiffQuerySchema = z.strictObject({
  against: z
    .string()
    .regex(/^(snapshot|version):[1-9][0-9]{0,15}$/, 'Use snapshot:{id} or version:{number}.')
    .transform((value) => {
      const [kind, number] = value.split(':') as ['snapshot' | 'version', string];
      return { kind, id: Number(number) };
    }),
});

/**
 * POST /api/author/{a}/collection/{c}/page/{p}/restore (If-Match: the page's eTag): one of a saved
 * snapshot or a published version's copy of the page.
 */
export const RestorePageRequestSchema = z
  .strictObject({ snapshot_id: id.optional(), version_no: id.optional() })
  .refine((body) => (body.snapshot_id === undefined) !== (body.version_no === undefined), {
    message: 'Send either snapshot_id or version_no.',
    path: ['snapshot_id'],
  })
  .transform((body): { snapshot_id: number } | { version_no: number } =>
    body.snapshot_id !== undefined ? { snapshot_id: body.snapshot_id } : { version_no: body.version_no ?? 0 },
  );
export type RestorePageRequest = z.infer<typeof RestorePageRequestSchema>;

/** A page as one published version holds it. */
export interface VersionPage {
  page_id: number;
  title: string;
  summary: string;
  estimated_minutes: number;
  components: Widget[];
}

export interface VersionLesson {
  page_id: number;
  title: string;
}

export interface CollectionVersionEntry {
  version_no: number;
  /** 8003 published (live), 8004 obsolete. */
  state: number;
  is_early_access: boolean;
  published_at: string | null;
  title: string;
  lesson_count: number;
  /** The version's lessons in TOC order. */
  lessons: VersionLesson[];
  /** With ?page_id=: the page as this version published it, or null if it was not in it. */
  page?: VersionPage | null;
}

/** GET /api/author/{a}/collection/{c}/versions[?page_id=]; newest version first. */
export interface CollectionVersionsResponse {
  versions: CollectionVersionEntry[];
  /** With ?page_id=: the page's current draft eTag and its saved snapshots, newest first. */
  page?: { page_id: number; title: string; etag: string; snapshots: PageSnapshotSummary[] };
}

/** GET /api/author/{a}/collection/{c}/versions/{no}/page/{p}. */
export interface VersionPageResponse {
  version: Omit<CollectionVersionEntry, 'lessons' | 'page'>;
  page: VersionPage;
}

export type DiffSource =
  | { kind: 'snapshot'; snapshot_id: number; saved_at: string; saved_by_name: string | null }
  | { kind: 'version'; version_no: number; state: number; published_at: string | null };

/**
 * GET /api/author/{a}/collection/{c}/page/{p}/diff?against=: from that state (old) to the current draft
 * (new). Widgets are matched by comp_id; unchanged ones are only counted.
 */
export interface PageDiffResponse {
  against: DiffSource;
  draft: Pick<AuthorPage, 'page_id' | 'etag' | 'updated_at'>;
  /** Page fields that differ (title, summary, estimated_minutes), each as a line diff. */
  fields: Array<{ field: 'title' | 'summary' | 'estimated_minutes'; diff: LineDiff }>;
  widgets: WidgetDiff[];
  unchanged_widgets: number;
  /** False when the draft equals that state. */
  has_changes: boolean;
}
