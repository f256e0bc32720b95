-- The work area (spec 002 §2.1, §3.1-§3.3, §4.1-§4.2; docs/work.md): items in a tree (projects, folders,
-- documents, tasks, reviews, groups, scheduled reports), their collaborators, task comments, stars,
-- milestones, review sign-offs, scheduled reports and the activity feed of the work home.

CREATE TABLE work_items (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 60000001) PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Seam for organizations (issue 16): an item made inside an organization belongs to it too.
  organization_id bigint,
  kind text NOT NULL CHECK (kind IN ('document', 'project', 'folder', 'task', 'review', 'group', 'project_task',
    'scheduled_report', 'private_project', 'private_folder')),
  parent_id bigint REFERENCES work_items (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- A document's text when it is not open in the co-editor (the co-editor's Yjs state is in collab_documents).
  body text NOT NULL DEFAULT '',
  -- Task fields (spec 002 §4.1-§4.2); null on other kinds.
  status integer,
  item_kind integer,
  state integer NOT NULL DEFAULT 8001,
  priority integer,
  claim_state integer,
  due_date timestamptz,
  milestone_id bigint,
  -- A review's document.
  target_id bigint REFERENCES work_items (id) ON DELETE CASCADE,
  deleted_at timestamptz,
  deleted_by bigint,
  -- Deleting an item trashes its subtree with it; each row names the item the user deleted, so a restore
  -- brings back exactly that subtree and the trash lists only what the user deleted.
  deleted_root_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_items_parent ON work_items (parent_id);
CREATE INDEX work_items_owner_kind ON work_items (owner_id, kind);
CREATE INDEX work_items_target ON work_items (target_id);

CREATE TABLE work_milestones (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 60000001) PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES work_items (id) ON DELETE CASCADE,
  title text NOT NULL,
  due_date timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_milestones_project ON work_milestones (project_id);

CREATE TABLE work_collaborators (
  item_id bigint NOT NULL REFERENCES work_items (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('view', 'comment', 'edit')),
  added_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_id, user_id)
);
CREATE INDEX work_collaborators_user ON work_collaborators (user_id);

CREATE TABLE work_task_assignees (
  task_id bigint NOT NULL REFERENCES work_items (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (task_id, user_id)
);
CREATE INDEX work_task_assignees_user ON work_task_assignees (user_id);

CREATE TABLE work_stars (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_id bigint NOT NULL REFERENCES work_items (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_id)
);

-- Task comments in the document-comment shape of spec 002 §3.2; a reply has parent_id.
CREATE TABLE work_task_comments (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 60000001) PRIMARY KEY,
  task_id bigint NOT NULL REFERENCES work_items (id) ON DELETE CASCADE,
  parent_id bigint REFERENCES work_task_comments (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  md_text text NOT NULL,
  is_resolved boolean NOT NULL DEFAULT false,
  is_modified boolean NOT NULL DEFAULT false,
  replies_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_time timestamptz NOT NULL DEFAULT now(),
  last_resolved_time timestamptz,
  resolved_by bigint
);
CREATE INDEX work_task_comments_task ON work_task_comments (task_id, created_at);

CREATE TABLE work_review_signoffs (
  review_id bigint NOT NULL REFERENCES work_items (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  decision text NOT NULL DEFAULT 'pending' CHECK (decision IN ('pending', 'signed_off', 'changes_requested')),
  note text NOT NULL DEFAULT '',
  decided_at timestamptz,
  PRIMARY KEY (review_id, user_id)
);
CREATE INDEX work_review_signoffs_user ON work_review_signoffs (user_id);

CREATE TABLE work_scheduled_reports (
  item_id bigint PRIMARY KEY REFERENCES work_items (id) ON DELETE CASCADE,
  assignees_list bigint[] NOT NULL DEFAULT '{}',
  reviewers_list bigint[] NOT NULL DEFAULT '{}',
  watchers_list bigint[] NOT NULL DEFAULT '{}',
  repeat_every integer NOT NULL CHECK (repeat_every BETWEEN 1 AND 365),
  repeat_type text NOT NULL CHECK (repeat_type IN ('days', 'weeks', 'months')),
  repeat_on_weekday integer CHECK (repeat_on_weekday BETWEEN 0 AND 6),
  repeat_on_date integer CHECK (repeat_on_date BETWEEN 1 AND 31),
  next_scheduled_date timestamptz NOT NULL
);

CREATE TABLE work_activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_id bigint REFERENCES work_items (id) ON DELETE SET NULL,
  -- Kept so the feed still reads after a permanent delete.
  item_title text NOT NULL,
  item_kind text NOT NULL,
  actor_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
CREATE INDEX work_activity_item ON work_activity (item_id, created_at DESC);
CREATE INDEX work_activity_actor ON work_activity (actor_id, created_at DESC);

-- Work onboarding (spec 002 §4.10): next_onboarding_stage until is_onboarding_completed.
CREATE TABLE work_onboarding (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  next_onboarding_stage text,
  is_onboarding_completed boolean NOT NULL DEFAULT false,
  redirected_project_id bigint,
  updated_at timestamptz NOT NULL
);

-- A user's work area has a name ("Course launch"); without a row it is "<name>'s workspace".
CREATE TABLE work_workspaces (
  owner_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL
);
