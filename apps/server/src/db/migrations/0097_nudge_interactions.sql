-- What learners did with the reader's nudges (POST /api/reader/log-nudge-interaction, spec 000 §7;
-- docs/reader-calls.md "Nudges"): one row per shown, clicked or dismissed, with the text shown. A dismissed
-- nudge is never shown to that learner again; the partial index answers that question.
CREATE TABLE nudge_interactions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  nudge_type text NOT NULL,
  interaction text NOT NULL CHECK (interaction IN ('shown', 'clicked', 'dismissed')),
  text text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE INDEX nudge_interactions_dismissed ON nudge_interactions (user_id, nudge_type)
  WHERE interaction = 'dismissed';
