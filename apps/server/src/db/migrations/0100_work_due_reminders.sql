-- Due-date reminders for work tasks (docs/work.md "Notifications"): the due date a task's assignees were
-- last told about, so a reminder job that runs twice, or a run queued for a date changed since, tells
-- nobody twice.
ALTER TABLE work_items ADD COLUMN due_notified_for timestamptz;
