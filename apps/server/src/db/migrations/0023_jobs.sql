-- A durable job queue (platform/jobs, docs/jobs.md): work that must happen after a request answers —
-- mail today; renewals and notifications later. A worker claims due rows with FOR UPDATE SKIP LOCKED,
-- so any number of processes share one queue; a claimed row carries a lease, and a worker that dies
-- holding one gives it back when the lease ends.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- What to do, e.g. 'accounts.password_reset_mail'; each kind has one handler.
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts > 0),
  -- Not before: the first run, or the next retry after a backoff.
  run_at timestamptz NOT NULL,
  -- While running: when the claim lapses and another worker may take the job.
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- The claim's scan: only rows that may still run.
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE state IN ('queued', 'running');
-- Clean-up of finished rows.
CREATE INDEX jobs_finished ON jobs (finished_at) WHERE state IN ('done', 'failed');
