-- Every code run, for progress and abuse review: who ran what, in which language, how long, with what outcome.

CREATE TABLE code_executions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('execute', 'judge', 'tests')),
  language text NOT NULL,
  -- execute: the run status; judge: 'passed' | 'failed' | 'compile_error'; tests: the run status.
  outcome text NOT NULL,
  duration_ms integer NOT NULL,
  source_sha256 text NOT NULL,
  source_bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX code_executions_user_created_idx ON code_executions (user_id, created_at DESC);
