-- The catalogue counts each course's learners (docs/catalog.md): learner_works is keyed by user first,
-- so counting by collection needs its own index.
CREATE INDEX learner_works_collection_idx ON learner_works (collection_id);
