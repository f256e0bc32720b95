-- /github-students (docs/growth.md "Student plan"): a student proves a school e-mail address with a
-- code sent to it; once confirmed, a row in github_scholars and the free student plan.

CREATE TABLE student_verifications (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  school_email text NOT NULL,
  -- SHA-256 of the six-digit code: the code itself is only in the e-mail.
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);

ALTER TABLE github_scholars ADD COLUMN school_email text;
ALTER TABLE github_scholars ADD COLUMN subscription_id bigint;
-- One school address verifies one account.
CREATE UNIQUE INDEX github_scholars_school_email ON github_scholars (lower(school_email));
