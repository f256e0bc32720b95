-- Platform and accounts: users, sessions, password resets, rate limits, the dev mailbox.


CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 10000001) PRIMARY KEY,
  email text NOT NULL,
  full_name text NOT NULL,
  password_hash text NOT NULL,
  profile_pic_url text,
  admin_role integer,
  user_theme text NOT NULL DEFAULT 'unset' CHECK (user_theme IN ('unset', 'dark', 'light')),
  use_system_preference boolean NOT NULL DEFAULT false,
  totp_secret text,
  totp_pending_secret text,
  two_factor_via_app boolean NOT NULL DEFAULT false,
  two_factor_required boolean NOT NULL DEFAULT false,
  failed_login_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  viewed_flags jsonb NOT NULL DEFAULT '{}'::jsonb,
  feature_feedbacks_submitted jsonb NOT NULL DEFAULT '[]'::jsonb,
  checklist jsonb NOT NULL DEFAULT '{"checklist_selection": [], "completion_map": {}}'::jsonb,
  tutorial_status text,
  enable_new_nav_b2b boolean NOT NULL DEFAULT false,
  next_onboarding_stage text,
  is_onboarding_completed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

CREATE TABLE sessions (
  id text PRIMARY KEY,                       -- sha256 of the cookie token; the token itself is never stored
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'pending_two_factor')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id);

-- Fixed-window counters shared by every API instance (no rate-limit state in process memory).
CREATE TABLE rate_limit_hits (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key, window_start)
);

CREATE TABLE dev_mailbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  raw_message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
