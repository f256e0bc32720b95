-- Version history of work documents (docs/work.md): the text as it was, kept while people co-edit (at most
-- one version per document every few minutes, and when the last editor leaves) and around every restore.
-- A restore writes the text it replaces and the text it brings back as versions, so no text is lost.
CREATE TABLE work_document_versions (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 62000001) PRIMARY KEY,
  item_id bigint NOT NULL REFERENCES work_items (id) ON DELETE CASCADE,
  body text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('edit', 'restore')),
  restored_from bigint REFERENCES work_document_versions (id) ON DELETE SET NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX work_document_versions_item ON work_document_versions (item_id, created_at DESC, id DESC);
