-- Lesson videos (spec 000 §7 "Video"; §4 upload states; docs/media.md). A row is made when an editor
-- asks for an upload address (POST …/page/{p}/video/upload/url). upload_state follows the spec's upload
-- states: 'pending' (address made, no bytes yet), 'uploading' (tus PATCHes arriving; received_bytes
-- counts them), 'successful' (every byte in), 'failed'. stream_state is what the worker made of it:
-- 'waiting' (for the upload), 'processing' (queued for or under ffmpeg), 'ready' (HLS in storage under
-- 'videos/' || id || '/hls/'), 'failed' (error_text says why).
--
-- uploaded_by has no foreign key on purpose: a video in a published lesson outlives its uploader.

CREATE TABLE videos (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 95000001) PRIMARY KEY,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  page_id bigint NOT NULL,
  uploaded_by bigint,
  file_name text NOT NULL,
  -- What the editor announced: the exact byte count the upload must reach, and seconds.
  size bigint NOT NULL CHECK (size > 0),
  duration_seconds double precision NOT NULL CHECK (duration_seconds > 0),
  received_bytes bigint NOT NULL DEFAULT 0 CHECK (received_bytes >= 0 AND received_bytes <= size),
  upload_state text NOT NULL CHECK (upload_state IN ('pending', 'failed', 'uploading', 'successful')),
  stream_state text NOT NULL CHECK (stream_state IN ('waiting', 'processing', 'ready', 'failed')),
  error_text text,
  -- Filled by the worker from ffprobe once transcoded.
  width integer,
  height integer,
  -- The video this one was copied from (POST …/copy-video/upload/url), for the record.
  copied_from bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX videos_collection_idx ON videos (collection_id);
