-- The assessment editor (docs/assessments.md "Editing"): questions get an edit time (part of the
-- assessment's eTag) and are retired rather than deleted, because finished attempts keep pointing at the
-- questions they asked. Reordering rewrites positions in one statement, so positions are an ordinary
-- index instead of a unique constraint (the editor keeps them dense under a lock on the collection).
ALTER TABLE assessment_questions ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE assessment_questions ADD COLUMN deleted_at timestamptz;
ALTER TABLE assessment_questions DROP CONSTRAINT assessment_questions_collection_id_position_key;
CREATE INDEX assessment_questions_collection_idx ON assessment_questions (collection_id, position)
  WHERE deleted_at IS NULL;
