-- Skill assessments (docs/assessments.md): questions of an assessment collection, learners' attempts
-- and the per-skill stats of a finished attempt. The collection itself is an ordinary
-- collections row (work_type 'skill_assessment'), published like any other.

CREATE TABLE assessment_questions (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 50000001) PRIMARY KEY,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('multiple_choice', 'multiple_answer', 'code')),
  -- Spec difficulty codes: easy 1000, medium 1001, hard 1002.
  difficulty integer NOT NULL CHECK (difficulty IN (1000, 1001, 1002)),
  skill text NOT NULL,
  -- What the learner sees: text, options (id, text), language, starter code.
  content jsonb NOT NULL,
  -- What never reaches the browser: correct option ids, judge test cases, reference solution.
  protected_content jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (collection_id, position)
);

CREATE TABLE assessment_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 60000001) PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  -- Spec attempt codes: in progress 1000, completed 1001, abandoned 1002.
  state integer NOT NULL DEFAULT 1000,
  -- Spec grade codes: ungraded 0 … pass 1006.
  grade integer NOT NULL DEFAULT 0,
  -- 100–1000 once completed.
  score integer,
  -- Spec skill levels: beginner 1000, proficient 1001, expert 1002.
  skill_level integer,
  question_count integer NOT NULL,
  -- Questions asked in order: [{question_id, difficulty, skill, is_correct|null, answered_at|null}].
  answers jsonb NOT NULL DEFAULT '[]'::jsonb,
  current_question_id bigint,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX assessment_attempts_user_idx ON assessment_attempts (user_id, collection_id, started_at DESC);
-- One unfinished attempt per learner and assessment; starting again resumes it.
CREATE UNIQUE INDEX assessment_attempts_open_key ON assessment_attempts (user_id, collection_id) WHERE state = 1000;

CREATE TABLE assessment_skill_stats (
  attempt_id bigint NOT NULL REFERENCES assessment_attempts (id) ON DELETE CASCADE,
  skill text NOT NULL,
  answered integer NOT NULL,
  correct integer NOT NULL,
  percent integer NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (attempt_id, skill)
);
