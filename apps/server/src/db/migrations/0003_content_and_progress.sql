-- Content (collections, pages, published versions) and the learner's progress on it.
-- The draft lives in collections/pages; publishing snapshots it into collection_versions/page_versions,
-- which is all a reader ever sees (docs/content-model.md).

CREATE TABLE collections (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 20000001) PRIMARY KEY,
  author_id bigint NOT NULL REFERENCES users (id),
  -- The short code of friendly routes: /courses/{slug}/{encoded_id}.
  encoded_id text NOT NULL UNIQUE,
  work_type text NOT NULL,
  course_type text,
  title text NOT NULL DEFAULT '',
  slug text NOT NULL DEFAULT '',
  summary text NOT NULL DEFAULT '',
  cover_image_url text,
  difficulty text NOT NULL DEFAULT 'beginner' CHECK (difficulty IN ('beginner', 'intermediate', 'advanced')),
  language_topic text,
  tags text[] NOT NULL DEFAULT '{}',
  -- skills, target_audience, takeaway_skills, overview, code_themes, docker, path_courses.
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The draft table of contents: [{title, type, is_recovered_category, pages: [{page_id, is_optional, is_preview}]}].
  toc jsonb NOT NULL DEFAULT '[]'::jsonb,
  is_private boolean NOT NULL DEFAULT false,
  organization_id bigint,
  is_plan boolean NOT NULL DEFAULT false,
  is_template boolean NOT NULL DEFAULT false,
  is_global boolean NOT NULL DEFAULT false,
  collaborative_editing boolean NOT NULL DEFAULT false,
  is_free boolean NOT NULL DEFAULT true,
  status integer NOT NULL DEFAULT 101,
  review_state integer NOT NULL DEFAULT 3001,
  submission_type integer,
  -- Changes on every write; a save carrying an older one is a conflict.
  etag text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collections_author_idx ON collections (author_id);

CREATE TABLE pages (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 30000001) PRIMARY KEY,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  item_type text NOT NULL DEFAULT 'collection_lesson',
  title text NOT NULL DEFAULT '',
  slug text NOT NULL DEFAULT '',
  summary text NOT NULL DEFAULT '',
  estimated_minutes integer NOT NULL DEFAULT 5,
  components jsonb NOT NULL DEFAULT '[]'::jsonb,
  status integer NOT NULL DEFAULT 101,
  etag text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pages_collection_idx ON pages (collection_id);

CREATE TABLE collection_versions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  version_no integer NOT NULL,
  state integer NOT NULL,
  title text NOT NULL,
  slug text NOT NULL,
  summary text NOT NULL,
  cover_image_url text,
  difficulty text NOT NULL,
  language_topic text,
  tags text[] NOT NULL,
  details jsonb NOT NULL,
  toc jsonb NOT NULL,
  is_free boolean NOT NULL,
  is_early_access boolean NOT NULL DEFAULT false,
  lesson_count integer NOT NULL,
  estimated_minutes integer NOT NULL,
  search_document tsvector NOT NULL,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (collection_id, version_no)
);
-- At most one live (published) version per collection.
CREATE UNIQUE INDEX collection_versions_live_key ON collection_versions (collection_id) WHERE state = 8003;
CREATE INDEX collection_versions_search_idx ON collection_versions USING gin (search_document);

CREATE TABLE page_versions (
  collection_version_id bigint NOT NULL REFERENCES collection_versions (id) ON DELETE CASCADE,
  page_id bigint NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
  item_type text NOT NULL,
  title text NOT NULL,
  slug text NOT NULL,
  summary text NOT NULL,
  estimated_minutes integer NOT NULL,
  components jsonb NOT NULL,
  PRIMARY KEY (collection_version_id, page_id)
);

-- Completion map (spec 000 §3): keyed by author id, work id, page id and attempt count.
CREATE TABLE page_completions (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  author_id bigint NOT NULL,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  page_id bigint NOT NULL,
  attempt integer NOT NULL DEFAULT 1,
  completed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, collection_id, page_id, attempt)
);
CREATE INDEX page_completions_user_time_idx ON page_completions (user_id, completed_at);

-- One row per work a learner has opened: continue learning, in progress, completed.
CREATE TABLE learner_works (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  last_page_id bigint,
  started_at timestamptz NOT NULL DEFAULT now(),
  last_visited_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (user_id, collection_id)
);
CREATE INDEX learner_works_recent_idx ON learner_works (user_id, last_visited_at DESC);

CREATE TABLE pinned_works (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  pinned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, collection_id)
);

CREATE TABLE certificates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Public verification key: /certificate/{hash}.
  hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  learner_name text NOT NULL,
  course_title text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, collection_id)
);

-- Per-user key/value maps (spec 000 §7 "User data"): widget user data, project and cloud lab maps.
CREATE TABLE user_maps (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  map_name text NOT NULL,
  map_key text NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, map_name, map_key)
);
