-- Cloud labs (docs/cloudlabs.md). A lab collection is an ordinary collections row (work_type
-- 'standalone_cloud_lab'), published like any other; these tables hold its lab, the lab's tasks with their
-- protected check scripts, each learner's progress and each learner's lab variables.

CREATE TABLE cloud_labs (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 75000001) PRIMARY KEY,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  -- Markdown shown on the overview (spec "content").
  content text NOT NULL DEFAULT '',
  -- Spec envContent.type.
  env_type text NOT NULL DEFAULT 'CloudShell' CHECK (env_type IN ('CloudShell', 'CloudLabWorkspace')),
  -- The instance profile (spec envContent.codeContent), e.g. coderoom/python/3.
  image text NOT NULL,
  -- Starter files written into the workspace when the lab starts: [{path, content}].
  files jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cloud_labs_collection_idx ON cloud_labs (collection_id);

CREATE TABLE cloud_lab_tasks (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 76000001) PRIMARY KEY,
  lab_id bigint NOT NULL REFERENCES cloud_labs (id) ON DELETE CASCADE,
  position integer NOT NULL,
  title text NOT NULL,
  -- Markdown: what the task asks.
  instructions text NOT NULL DEFAULT '',
  -- Protected: a shell script run inside the learner's instance; exit 0 completes the task.
  check_script text NOT NULL,
  -- Protected: a script that does the task (content tests run it).
  solution text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (lab_id, position)
);

-- One row per learner and lab, made when the learner begins or first starts the lab.
CREATE TABLE cloud_lab_progress (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lab_id bigint NOT NULL REFERENCES cloud_labs (id) ON DELETE CASCADE,
  -- {task_id: 'completed'}; a task not listed is 'default'.
  task_status jsonb NOT NULL DEFAULT '{}'::jsonb,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (user_id, lab_id)
);

-- The spec's lab variables, generated once per learner and lab. They leave the server only as environment
-- variables of the learner's own instance, never in an HTTP answer.
CREATE TABLE cloud_lab_variables (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lab_id bigint NOT NULL REFERENCES cloud_labs (id) ON DELETE CASCADE,
  access_key_id text NOT NULL,
  secret_access_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, lab_id)
);
