-- Account settings (docs/account.md): profile pictures through the media module, e-mail changes that
-- wait for a confirmation link, notification preferences, learner onboarding answers, the author
-- capability, and data requests (spec 001 §4 "Other states": download 4000, deletion 4001).

ALTER TABLE users
  -- Granted when the user asks to teach (or by the seed for the demo author); hides "Teach" until then.
  ADD COLUMN is_author boolean NOT NULL DEFAULT false,
  -- { category: { email: boolean, in_app: boolean } }; missing categories take the defaults in domain.
  ADD COLUMN notification_preferences jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- { goal, languages, level } as answered during onboarding; {} until then.
  ADD COLUMN onboarding_answers jsonb NOT NULL DEFAULT '{}'::jsonb;

-- Everyone who already wrote a course keeps seeing the studio.
UPDATE users SET is_author = true WHERE EXISTS (SELECT 1 FROM collections WHERE collections.author_id = users.id);

-- A pending change of address: the link goes to the new address and works once, for a day.
CREATE TABLE email_change_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_change_tokens_user_idx ON email_change_tokens (user_id);

-- Profile pictures belong to a user, not to a collection.
ALTER TABLE assets ALTER COLUMN collection_id DROP NOT NULL;
ALTER TABLE assets ADD CONSTRAINT assets_owner_check
  CHECK (collection_id IS NOT NULL OR (document_kind = 'profile_picture' AND uploaded_by IS NOT NULL));

-- user_id has no foreign key on purpose: the record that an account was deleted outlives the account
-- (it keeps no personal data: ids, kinds, outcome and times only). A download's export lives in
-- `export` until it expires or the account is deleted.
CREATE TABLE data_requests (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 40000001) PRIMARY KEY,
  user_id bigint NOT NULL,
  request_type integer NOT NULL CHECK (request_type IN (4000, 4001)),
  state text NOT NULL CHECK (state IN ('pending', 'completed')),
  -- Deletions only: 8000 the account row was deleted, 8001 it was retained, anonymised.
  outcome integer CHECK (outcome IN (8000, 8001)),
  export jsonb,
  export_bytes integer,
  created_at timestamptz NOT NULL,
  processed_at timestamptz,
  expires_at timestamptz
);
CREATE INDEX data_requests_user_idx ON data_requests (user_id, created_at DESC);
