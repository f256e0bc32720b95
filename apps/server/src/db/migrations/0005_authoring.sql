-- The author studio (docs/authoring.md): a snapshot of every acknowledged page save, so an author can
-- look back and restore, and the log of review submissions and decisions.

CREATE TABLE page_snapshots (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  page_id bigint NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
  -- The page's eTag right after this save.
  etag text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  components jsonb NOT NULL,
  saved_by bigint REFERENCES users (id) ON DELETE SET NULL,
  saved_at timestamptz NOT NULL DEFAULT now()
);
-- Listing (newest first) and pruning to the last 50 both walk one page's rows by id.
CREATE INDEX page_snapshots_page_idx ON page_snapshots (page_id, id DESC);

-- One row per submission (3002) and per decision (3003 unapproved, 3004 early access, 3005 approved).
CREATE TABLE collection_reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  review_state integer NOT NULL,
  -- New 2001 or re-submission 2002, on submissions only.
  submission_type integer,
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collection_reviews_collection_idx ON collection_reviews (collection_id, id DESC);
