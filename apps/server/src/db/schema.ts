import type { CollaboratorAccess, CollaboratorRoleName } from '@coderoom/contracts';
import { CourseReviewState, DEFAULT_ITEM_TYPE, ItemStatus } from '@coderoom/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
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
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
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
  isAuthor: boolean('is_author').notNull().default(false),
  notificationPreferences: jsonb('notification_preferences')
    .$type<Record<string, unknown>>()
    .notNull()
    .default({}),
  onboardingAnswers: jsonb('onboarding_answers').$type<OnboardingAnswers>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

/** What a learner answered during onboarding (0021_account_settings.sql). */
export interface OnboardingAnswers {
  goal?: string;
  languages?: string[];
  level?: 'beginner' | 'intermediate' | 'advanced';
}

export const emailChangeTokens = pgTable('email_change_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  newEmail: text('new_email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

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

export const loginFailures = pgTable('login_failures', {
  emailKey: text('email_key').primaryKey(),
  failures: integer('failures').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const jobs = pgTable('jobs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').$type<unknown>().notNull().default({}),
  state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
    .notNull()
    .default('queued'),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(5),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
export type JobRow = typeof jobs.$inferSelect;

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
  /** What a learner should know before starting, in the author's words (our addition, docs/catalog.md). */
  prerequisites?: string[];
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
  // CertificateState (spec 001 §4), 0054_certificate_states.sql.
  state: text('state').notNull().default('active'),
  stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
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
  /** The note's version (platform/http/etag.ts): replaced by every edit. */
  etag: text('etag').notNull().default(sql`md5(random()::text || clock_timestamp()::text)`),
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

// A learner's interactions with live widgets (0096_live_interactions.sql).
export const liveWidgetInteractions = pgTable(
  'live_widget_interactions',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    authorId: bigint('author_id', { mode: 'number' }).notNull(),
    collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    compId: text('comp_id').notNull(),
    interaction: text('interaction').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.userId,
        table.authorId,
        table.collectionId,
        table.pageId,
        table.compId,
        table.interaction,
      ],
    }),
  ],
);

// The reader's nudges as learners met them (0097_nudge_interactions.sql).
export const nudgeInteractions = pgTable('nudge_interactions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  nudgeType: text('nudge_type').notNull(),
  interaction: text('interaction').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

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

// Commerce (0050_commerce.sql, docs/commerce.md).

const at = (name: string) => timestamp(name, { withTimezone: true });

export const subscriptionPlans = pgTable('subscription_plans', {
  planKey: text('plan_key').primaryKey(),
  featureSet: integer('feature_set').notNull(),
  validityMonths: integer('validity_months').notNull(),
  planType: integer('plan_type').notNull(),
  priceCents: integer('price_cents').notNull(),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  monthlyDiscountedPriceCents: integer('monthly_discounted_price_cents').notNull(),
  specialDiscount: integer('special_discount'),
  isActive: boolean('is_active').notNull().default(true),
});
export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;

export const coursePrices = pgTable('course_prices', {
  collectionId: bigint('collection_id', { mode: 'number' }).primaryKey(),
  priceCents: integer('price_cents'),
  minFeatureSet: integer('min_feature_set').notNull(),
});
export type CoursePriceRow = typeof coursePrices.$inferSelect;

export const subscriptions = pgTable('subscriptions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  planKey: text('plan_key').notNull(),
  featureSet: integer('feature_set').notNull(),
  validityMonths: integer('validity_months').notNull(),
  status: integer('status').notNull(),
  kind: integer('kind').notNull(),
  priceCents: integer('price_cents').notNull(),
  paymentProcessor: text('payment_processor').notNull(),
  paymentMethodId: bigint('payment_method_id', { mode: 'number' }),
  dunningAttempts: integer('dunning_attempts').notNull().default(0),
  lastingDiscountCents: integer('lasting_discount_cents').notNull().default(0),
  suspendedAt: at('suspended_at'),
  startsAt: at('starts_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const coursePurchases = pgTable('course_purchases', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  priceCents: integer('price_cents').notNull(),
  revokedAt: at('revoked_at'),
  suspendedAt: at('suspended_at'),
  createdAt: at('created_at').notNull(),
});
export type CoursePurchaseRow = typeof coursePurchases.$inferSelect;

export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  checkoutType: text('checkout_type').notNull(),
  itemTitle: text('item_title').notNull(),
  planKey: text('plan_key'),
  collectionId: bigint('collection_id', { mode: 'number' }),
  amountCents: integer('amount_cents').notNull(),
  creditCents: integer('credit_cents').notNull().default(0),
  status: text('status', { enum: ['processing', 'requires_action', 'succeeded', 'failed'] }).notNull(),
  processor: text('processor').notNull(),
  processorRef: text('processor_ref'),
  failureCode: text('failure_code'),
  failureMessage: text('failure_message'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardFingerprint: text('card_fingerprint'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  subscriptionId: bigint('subscription_id', { mode: 'number' }),
  purchaseId: bigint('purchase_id', { mode: 'number' }),
  couponCode: text('coupon_code'),
  couponDiscountCents: integer('coupon_discount_cents').notNull().default(0),
  couponNeverExpires: boolean('coupon_never_expires').notNull().default(false),
  referralCreditCents: integer('referral_credit_cents').notNull().default(0),
  // Gifts, reactivation, seats and enterprise purchases (migration 0108).
  giftEmail: text('gift_email'),
  targetSubscriptionId: bigint('target_subscription_id', { mode: 'number' }),
  organizationSubscriptionId: bigint('organization_subscription_id', { mode: 'number' }),
  seatCount: integer('seat_count'),
  organizationName: text('organization_name'),
  grantRevokedAt: at('grant_revoked_at'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});
export type PaymentRow = typeof payments.$inferSelect;

/** The account a logged-out enterprise purchase made, with its password hash as made (0126). */
export const purchaseAccounts = pgTable('purchase_accounts', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  initialPasswordHash: text('initial_password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const paymentMethods = pgTable('payment_methods', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  processor: text('processor').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  fingerprint: text('fingerprint').notNull(),
  processorRef: text('processor_ref'),
  createdAt: at('created_at').notNull(),
});
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  entryKind: text('entry_kind', { enum: ['charge', 'refund', 'chargeback'] }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('USD'),
  paymentId: text('payment_id').notNull(),
  subscriptionId: bigint('subscription_id', { mode: 'number' }),
  purchaseId: bigint('purchase_id', { mode: 'number' }),
  processor: text('processor').notNull(),
  processorRef: text('processor_ref').notNull(),
  description: text('description').notNull(),
  actorId: bigint('actor_id', { mode: 'number' }),
  reason: text('reason'),
  createdAt: at('created_at').notNull(),
});
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

export const processorEvents = pgTable(
  'processor_events',
  {
    processor: text('processor').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.processor, table.eventId] })],
);

// Coupons (0053_commerce_coupons.sql, docs/commerce.md).
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  percentOff: integer('percent_off'),
  amountOffCents: integer('amount_off_cents'),
  discountNeverExpires: boolean('discount_never_expires').notNull().default(false),
  validFrom: at('valid_from'),
  validUntil: at('valid_until'),
  maxRedemptions: integer('max_redemptions'),
  maxPerUser: integer('max_per_user').notNull().default(1),
  planKeys: text('plan_keys').array(),
  appliesToCourses: boolean('applies_to_courses').notNull().default(false),
  isSiteCoupon: boolean('is_site_coupon').notNull().default(false),
  bannerText: text('banner_text'),
  createdAt: at('created_at').notNull().defaultNow(),
});
export type CouponRow = typeof coupons.$inferSelect;

export const couponRedemptions = pgTable('coupon_redemptions', {
  paymentId: text('payment_id').primaryKey(),
  couponCode: text('coupon_code').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  discountCents: integer('discount_cents').notNull(),
  status: text('status', { enum: ['reserved', 'redeemed', 'released'] }).notNull(),
  createdAt: at('created_at').notNull(),
  redeemedAt: at('redeemed_at'),
});
export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect;

// Growth tracking (0056_growth.sql, docs/growth.md).

export type UtmValues = Partial<
  Record<'utm_campaign' | 'utm_term' | 'utm_source' | 'utm_medium' | 'utm_content', string>
>;

export const analyticsEvents = pgTable('analytics_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  eventName: text('event_name').notNull(),
  category: text('category'),
  action: text('action'),
  label: text('label'),
  value: doublePrecision('value'),
  isUnexpected: boolean('is_unexpected').notNull().default(false),
  occurredAt: at('occurred_at').notNull(),
  receivedAt: at('received_at').notNull(),
});
export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;

export const userAttribution = pgTable('user_attribution', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  utm: jsonb('utm').$type<UtmValues>(),
  utmInit: jsonb('utm_init').$type<UtmValues>(),
  referralSite: text('referral_site'),
  lastReferralSite: text('last_referral_site'),
  clickId: text('click_id'),
  clickIdCapturedAt: at('click_id_captured_at'),
  affiliateId: bigint('affiliate_id', { mode: 'number' }),
  affiliateClickId: bigint('affiliate_click_id', { mode: 'number' }),
  affiliatedAt: at('affiliated_at'),
  rakutenMerchantId: text('rakuten_merchant_id'),
  rakutenTrackingId: text('rakuten_tracking_id'),
  rakutenAt: at('rakuten_at'),
  updatedAt: at('updated_at').notNull(),
});
export type UserAttributionRow = typeof userAttribution.$inferSelect;

export const referralCodes = pgTable('referral_codes', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  code: text('code').notNull(),
  createdAt: at('created_at').notNull(),
});
export type ReferralCodeRow = typeof referralCodes.$inferSelect;

export const referrals = pgTable('referrals', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  referrerId: bigint('referrer_id', { mode: 'number' }).notNull(),
  referredUserId: bigint('referred_user_id', { mode: 'number' }).notNull(),
  code: text('code').notNull(),
  creditCents: integer('credit_cents').notNull(),
  status: text('status', { enum: ['pending', 'credited'] }).notNull(),
  creditedPaymentId: text('credited_payment_id'),
  creditedAt: at('credited_at'),
  createdAt: at('created_at').notNull(),
});
export type ReferralRow = typeof referrals.$inferSelect;

export const affiliates = pgTable('affiliates', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  commissionPercent: integer('commission_percent').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: at('created_at').notNull(),
});
export type AffiliateRow = typeof affiliates.$inferSelect;

export const affiliateClicks = pgTable('affiliate_clicks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  token: text('token').notNull(),
  affiliateId: bigint('affiliate_id', { mode: 'number' }).notNull(),
  context: text('context').notNull(),
  refId: text('ref_id'),
  referralSite: text('referral_site'),
  lastReferralSite: text('last_referral_site'),
  utm: jsonb('utm').$type<UtmValues>(),
  createdAt: at('created_at').notNull(),
});
export type AffiliateClickRow = typeof affiliateClicks.$inferSelect;

export const githubScholars = pgTable('github_scholars', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  verifiedAt: at('verified_at').notNull(),
  schoolEmail: text('school_email'),
  subscriptionId: bigint('subscription_id', { mode: 'number' }),
});

// Student verification, admin refund requests and author payouts (0110, 0111; docs/commerce.md, growth.md).

export const studentVerifications = pgTable('student_verifications', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  schoolEmail: text('school_email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  createdAt: at('created_at').notNull(),
});

export const adminRefundRequests = pgTable('admin_refund_requests', {
  requestId: text('request_id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  actorId: bigint('actor_id', { mode: 'number' }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  status: text('status').$type<'pending' | 'done'>().notNull(),
  accessRevoked: boolean('access_revoked').notNull().default(false),
  createdAt: at('created_at').notNull(),
  finishedAt: at('finished_at'),
});
export type AdminRefundRequestRow = typeof adminRefundRequests.$inferSelect;

export const readTimeMonths = pgTable(
  'read_time_months',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    pageType: text('page_type').notNull(),
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.pageType, table.pageId, table.month] })],
);

export const authorPayoutMethods = pgTable('author_payout_methods', {
  authorId: bigint('author_id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  token: text('token').notNull(),
  label: text('label'),
  updatedAt: at('updated_at').notNull(),
});
export type AuthorPayoutMethodRow = typeof authorPayoutMethods.$inferSelect;

export const payoutMonths = pgTable('payout_months', {
  month: date('month', { mode: 'string' }).primaryKey(),
  netSubscriptionCents: bigint('net_subscription_cents', { mode: 'number' }).notNull(),
  poolCents: bigint('pool_cents', { mode: 'number' }).notNull(),
  totalReadingSeconds: bigint('total_reading_seconds', { mode: 'number' }).notNull(),
  computedAt: at('computed_at').notNull(),
});
export type PayoutMonthRow = typeof payoutMonths.$inferSelect;

export const payoutStatements = pgTable('payout_statements', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  month: date('month', { mode: 'string' }).notNull(),
  authorId: bigint('author_id', { mode: 'number' }).notNull(),
  readingShareCents: bigint('reading_share_cents', { mode: 'number' }).notNull(),
  salesShareCents: bigint('sales_share_cents', { mode: 'number' }).notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull(),
});
export type PayoutStatementRow = typeof payoutStatements.$inferSelect;

export const payoutStatementLines = pgTable(
  'payout_statement_lines',
  {
    statementId: bigint('statement_id', { mode: 'number' }).notNull(),
    collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    readingSeconds: bigint('reading_seconds', { mode: 'number' }).notNull(),
    readingShareCents: bigint('reading_share_cents', { mode: 'number' }).notNull(),
    salesNetCents: bigint('sales_net_cents', { mode: 'number' }).notNull(),
    salesShareCents: bigint('sales_share_cents', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.statementId, table.collectionId] })],
);
export type PayoutStatementLineRow = typeof payoutStatementLines.$inferSelect;

// The work area (0060_work.sql, docs/work.md).

export const workItems = pgTable('work_items', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
  organizationId: bigint('organization_id', { mode: 'number' }),
  kind: text('kind').notNull(),
  parentId: bigint('parent_id', { mode: 'number' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  body: text('body').notNull().default(''),
  status: integer('status'),
  itemKind: integer('item_kind'),
  state: integer('state').notNull().default(8001),
  priority: integer('priority'),
  claimState: integer('claim_state'),
  dueDate: timestamp('due_date', { withTimezone: true }),
  /** The due date the assignees were last reminded of (0100_work_due_reminders.sql). */
  dueNotifiedFor: timestamp('due_notified_for', { withTimezone: true }),
  milestoneId: bigint('milestone_id', { mode: 'number' }),
  targetId: bigint('target_id', { mode: 'number' }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: bigint('deleted_by', { mode: 'number' }),
  deletedRootId: bigint('deleted_root_id', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type WorkItemRow = typeof workItems.$inferSelect;

export const workMilestones = pgTable('work_milestones', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: bigint('project_id', { mode: 'number' }).notNull(),
  title: text('title').notNull(),
  dueDate: timestamp('due_date', { withTimezone: true }),
  createdAt: createdAt(),
});
export type WorkMilestoneRow = typeof workMilestones.$inferSelect;

export const workCollaborators = pgTable(
  'work_collaborators',
  {
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    role: text('role', { enum: ['view', 'comment', 'edit'] }).notNull(),
    addedBy: bigint('added_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.userId] })],
);

export const workTaskAssignees = pgTable(
  'work_task_assignees',
  {
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.userId] })],
);

export const workStars = pgTable(
  'work_stars',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] })],
);

export const workTaskComments = pgTable('work_task_comments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  taskId: bigint('task_id', { mode: 'number' }).notNull(),
  parentId: bigint('parent_id', { mode: 'number' }),
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
export type WorkTaskCommentRow = typeof workTaskComments.$inferSelect;

export const workReviewSignoffs = pgTable(
  'work_review_signoffs',
  {
    reviewId: bigint('review_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    decision: text('decision', { enum: ['pending', 'signed_off', 'changes_requested'] })
      .notNull()
      .default('pending'),
    note: text('note').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] })],
);

export const workScheduledReports = pgTable('work_scheduled_reports', {
  itemId: bigint('item_id', { mode: 'number' }).primaryKey(),
  assigneesList: bigint('assignees_list', { mode: 'number' }).array().notNull().default([]),
  reviewersList: bigint('reviewers_list', { mode: 'number' }).array().notNull().default([]),
  watchersList: bigint('watchers_list', { mode: 'number' }).array().notNull().default([]),
  repeatEvery: integer('repeat_every').notNull(),
  repeatType: text('repeat_type', { enum: ['days', 'weeks', 'months'] }).notNull(),
  repeatOnWeekday: integer('repeat_on_weekday'),
  repeatOnDate: integer('repeat_on_date'),
  nextScheduledDate: timestamp('next_scheduled_date', { withTimezone: true }).notNull(),
});
export type WorkScheduledReportRow = typeof workScheduledReports.$inferSelect;

export const workActivity = pgTable('work_activity', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  itemId: bigint('item_id', { mode: 'number' }),
  itemTitle: text('item_title').notNull(),
  itemKind: text('item_kind').notNull(),
  actorId: bigint('actor_id', { mode: 'number' }).notNull(),
  action: text('action').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type WorkActivityRow = typeof workActivity.$inferSelect;

export const workOnboarding = pgTable('work_onboarding', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  nextOnboardingStage: text('next_onboarding_stage'),
  isOnboardingCompleted: boolean('is_onboarding_completed').notNull().default(false),
  redirectedProjectId: bigint('redirected_project_id', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const workWorkspaces = pgTable('work_workspaces', {
  ownerId: bigint('owner_id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
});

export const workDocumentStates = pgTable('work_document_states', {
  itemId: bigint('item_id', { mode: 'number' }).primaryKey(),
  state: bytea('state').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const workDocumentVersions = pgTable('work_document_versions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  itemId: bigint('item_id', { mode: 'number' }).notNull(),
  body: text('body').notNull(),
  reason: text('reason').$type<'edit' | 'restore'>().notNull(),
  restoredFrom: bigint('restored_from', { mode: 'number' }),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type WorkDocumentVersionRow = typeof workDocumentVersions.$inferSelect;

// Marketing pages and the blog (0085_marketing.sql, docs/marketing.md).
export const blogCategories = pgTable('blog_categories', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
});
export type BlogCategoryRow = typeof blogCategories.$inferSelect;

export const editorPages = pgTable('editor_pages', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['marketing_page', 'blogs'] }).notNull(),
  url: text('url').notNull(),
  authorId: bigint('author_id', { mode: 'number' }).notNull(),
  title: text('title').notNull().default(''),
  description: text('description').notNull().default(''),
  categoryId: bigint('category_id', { mode: 'number' }),
  components: jsonb('components').$type<unknown[]>().notNull().default([]),
  etag: text('etag').notNull(),
  isPublished: boolean('is_published').notNull().default(false),
  publishedTitle: text('published_title'),
  publishedDescription: text('published_description'),
  publishedComponents: jsonb('published_components').$type<unknown[]>(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type EditorPageRow = typeof editorPages.$inferSelect;

export const marketingLeads = pgTable('marketing_leads', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  pageId: bigint('page_id', { mode: 'number' }),
  pageUrl: text('page_url').notNull(),
  formId: text('form_id').notNull(),
  portalId: text('portal_id').notNull().default(''),
  email: text('email').notNull(),
  fullName: text('full_name').notNull().default(''),
  company: text('company').notNull().default(''),
  teamSize: integer('team_size'),
  message: text('message').notNull().default(''),
  userId: bigint('user_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

// Answers (0080_shots.sql, docs/answers.md).
export interface ShotAttribution {
  name: string;
  url?: string;
}
export const shots = pgTable('shots', {
  collectionId: bigint('collection_id', { mode: 'number' }).primaryKey(),
  pageId: bigint('page_id', { mode: 'number' }).notNull(),
  url: text('url').notNull(),
  license: integer('license').notNull().default(9001),
  difficulty: integer('difficulty').notNull().default(1000),
  programmingTags: text('programming_tags').array().notNull().default([]),
  topicTags: text('topic_tags').array().notNull().default([]),
  docker: jsonb('docker').$type<Record<string, unknown>>().notNull().default({}),
  attributions: jsonb('attributions').$type<ShotAttribution[]>().notNull().default([]),
  draftViewers: bigint('draft_viewers', { mode: 'number' }).array().notNull().default([]),
  readTime: integer('read_time').notNull().default(1),
  shares: integer('shares').notNull().default(0),
  deleted: boolean('deleted').notNull().default(false),
  createdAt: createdAt(),
});
export type ShotRow = typeof shots.$inferSelect;

// Proofreading of articles (migration 0086, docs/proofreading.md).
export const proofreaders = pgTable('proofreaders', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  createdAt: createdAt(),
});

export const proofreads = pgTable('proofreads', {
  collectionId: bigint('collection_id', { mode: 'number' }).primaryKey(),
  pageId: bigint('page_id', { mode: 'number' }).notNull(),
  state: integer('state').notNull().default(101),
  proofreaderId: bigint('proofreader_id', { mode: 'number' }),
  submittedBy: bigint('submitted_by', { mode: 'number' }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ProofreadRow = typeof proofreads.$inferSelect;

export const proofreadPasses = pgTable('proofread_passes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  passNo: integer('pass_no').notNull(),
  proofreaderId: bigint('proofreader_id', { mode: 'number' }),
  baseComponents: jsonb('base_components').$type<unknown[]>().notNull(),
  baseEtag: text('base_etag').notNull(),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  incorporatedAt: timestamp('incorporated_at', { withTimezone: true }),
});
export type ProofreadPassRow = typeof proofreadPasses.$inferSelect;

export const proofreadSuggestions = pgTable('proofread_suggestions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  passId: bigint('pass_id', { mode: 'number' }).notNull(),
  compId: text('comp_id').notNull(),
  offset: integer('offset').notNull(),
  original: text('original').notNull(),
  replacement: text('replacement').notNull(),
  note: text('note').notNull().default(''),
  decision: text('decision').$type<'accepted' | 'rejected'>(),
  decidedBy: bigint('decided_by', { mode: 'number' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: createdAt(),
});
export type ProofreadSuggestionRow = typeof proofreadSuggestions.$inferSelect;

export const proofreadEvents = pgTable('proofread_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  action: text('action').notNull(),
  fromState: integer('from_state').notNull(),
  toState: integer('to_state').notNull(),
  actorId: bigint('actor_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const shotLikes = pgTable(
  'shot_likes',
  {
    collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.userId] })],
);

export const shotBookmarks = pgTable(
  'shot_bookmarks',
  {
    collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.userId] })],
);
