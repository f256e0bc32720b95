-- Work documents co-edited live (docs/work.md): the Yjs state of document `work:{item_id}` on the collab
-- server. The document's text is also written to work_items.body on every store, for lists and search.
CREATE TABLE work_document_states (
  item_id bigint PRIMARY KEY REFERENCES work_items (id) ON DELETE CASCADE,
  state bytea NOT NULL,
  updated_by bigint,
  updated_at timestamptz NOT NULL
);
