import { ItemStatus, LISTING_PAGE_SIZE, PAYLOAD_LIMIT_BYTES } from '@coderoom/domain';
import { z } from 'zod';
import { AuthorImageUrlSchema } from './media.js';
import { type CollectionCard, DifficultySchema, LanguageTopicSchema, type TocCategory } from './reader.js';
import { PageComponentsSchema, type Widget } from './widgets.js';

// The author studio (spec 000 §7 "Authoring and pages"; decisions in docs/authoring.md).

/**
 * The spec's page payload limit (000 §9, 200000 bytes). Page saves may arrive gzip- or deflate-compressed;
 * the cap holds on the wire and again after decompression.
 */
export const PAGE_SAVE_BODY_LIMIT_BYTES = PAYLOAD_LIMIT_BYTES;
/** Snapshots kept per page; older ones are dropped on save. */
export const PAGE_SNAPSHOTS_KEPT = 50;
/** Courses one path may list. */
export const PATH_COURSES_MAX = 50;
/** Rows per page of GET /api/author/collections: the spec's collection listing page size (10). */
export const MY_COLLECTIONS_PAGE_SIZE = LISTING_PAGE_SIZE;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const title = z.string().trim().max(200);

export const AuthorWorkTypeSchema = z.enum([
  'course',
  'path',
  'skill_assessment',
  'questionnaire',
  'standalone_project',
  'standalone_cloud_lab',
]);
export type AuthorWorkType = z.infer<typeof AuthorWorkTypeSchema>;

export const CreateCollectionQuerySchema = z.strictObject({ work_type: AuthorWorkTypeSchema });

/**
 * POST /api/author/collection?work_type=. Every field of spec 000 §3 "Collection creation request";
 * the web client sends some in two spellings (isPrivate / is_private, organizationId / organization_id).
 */
export const CreateCollectionRequestSchema = z.strictObject({
  title: title.optional(),
  work_type: AuthorWorkTypeSchema.optional(),
  course_type: z.string().trim().max(64).nullable().optional(),
  isPrivate: z.boolean().optional(),
  is_private: z.boolean().optional(),
  organizationId: id.nullable().optional(),
  organization_id: id.nullable().optional(),
  isPlan: z.boolean().optional(),
  isTemplate: z.boolean().optional(),
  isGlobal: z.boolean().optional(),
  enableCollaborativeEditor: z.boolean().optional(),
  /** Collection-area variants (a module inside a path); refused until modules exist. */
  path_id: id.nullable().optional(),
  path_author_id: id.nullable().optional(),
  cascade_collaboration: z.boolean().optional(),
});
export type CreateCollectionRequest = z.infer<typeof CreateCollectionRequestSchema>;

export interface CreateCollectionResponse {
  author_id: number;
  collection_id: number;
  /** The collection's document key: its encoded id (the short code of its friendly route). */
  document_id: string;
}

export const AuthorCollectionParamsSchema = z.strictObject({ authorId: id, collectionId: id });
export const AuthorPageParamsSchema = z.strictObject({ authorId: id, collectionId: id, pageId: id });
export const PageIdParamsSchema = z.strictObject({ id });
/** POST /api/author/path/{id}: the path's collection id. */
export const PathIdParamsSchema = z.strictObject({ id });
export const ReviewParamsSchema = z.strictObject({ collectionId: id });

/** A lesson in a TOC update: an existing page, or a copy of one (clone). */
export const TocEntryInputSchema = z.union([
  z.strictObject({
    page_id: id,
    title: title.optional(),
    is_optional: z.boolean().optional(),
    is_preview: z.boolean().optional(),
  }),
  z.strictObject({
    clone_of: id,
    title: title.optional(),
    is_optional: z.boolean().optional(),
    is_preview: z.boolean().optional(),
  }),
]);
export type TocEntryInput = z.infer<typeof TocEntryInputSchema>;

export const TocCategoryInputSchema = z.strictObject({
  /** Kept as sent; an empty title shows as 'Untitled Category'. */
  title: z.string().trim().max(200),
  pages: z.array(TocEntryInputSchema).max(500),
});

/**
 * PUT /api/author/{a}/collection/{c} (If-Match: the collection's eTag). Every field is optional; `toc`
 * replaces the whole table of contents, in order. Pages left out of it are deleted (status 102).
 */
export const UpdateCollectionRequestSchema = z.strictObject({
  title: title.optional(),
  slug: z
    .string()
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$|^$/, 'Use lower-case letters, digits and dashes.')
    .optional(),
  summary: z.string().max(1_000).optional(),
  /** An uploaded image or an https image (`AuthorImageUrlSchema`); null removes the cover. */
  cover_image_url: AuthorImageUrlSchema.nullable().optional(),
  difficulty: DifficultySchema.optional(),
  language_topic: LanguageTopicSchema.nullable().optional(),
  tags: z.array(z.string().trim().min(1).max(64)).max(30).optional(),
  is_free: z.boolean().optional(),
  overview: z.string().max(20_000).optional(),
  skills: z.array(z.string().max(200)).max(50).optional(),
  target_audience: z.array(z.string().max(200)).max(50).optional(),
  takeaway_skills: z.array(z.string().max(200)).max(50).optional(),
  /** What a learner should know first, shown on the course page (docs/catalog.md). */
  prerequisites: z.array(z.string().max(200)).max(20).optional(),
  toc: z.array(TocCategoryInputSchema).max(100).optional(),
  /** Paths only: the ids of the published courses the path lists, in order; replaces the whole list. */
  path_courses: z.array(id).max(PATH_COURSES_MAX).optional(),
  /** Turns live co-editing of lessons on or off; open live sessions follow at once. */
  enable_collaborative_editor: z.boolean().optional(),
});
export type UpdateCollectionRequest = z.infer<typeof UpdateCollectionRequestSchema>;

/** A TOC category for its editors: the reader's shape plus the title as stored. */
export type AuthorTocCategory = TocCategory & { stored_title: string };

export interface AuthorReview {
  review_state: number;
  submission_type: number | null;
  reason: string;
  created_at: string;
}

export interface AuthorCollection {
  author_id: number;
  collection_id: number;
  encoded_id: string;
  work_type: string;
  course_type: string | null;
  title: string;
  slug: string;
  summary: string;
  cover_image_url: string | null;
  difficulty: string;
  language_topic: string | null;
  tags: string[];
  is_free: boolean;
  is_private: boolean;
  organization_id: number | null;
  is_plan: boolean;
  is_template: boolean;
  is_global: boolean;
  enable_collaborative_editor: boolean;
  overview: string;
  skills: string[];
  target_audience: string[];
  takeaway_skills: string[];
  prerequisites: string[];
  status: number;
  /** The item statuses (101, 103, 104) this caller may set: the studio's online/offline choices. */
  status_choices: number[];
  review_state: number;
  submission_type: number | null;
  last_review: AuthorReview | null;
  live_version: AuthorVersion | null;
  can_edit: boolean;
  url: string;
  /** Paths: the draft's courses in order, as reader cards (courses no longer listed are left out). */
  path_courses: CollectionCard[];
}

export interface AuthorCollectionResponse {
  collection: AuthorCollection;
  toc: AuthorTocCategory[];
  etag: string;
}

/** POST /api/author/page. category_index counts the hidden '__default' category as 0; default: last. */
export const CreatePageRequestSchema = z.strictObject({
  author_id: id,
  collection_id: id,
  category_index: z.number().int().min(0).optional(),
  title: title.optional(),
});
export type CreatePageRequest = z.infer<typeof CreatePageRequestSchema>;

/** A draft page for its editors: every widget field, protected ones included. */
export interface AuthorPage {
  page_id: number;
  author_id: number;
  collection_id: number;
  item_type: string;
  title: string;
  summary: string;
  estimated_minutes: number;
  status: number;
  components: Widget[];
  etag: string;
  updated_at: string;
}

export interface AuthorPageResponse {
  page: AuthorPage;
}

export interface CreatePageResponse extends AuthorPageResponse {
  /** The collection's new eTag (its TOC changed). */
  collection_etag: string;
}

/** PUT /api/author/page/{id} and PUT /api/author/{a}/collection/{c}/page/{p}; may be compressed. */
export const SavePageRequestSchema = z.strictObject({
  title: title.optional(),
  summary: z.string().max(1_000).optional(),
  estimated_minutes: z.number().int().min(1).max(600).optional(),
  components: PageComponentsSchema,
  /**
   * Sent by an editor connected to the lesson's live document: the Markdown text and starter code in
   * `components` are its copy of the live text, so they never replace what the others typed meanwhile.
   * Any other save (API, an old tab, a restore) replaces the live text of the fields it changes.
   */
  from_live_session: z.boolean().optional(),
});
export type SavePageRequest = z.input<typeof SavePageRequestSchema>;

export const SnapshotQuerySchema = z.strictObject({
  key: id,
  document_type: z.literal('page').default('page'),
  snapshot_id: id.optional(),
});

export interface PageSnapshotSummary {
  snapshot_id: number;
  page_id: number;
  etag: string;
  title: string;
  saved_by: number | null;
  saved_by_name: string | null;
  saved_at: string;
}

export interface PageSnapshot extends PageSnapshotSummary {
  summary: string;
  components: Widget[];
}

export interface PageSnapshotListResponse {
  snapshots: PageSnapshotSummary[];
}

export interface PageSnapshotResponse {
  snapshot: PageSnapshot;
}

export const RestoreSnapshotRequestSchema = z.strictObject({ snapshot_id: id });

export interface DeletePageResponse {
  ok: true;
  collection_etag: string;
}

export interface AuthorVersion {
  version_no: number;
  state: number;
  is_early_access: boolean;
  published_at: string | null;
}

export interface PublishResponse {
  collection_id: number;
  version: AuthorVersion;
}

export interface SubmitForReviewResponse extends PublishResponse {
  review_state: number;
  submission_type: number;
}

export interface ReviewQueueItem {
  author_id: number;
  collection_id: number;
  work_type: string;
  title: string;
  author_name: string;
  submission_type: number | null;
  submitted_at: string | null;
  url: string;
}

export interface ReviewQueueResponse {
  items: ReviewQueueItem[];
}

export const ReviewDecisionSchema = z.enum(['approve', 'approve_early_access', 'reject']);
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>;

export const ReviewRequestSchema = z.strictObject({
  decision: ReviewDecisionSchema,
  reason: z.string().trim().max(2_000).optional(),
});
export type ReviewRequest = z.infer<typeof ReviewRequestSchema>;

export interface ReviewResponse {
  collection_id: number;
  review_state: number;
}

/** Message of a status a collection cannot be set to (deleting has its own call). */
export const ITEM_STATUS_CHOICE_MESSAGE =
  'Choose 101 (online), 103 (offline by its author) or 104 (offline by an admin).';

/**
 * `PUT /api/author/{authorId}/collection/{collectionId}/status`: takes a collection offline or brings it back
 * (spec 000 §4 item status; docs/content-model.md "Offline").
 */
export const SetItemStatusRequestSchema = z.strictObject({
  status: z.union(
    [
      z.literal(ItemStatus.Enabled),
      z.literal(ItemStatus.OfflineByAuthor),
      z.literal(ItemStatus.OfflineByAdmin),
    ],
    { error: ITEM_STATUS_CHOICE_MESSAGE },
  ),
});
export type SetItemStatusRequest = z.infer<typeof SetItemStatusRequestSchema>;

export interface SetItemStatusResponse {
  collection_id: number;
  status: number;
  /** The statuses this caller may set next (the studio offers these). */
  status_choices: number[];
}

// The author's dashboard (/teach): the collections a user authors or works on.

const flag = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

/** GET /api/author/collections. `drafts=true`: only collections readers cannot see yet (not approved). */
export const MyCollectionsQuerySchema = z.strictObject({
  work_type: AuthorWorkTypeSchema.optional(),
  drafts: flag,
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type MyCollectionsQuery = z.input<typeof MyCollectionsQuerySchema>;

/** The caller's part in a collection: its author, or a collaborator with editor or viewer access. */
export const MyCollectionRoleSchema = z.enum(['owner', 'editor', 'viewer']);
export type MyCollectionRole = z.infer<typeof MyCollectionRoleSchema>;

export interface MyCollectionItem {
  author_id: number;
  collection_id: number;
  encoded_id: string;
  work_type: string;
  title: string;
  status: number;
  review_state: number;
  submission_type: number | null;
  /** The later of the collection's and its lessons' last change. */
  updated_at: string;
  role: MyCollectionRole;
  /** Lessons of a course, courses of a path (draft). */
  item_count: number;
  live_version_no: number | null;
  /** The studio screen that edits it: /patheditor/… for paths, /collectioneditor/… otherwise. */
  editor_url: string;
}

export interface MyCollectionsResponse {
  items: MyCollectionItem[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * GET /api/author/{a}/collection/{c}/review-checklist: the quality gate of submit-for-review
 * (docs/authoring.md "Review quality gate"). Each check passes or lists its problems; `ready` when all pass.
 */
export interface ReviewChecklistItem {
  key: 'title' | 'summary' | 'cover' | 'lessons' | 'lesson_content' | 'widget_solutions';
  label: string;
  passed: boolean;
  /** What to fix, one line each ('Lesson "Loops" has no content.'). */
  problems: string[];
}

export interface ReviewChecklist {
  ready: boolean;
  items: ReviewChecklistItem[];
}
