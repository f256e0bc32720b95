-- Uploaded images (spec 000 §7 "Image upload-URL GET endpoints", §4 upload states; docs/authoring.md
-- "Media"). A row is made when an editor asks for an upload link (state 'pending'), moves to
-- 'uploading' while the bytes arrive and ends 'successful' (size and sha256 known) or 'failed'.
-- The file itself lives in storage under 'images/' || key; the key is random and never reused, so a
-- served image never changes.
--
-- uploaded_by has no foreign key on purpose: an image in a published lesson outlives its uploader.

CREATE TABLE assets (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 70000001) PRIMARY KEY,
  key text NOT NULL UNIQUE CHECK (key ~ '^[a-z0-9]{32}\.(png|jpeg|gif)$'),
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  page_id bigint,
  document_kind text NOT NULL,
  uploaded_by bigint,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif')),
  -- The most bytes the upload link accepts until the upload succeeds, then the stored size.
  size integer NOT NULL CHECK (size > 0),
  sha256 text,
  state text NOT NULL CHECK (state IN ('pending', 'failed', 'uploading', 'successful')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT assets_successful_check CHECK (state <> 'successful' OR sha256 IS NOT NULL)
);
CREATE INDEX assets_collection_idx ON assets (collection_id);
