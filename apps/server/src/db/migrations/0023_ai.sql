-- AI search over published lessons, and AI code reviews (docs/ai.md).
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it; PGlite loads it at start.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One row per section of a lesson in a live (published) version: its prose, its code and the identifiers
-- found in both. Rows of a version that stops being live are deleted when the index next syncs.
CREATE TABLE ai_chunks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  collection_version_id bigint NOT NULL REFERENCES collection_versions (id) ON DELETE CASCADE,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  author_id bigint NOT NULL,
  page_id bigint NOT NULL,
  -- Order of the section in the lesson (0 = the text before the first heading).
  position integer NOT NULL,
  course_title text NOT NULL,
  -- The course's language topic (Go, Python…): a question naming a language prefers its courses.
  language_topic text,
  lesson_title text NOT NULL,
  heading text NOT NULL,
  anchor text NOT NULL,
  body text NOT NULL,
  code text,
  code_language text,
  -- Space-separated identifiers (WaitGroup, bufio.Scanner, unique_ptr) for trigram matching.
  identifiers text NOT NULL,
  -- heading A, lesson title B, prose C, code and course title D.
  search_vector tsvector NOT NULL
);
CREATE INDEX ai_chunks_search_idx ON ai_chunks USING gin (search_vector);
CREATE INDEX ai_chunks_identifiers_idx ON ai_chunks USING gin (identifiers gin_trgm_ops);
CREATE INDEX ai_chunks_version_idx ON ai_chunks (collection_version_id);

-- Versions whose sections are in ai_chunks (a version with no text still counts as indexed).
CREATE TABLE ai_indexed_versions (
  collection_version_id bigint PRIMARY KEY REFERENCES collection_versions (id) ON DELETE CASCADE,
  indexed_at timestamptz NOT NULL
);

-- A review of a learner's code, with the facts it was made from and the learner's rating of it.
CREATE TABLE ai_code_reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  language text NOT NULL,
  collection_id bigint REFERENCES collections (id) ON DELETE CASCADE,
  page_id bigint,
  comp_id text,
  source_sha256 text NOT NULL,
  summary text NOT NULL,
  comments jsonb NOT NULL,
  tests_passed integer,
  tests_total integer,
  -- -1 unhelpful, 1 helpful; feedback at most 1024 characters (spec 000 §5).
  rating smallint,
  feedback text,
  rated_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX ai_code_reviews_collection_idx ON ai_code_reviews (collection_id, created_at DESC);
CREATE INDEX ai_code_reviews_user_idx ON ai_code_reviews (user_id, created_at DESC);
