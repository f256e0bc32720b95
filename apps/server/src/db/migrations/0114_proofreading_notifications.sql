-- Proofreading moves notify people (docs/proofreading.md "Notifications"): types 8031–8034 join the
-- notification types of docs/organizations.md.
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type BETWEEN 8001 AND 8034);
