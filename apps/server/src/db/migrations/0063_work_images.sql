-- Images in work documents (docs/work.md): owned by the document they were uploaded into, not a collection.
-- A document deleted for good takes its image rows with it, so its images stop being served.
ALTER TABLE assets ADD COLUMN work_item_id bigint REFERENCES work_items (id) ON DELETE CASCADE;
ALTER TABLE assets DROP CONSTRAINT assets_owner_check;
ALTER TABLE assets ADD CONSTRAINT assets_owner_check
  CHECK (
    collection_id IS NOT NULL
    OR (document_kind = 'profile_picture' AND uploaded_by IS NOT NULL)
    OR (document_kind = 'workflow_page' AND work_item_id IS NOT NULL AND uploaded_by IS NOT NULL)
  );
CREATE INDEX assets_work_item_idx ON assets (work_item_id) WHERE work_item_id IS NOT NULL;
