-- The last time step (30 s) whose one-time code this account has used: each step is accepted once, so a
-- code seen over someone's shoulder (or replayed from a log) cannot sign in a second time
-- (docs/security.md).
ALTER TABLE users ADD COLUMN totp_last_step bigint;
