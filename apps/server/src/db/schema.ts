import type { CollaboratorAccess, CollaboratorRoleName } from '@coderoom/contracts';
import { CourseReviewState, DEFAULT_ITEM_TYPE, ItemStatus } from '@coderoom/domain';
import {
  bigint,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Mirrors db/migrations/*.sql for typed queries; the SQL files are the source of truth for the schema.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  fullName: text('full_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  profilePicUrl: text('profile_pic_url'),
  adminRole: integer('admin_role'),
  userTheme: text('user_theme', { enum: ['unset', 'dark', 'light'] })
    .notNull()
    .default('unset'),
  useSystemPreference: boolean('use_system_preference').notNull().default(false),
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  twoFactorViaApp: boolean('two_factor_via_app').notNull().default(false),
  twoFactorRequired: boolean('two_factor_required').notNull().default(false),
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  viewedFlags: jsonb('viewed_flags').$type<Record<string, boolean>>().notNull().default({}),
  featureFeedbacksSubmitted: jsonb('feature_feedbacks_submitted').$type<string[]>().notNull().default([]),
  checklist: jsonb('checklist')
    .$type<{ checklist_selection: string[]; completion_map: Record<string, boolean> }>()
    .notNull(),
  tutorialStatus: text('tutorial_status'),
  enableNewNavB2b: boolean('enable_new_nav_b2b').notNull().default(false),
  nextOnboardingStage: text('next_onboarding_stage'),
  isOnboardingCompleted: boolean('is_onboarding_completed').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  state: text('state', { enum: ['active', 'pending_two_factor'] })
    .notNull()
    .default('active'),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
});
export type SessionRow = typeof sessions.$inferSelect;

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

export const devMailbox = pgTable('dev_mailbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  rawMessage: text('raw_message').notNull(),
  createdAt: createdAt(),
});

export const codeExecutions = pgTable('code_executions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  kind: text('kind', { enum: ['execute', 'judge', 'tests'] }).notNull(),
  language: text('language').notNull(),
  outcome: text('outcome').notNull(),
  durationMs: integer('duration_ms').notNull(),
  sourceSha256: text('source_sha256').notNull(),
  sourceBytes: integer('source_bytes').notNull(),
  createdAt: createdAt(),
});

// 0003_content_and_progress.sql

/** A draft TOC category as stored in collections.toc. */
export interface StoredTocCategory {
  title: string;
  type: string;
  is_recovered_category?: boolean;
  pages: Array<{ page_id: number; is_optional?: boolean; is_preview?: boolean }>;
}

/** Free-form course details (spec 000 §3 "Course details"). */
export interface CollectionDetails {
  overview?: string;
  skills?: string[];
  target_audience?: string[];
  takeaway_skills?: string[];
  code_themes?: Record<string, unknown>;
  docker?: Record<string, unknown>;
  /** A path's courses, in order. */
  path_courses?: number[];
}

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const collections = pgTable('collections', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  authorId: bigint('author_id', { mode: 'number' }).notNull(),
  encodedId: text('encoded_id').notNull(),
  workType: text('work_type').notNull(),
  courseType: text('course_type'),
  title: text('title').notNull().default(''),
  slug: text('slug').notNull().default(''),
  summary: text('summary').notNull().default(''),
  coverImageUrl: text('cover_image_url'),
  difficulty: text('difficulty', { enum: ['beginner', 'intermediate', 'advanced'] })
    .notNull()
    .default('beginner'),
  languageTopic: text('language_topic'),
  tags: text('tags').array().notNull().default([]),
  details: jsonb('details').$type<CollectionDetails>().notNull().default({}),
  toc: jsonb('toc').$type<StoredTocCategory[]>().notNull().default([]),
  isPrivate: boolean('is_private').notNull().default(false),
  organizationId: bigint('organization_id', { mode: 'number' }),
  isPlan: boolean('is_plan').notNull().default(false),
  isTemplate: boolean('is_template').notNull().default(false),
  isGlobal: boolean('is_global').notNull().default(false),
  collaborativeEditing: boolean('collaborative_editing').notNull().default(false),
  isFree: boolean('is_free').notNull().default(true),
  status: integer('status').notNull().default(ItemStatus.Enabled),
  reviewState: integer('review_state').notNull().default(CourseReviewState.None),
  submissionType: integer('submission_type'),
  etag: text('etag').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CollectionRow = typeof collections.$inferSelect;

export const pages = pgTable('pages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  itemType: text('item_type').notNull().default(DEFAULT_ITEM_TYPE),
  title: text('title').notNull().default(''),
  slug: text('slug').notNull().default(''),
  summary: text('summary').notNull().default(''),
  estimatedMinutes: integer('estimated_minutes').notNull().default(5),
  components: jsonb('components').$type<unknown[]>().notNull().default([]),
  status: integer('status').notNull().default(ItemStatus.Enabled),
  etag: text('etag').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PageRow = typeof pages.$inferSelect;

export const collectionVersions = pgTable('collection_versions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  versionNo: integer('version_no').notNull(),
  state: integer('state').notNull(),
  title: text('title').notNull(),
  slug: text('slug').notNull(),
  summary: text('summary').notNull(),
  coverImageUrl: text('cover_image_url'),
  difficulty: text('difficulty', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
  languageTopic: text('language_topic'),
  tags: text('tags').array().notNull(),
  details: jsonb('details').$type<CollectionDetails>().notNull(),
  toc: jsonb('toc').$type<StoredTocCategory[]>().notNull(),
  isFree: boolean('is_free').notNull(),
  isEarlyAccess: boolean('is_early_access').notNull().default(false),
  lessonCount: integer('lesson_count').notNull(),
  estimatedMinutes: integer('estimated_minutes').notNull(),
  searchDocument: tsvector('search_document').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: createdAt(),
});
export type CollectionVersionRow = typeof collectionVersions.$inferSelect;

export const pageVersions = pgTable(
  'page_versions',
  {
    collectionVersionId: bigint('collection_version_id', { mode: 'number' }).notNull(),
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    itemType: text('item_type').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary').notNull(),
    estimatedMinutes: integer('estimated_minutes').notNull(),
    components: jsonb('components').$type<unknown[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.collectionVersionId, table.pageId] })],
);
export type PageVersionRow = typeof pageVersions.$inferSelect;

export const pageCompletions = pgTable(
  'page_completions',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    authorId: bigint('author_id', { mode: 'number' }).notNull(),
    collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    attempt: integer('attempt').notNull().default(1),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.collectionId, table.pageId, table.attempt] })],
);

export const learnerWorks = pgTable(
  'learner_works',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
    lastPageId: bigint('last_page_id', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.collectionId] })],
);

export const pinnedWorks = pgTable(
  'pinned_works',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.collectionId] })],
);

export const certificates = pgTable('certificates', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  hash: text('hash').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  learnerName: text('learner_name').notNull(),
  courseTitle: text('course_title').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userMaps = pgTable(
  'user_maps',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    mapName: text('map_name').notNull(),
    mapKey: text('map_key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.mapName, table.mapKey] })],
);

// Notes and highlights, page read time and weekly goals (0004_notes_goals.sql). The generated
// search_document column of notes_highlights is left out here so inserts never name it; search reads it
// through SQL.

export const notesHighlights = pgTable('notes_highlights', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  authorId: bigint('author_id', { mode: 'number' }).notNull(),
  workId: bigint('work_id', { mode: 'number' }).notNull(),
  pageId: bigint('page_id', { mode: 'number' }).notNull(),
  widgetId: text('widget_id').notNull(),
  mdChildId: text('md_child_id').notNull(),
  selectionId: text('selection_id').notNull(),
  quote: text('quote').notNull(),
  comment: text('comment').notNull().default(''),
  workTitle: text('work_title').notNull().default(''),
  pageTitle: text('page_title').notNull().default(''),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type NoteHighlightRow = typeof notesHighlights.$inferSelect;

export const pageReadTimes = pgTable(
  'page_read_times',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    pageType: text('page_type').notNull(),
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    totalSeconds: bigint('total_seconds', { mode: 'number' }).notNull().default(0),
    reports: integer('reports').notNull().default(0),
    firstReadAt: timestamp('first_read_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.pageType, table.pageId] })],
);

export const learningGoals = pgTable('learning_goals', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  // smallint in SQL; read as a number either way.
  daysPerWeek: integer('days_per_week').notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LearningGoalRow = typeof learningGoals.$inferSelect;

// People working on a collection besides its author (0007_collaborators.sql): the collaborators module
// manages the list, content reads a caller's role from it, the studio's listing joins it.
export const collectionCollaborators = pgTable('collection_collaborators', {
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  role: text('role').$type<CollaboratorRoleName>().notNull(),
  access: text('access').$type<CollaboratorAccess>().notNull(),
  addedBy: bigint('added_by', { mode: 'number' }),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CollaboratorRow = typeof collectionCollaborators.$inferSelect;

// Document comments and their replies (0006_document_comments.sql).

export const documentComments = pgTable('document_comments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  documentKey: text('document_key').notNull(),
  authorId: bigint('author_id', { mode: 'number' }).notNull(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  pageId: bigint('page_id', { mode: 'number' }),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  mdText: text('md_text').notNull(),
  isResolved: boolean('is_resolved').notNull().default(false),
  isModified: boolean('is_modified').notNull().default(false),
  repliesCount: integer('replies_count').notNull().default(0),
  createdAt: createdAt(),
  lastModifiedTime: timestamp('last_modified_time', { withTimezone: true }).notNull().defaultNow(),
  lastResolvedTime: timestamp('last_resolved_time', { withTimezone: true }),
  resolvedBy: bigint('resolved_by', { mode: 'number' }),
});
export type DocumentCommentRow = typeof documentComments.$inferSelect;

export const documentCommentReplies = pgTable('document_comment_replies', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  commentId: bigint('comment_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  mdText: text('md_text').notNull(),
  isModified: boolean('is_modified').notNull().default(false),
  createdAt: createdAt(),
  lastModifiedTime: timestamp('last_modified_time', { withTimezone: true }).notNull().defaultNow(),
});
export type DocumentCommentReplyRow = typeof documentCommentReplies.$inferSelect;

// Yjs documents of collaborative editing (0012_collab_documents.sql).

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres wants a Buffer; PGlite takes any Uint8Array. Both read back a Uint8Array (Buffer).
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

export const collabDocuments = pgTable('collab_documents', {
  name: text('name').primaryKey(),
  pageId: bigint('page_id', { mode: 'number' }).notNull(),
  state: bytea('state').notNull(),
  pageEtag: text('page_etag'),
  etag: text('etag').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CollabDocumentRow = typeof collabDocuments.$inferSelect;
