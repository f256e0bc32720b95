-- Answers ("shots", docs/answers.md). A shot is an ordinary collections row (work_type 'answer') with
-- exactly one page (item_type 'shot') holding its widgets: drafts, publishing, review and code runs are
-- the content model's. This table adds what only a shot has; likes and bookmarks are per reader.

CREATE TABLE shots (
  collection_id bigint PRIMARY KEY REFERENCES collections (id) ON DELETE CASCADE,
  page_id bigint NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
  -- The canonical url: the last segment of /answers/{url}; unique among shots that are not deleted.
  url text NOT NULL,
  license integer NOT NULL DEFAULT 9001 CHECK (license IN (9001, 9002, 9003)),
  difficulty integer NOT NULL DEFAULT 1000 CHECK (difficulty IN (1000, 1001, 1002)),
  programming_tags text[] NOT NULL DEFAULT '{}',
  topic_tags text[] NOT NULL DEFAULT '{}',
  -- Docker configuration (spec 000 §3): envs, container, jobs.
  docker jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- [{ name, url? }]: whose work the answer builds on.
  attributions jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Users the author invited to read the draft.
  draft_viewers bigint[] NOT NULL DEFAULT '{}',
  read_time integer NOT NULL DEFAULT 1,
  shares integer NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX shots_url_key ON shots (url) WHERE NOT deleted;

CREATE TABLE shot_likes (
  collection_id bigint NOT NULL REFERENCES shots (collection_id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection_id, user_id)
);

CREATE TABLE shot_bookmarks (
  collection_id bigint NOT NULL REFERENCES shots (collection_id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection_id, user_id)
);
CREATE INDEX shot_bookmarks_user_idx ON shot_bookmarks (user_id, created_at DESC);
