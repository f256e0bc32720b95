-- The tutor's hint ladder (docs/ai.md "Tutor"). A ladder row says how many rungs a learner has climbed on
-- one exercise; every answer the tutor gives is logged for the exercise's authors.
CREATE TABLE tutor_ladders (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  page_id bigint NOT NULL,
  comp_id text NOT NULL,
  level integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, collection_id, page_id, comp_id)
);

CREATE TABLE tutor_hints (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  page_id bigint NOT NULL,
  comp_id text NOT NULL,
  -- hint, passing or exhausted; the rung and who wrote it (author, facts, model) for hints.
  status text NOT NULL,
  level integer NOT NULL,
  source text,
  text text NOT NULL,
  tests_passed integer,
  tests_total integer,
  source_sha256 text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX tutor_hints_collection_idx ON tutor_hints (collection_id, created_at DESC);
