-- Hands-on projects (docs/projects.md). A project collection is an ordinary collections row (work_type
-- 'standalone_project'), published like any other; these tables hold its project, the project's tasks
-- ("components", spec 000 §3 Project), its data files and each learner's progress.

CREATE TABLE projects (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 70000001) PRIMARY KEY,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  -- Spec project difficulty, default easy.
  difficulty text NOT NULL DEFAULT 'easy' CHECK (difficulty IN ('easy', 'medium', 'hard')),
  -- What the learner sees: description widgets.
  content jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Free-text prerequisites ("pre_reqs") and collection ids of prerequisite projects and relevant courses.
  pre_reqs text[] NOT NULL DEFAULT '{}',
  pre_requisite_projects bigint[] NOT NULL DEFAULT '{}',
  relevant_courses bigint[] NOT NULL DEFAULT '{}',
  -- Data files the learner may read (ids of project_files).
  udata_files bigint[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_collection_idx ON projects (collection_id);

-- Files of a project: learner data files, and the protected evaluation input/output files.
CREATE TABLE project_files (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 72000001) PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_files_project_idx ON project_files (project_id);

CREATE TABLE project_components (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 71000001) PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  position integer NOT NULL,
  title text NOT NULL,
  type text NOT NULL CHECK (
    type IN ('single_page_app', 'code_widget', 'workspace', 'runjs', 'url_iframe', 'terminal', 'code_evaluation')
  ),
  -- What the learner sees: description and guide widgets, codeContent (with comp_id), isProject, url.
  content jsonb NOT NULL,
  -- What never reaches the browser: hidden test cases, solution, evaluationInputFileId/OutputFileId.
  protected_content jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, position)
);

-- One row per learner and project. Reset clears it and moves to the next attempt.
CREATE TABLE project_progress (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  -- Spec attempt mode: guided 2001, unguided 2002; null until the learner begins (again).
  mode integer CHECK (mode IN (2001, 2002)),
  current_attempt integer NOT NULL DEFAULT 1,
  -- {component_id: source code} of the current attempt.
  source_code jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- {component_id: 'completed'}; a task not listed is 'default'.
  task_status jsonb NOT NULL DEFAULT '{}'::jsonb,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (user_id, project_id)
);
