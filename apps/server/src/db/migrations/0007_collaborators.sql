-- People who work on a collection besides its author (spec 000 §5, §6; docs/authoring.md
-- "Collaborators"): collaborators and co-authors may edit the draft when their access is 'editor',
-- reviewers only read it. A person holds one role per collection, hence the unique pair.

CREATE TABLE collection_collaborators (
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('collaborator', 'co_author', 'reviewer')),
  access text NOT NULL CHECK (access IN ('viewer', 'editor')),
  -- Reviewers read; they never write.
  CONSTRAINT collection_collaborators_reviewer_access_check CHECK (role <> 'reviewer' OR access = 'viewer'),
  added_by bigint REFERENCES users (id) ON DELETE SET NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection_id, user_id)
);
-- Every content request looks up the caller's membership by (collection, user): the primary key.
-- Deleting a user cascades through this index.
CREATE INDEX collection_collaborators_user_idx ON collection_collaborators (user_id);
