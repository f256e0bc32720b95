-- Collaborative editing (docs/authoring.md "Collaborative editing"). One row per Yjs document: the
-- merged update state of every edit the collaboration server accepted, written (debounced) after each
-- change and when the document unloads or the server stops. The page draft is rewritten from it in the
-- same transaction, so `pages` stays what readers, snapshots, history and publishing read.
--
-- page_etag is the page eTag that write produced: when the page has another eTag at load time, it was
-- saved outside the collaborative session (a restore, a structure save) and its text wins.

CREATE TABLE collab_documents (
  name text PRIMARY KEY CHECK (name ~ '^page:[0-9]+:[0-9]+:[0-9]+$'),
  page_id bigint NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
  state bytea NOT NULL,
  page_etag text,
  etag text NOT NULL,
  updated_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collab_documents_page_idx ON collab_documents (page_id);
