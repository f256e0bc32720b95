-- Feature flags with rollout levels (spec 001 §6; docs/features.md). One row per flag; a flag without a row
-- is treated as disabled. Features not built yet start disabled; the rest start on for everyone.
CREATE TABLE feature_flags (
  name text PRIMARY KEY,
  rollout text NOT NULL CHECK (rollout IN ('disabled', 'internal', 'b2c', 'b2b', 'all')),
  updated_at timestamptz,
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL
);

INSERT INTO feature_flags (name, rollout) VALUES
  ('social_login', 'disabled'),
  ('gift_subscription', 'disabled'),
  ('payment_providers', 'all'),
  ('search_experience', 'all'),
  ('milestones', 'all'),
  ('two_factor_authenticator', 'all'),
  ('scheduled_reports', 'all'),
  ('ai_assistant', 'all');
