-- Notes and highlights, page read time and weekly goals (spec 000 §3, §7; docs/decisions.md
-- "Notes, user data and goals"). Every row belongs to one learner and is only ever shown to them.

CREATE TABLE notes_highlights (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 40000001) PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The lesson's address, as in every content URL: /collection/page/{author_id}/{work_id}/{page_id}.
  author_id bigint NOT NULL,
  work_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  page_id bigint NOT NULL,
  -- The anchor: the widget's comp_id, the Markdown block's data-md-child-id, and "start-end"
  -- character offsets within that block's text.
  widget_id text NOT NULL,
  md_child_id text NOT NULL,
  selection_id text NOT NULL,
  -- The highlighted text as the learner saw it, so search and the notes page work without the lesson.
  quote text NOT NULL,
  comment text NOT NULL DEFAULT '',
  -- Titles when the note was written: the notes page lists many lessons without reading each one.
  work_title text NOT NULL DEFAULT '',
  page_title text NOT NULL DEFAULT '',
  -- The note's revision; an edit based on an older one is refused.
  version integer NOT NULL DEFAULT 1,
  search_document tsvector GENERATED ALWAYS AS (to_tsvector('english', quote || ' ' || comment)) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The same range highlighted twice is one highlight.
CREATE UNIQUE INDEX notes_highlights_anchor_key
  ON notes_highlights (user_id, work_id, page_id, widget_id, md_child_id, selection_id);
CREATE INDEX notes_highlights_user_recent_idx ON notes_highlights (user_id, updated_at DESC);
CREATE INDEX notes_highlights_search_idx ON notes_highlights USING gin (search_document);

-- Reading time per learner and page, summed over the client's reports.
CREATE TABLE page_read_times (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  page_type text NOT NULL,
  page_id bigint NOT NULL,
  total_seconds bigint NOT NULL DEFAULT 0,
  reports integer NOT NULL DEFAULT 0,
  first_read_at timestamptz NOT NULL DEFAULT now(),
  last_read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, page_type, page_id)
);

-- A learner's weekly goal (days with learning activity per week) and the time zone their days are counted in.
CREATE TABLE learning_goals (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  days_per_week smallint NOT NULL CHECK (days_per_week BETWEEN 1 AND 7),
  time_zone text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
