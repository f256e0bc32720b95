-- Shared assessment results (docs/assessments.md "Review, retake and share"): a learner may publish the
-- score of a completed attempt under a random token; revoking keeps the row (revoked_at) so the token is
-- never handed out again. Answers are never part of a share.

CREATE TABLE assessment_result_shares (
  token text PRIMARY KEY,
  attempt_id bigint NOT NULL REFERENCES assessment_attempts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
-- At most one live share per attempt: sharing again returns it.
CREATE UNIQUE INDEX assessment_result_shares_live_key ON assessment_result_shares (attempt_id)
  WHERE revoked_at IS NULL;
