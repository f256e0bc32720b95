-- Document comments: threads that the editors of a collection leave on its pages or on the collection
-- itself, with replies (spec 000 §3 "Comment (document comments)", §4; docs/decisions.md "Document
-- comments").
--
-- Writers (user_id, resolved_by) have no foreign key on purpose: a thread outlives its writer's account
-- and the writer is then shown as "Deleted User".

CREATE TABLE document_comments (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 60000001) PRIMARY KEY,
  -- The canonical document key, page:{author_id}:{collection_id}:{page_id} or
  -- collection:{author_id}:{collection_id}; the columns below are the same address, parsed.
  document_key text NOT NULL,
  author_id bigint NOT NULL,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  page_id bigint,
  user_id bigint NOT NULL,
  md_text text NOT NULL CHECK (char_length(md_text) BETWEEN 1 AND 10000),
  is_resolved boolean NOT NULL DEFAULT false,
  is_modified boolean NOT NULL DEFAULT false,
  -- Kept equal to the number of replies by every write that adds or removes one (same transaction).
  replies_count integer NOT NULL DEFAULT 0 CHECK (replies_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_time timestamptz NOT NULL DEFAULT now(),
  last_resolved_time timestamptz,
  resolved_by bigint,
  -- Resolving sets both the time and the resolver; unresolving clears both.
  CONSTRAINT document_comments_resolution_check CHECK (
    (is_resolved AND last_resolved_time IS NOT NULL AND resolved_by IS NOT NULL)
    OR (NOT is_resolved AND last_resolved_time IS NULL AND resolved_by IS NULL)
  )
);
CREATE INDEX document_comments_document_idx ON document_comments (document_key, created_at, id);
-- Parent (per-collection) counts and the cascade from collections.
CREATE INDEX document_comments_collection_idx ON document_comments (collection_id);

CREATE TABLE document_comment_replies (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 61000001) PRIMARY KEY,
  comment_id bigint NOT NULL REFERENCES document_comments (id) ON DELETE CASCADE,
  user_id bigint NOT NULL,
  md_text text NOT NULL CHECK (char_length(md_text) BETWEEN 1 AND 10000),
  is_modified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_comment_replies_comment_idx ON document_comment_replies (comment_id, created_at, id);
