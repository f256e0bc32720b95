-- Proofreading of articles (answers, docs/proofreading.md; spec 000 §4 states 101–106). One row per
-- article that ever entered proofreading; passes hold a proofreader's suggestions, each anchored to a
-- Markdown block's text; the author's decisions are kept on the suggestions.

-- Users who may proofread besides platform super admins.
CREATE TABLE proofreaders (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE proofreads (
  collection_id bigint PRIMARY KEY REFERENCES collections (id) ON DELETE CASCADE,
  page_id bigint NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
  state integer NOT NULL DEFAULT 101 CHECK (state BETWEEN 101 AND 106),
  -- The proofreader who claimed the current round (null before a claim and after approval).
  proofreader_id bigint REFERENCES users (id) ON DELETE SET NULL,
  submitted_by bigint REFERENCES users (id) ON DELETE SET NULL,
  submitted_at timestamptz,
  approved_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proofreads_state_idx ON proofreads (state, updated_at);

CREATE TABLE proofread_passes (
  id bigserial PRIMARY KEY,
  collection_id bigint NOT NULL REFERENCES proofreads (collection_id) ON DELETE CASCADE,
  -- 1, 2, … per article across rounds: the {selectedPass} and {basePass} of the routes.
  pass_no integer NOT NULL,
  proofreader_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- The page's widgets and eTag when the pass opened: what its suggestions' offsets refer to.
  base_components jsonb NOT NULL,
  base_etag text NOT NULL,
  opened_at timestamptz NOT NULL,
  finished_at timestamptz,
  -- An admin sent it on to the author (104 → 105).
  released_at timestamptz,
  -- The author decided every suggestion of it (105 → 106).
  incorporated_at timestamptz,
  UNIQUE (collection_id, pass_no)
);

CREATE TABLE proofread_suggestions (
  id bigserial PRIMARY KEY,
  pass_id bigint NOT NULL REFERENCES proofread_passes (id) ON DELETE CASCADE,
  comp_id text NOT NULL,
  "offset" integer NOT NULL CHECK ("offset" >= 0),
  original text NOT NULL,
  replacement text NOT NULL,
  note text NOT NULL DEFAULT '',
  -- accepted | rejected, set when the author incorporates.
  decision text CHECK (decision IN ('accepted', 'rejected')),
  decided_by bigint REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proofread_suggestions_pass_idx ON proofread_suggestions (pass_id, id);

-- Every move of the state machine: who, when, from and to.
CREATE TABLE proofread_events (
  id bigserial PRIMARY KEY,
  collection_id bigint NOT NULL REFERENCES proofreads (collection_id) ON DELETE CASCADE,
  action text NOT NULL,
  from_state integer NOT NULL,
  to_state integer NOT NULL,
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX proofread_events_collection_idx ON proofread_events (collection_id, id);
