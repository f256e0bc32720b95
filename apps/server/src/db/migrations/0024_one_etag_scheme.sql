-- One eTag scheme for every versioned record (docs/decisions.md "eTags"): the record's row stores an opaque
-- token that each write replaces, and a write is a compare-and-set on the token it was based on. Pages and
-- collections have had it since 0003; projects and cloud labs computed theirs from edit times, assessments
-- from their questions, and notes counted versions. Existing rows start with a random token.
ALTER TABLE projects ADD COLUMN etag text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text);
ALTER TABLE cloud_labs ADD COLUMN etag text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text);

-- An assessment's questions are one versioned record (the order and every question), apart from the
-- collection's own details, which keep the collection's eTag. The row is made on the first read.
CREATE TABLE assessment_question_sets (
  collection_id bigint PRIMARY KEY REFERENCES collections (id) ON DELETE CASCADE,
  etag text NOT NULL
);

ALTER TABLE notes_highlights ADD COLUMN etag text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text);
ALTER TABLE notes_highlights DROP COLUMN version;
