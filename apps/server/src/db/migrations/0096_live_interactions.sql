-- A learner's interactions with the live widgets of a lesson (POST /api/userdata/live/interactions, spec
-- 000 §7; docs/reader-calls.md): one running count per widget and kind of interaction, with when it was
-- first and last seen. Counts, not events: the client batches, and the table stays one row per pair.
CREATE TABLE live_widget_interactions (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  author_id bigint NOT NULL,
  collection_id bigint NOT NULL,
  page_id bigint NOT NULL,
  comp_id text NOT NULL,
  interaction text NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, author_id, collection_id, page_id, comp_id, interaction)
);
