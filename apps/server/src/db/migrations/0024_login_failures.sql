-- Failed logins counted per e-mail address, whether or not an account has it, so the lockout answers an
-- unknown address exactly as a real one (docs/security.md). users.failed_login_count and
-- users.locked_until are no longer read or written.
CREATE TABLE login_failures (
  -- lower(e-mail) as typed at login.
  email_key text PRIMARY KEY,
  failures integer NOT NULL,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL
);
