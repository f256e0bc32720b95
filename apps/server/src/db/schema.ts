import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
