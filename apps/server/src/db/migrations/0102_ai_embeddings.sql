-- Embeddings of AI search sections for hybrid retrieval when a model endpoint is configured (docs/ai.md).
-- One row per section and embedding model; the vector is unit length (cosine similarity = dot product).
CREATE TABLE ai_chunk_embeddings (
  chunk_id bigint NOT NULL REFERENCES ai_chunks (id) ON DELETE CASCADE,
  model text NOT NULL,
  dimensions integer NOT NULL,
  embedding real[] NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (chunk_id, model)
);
CREATE INDEX ai_chunk_embeddings_model_idx ON ai_chunk_embeddings (model, dimensions);

-- Where pgvector is available (PGlite loads it at start; a PostgreSQL server with the extension
-- installed), the same numbers are also kept as a `vector`, compared with pgvector's <=> operator. Where it
-- is not (this machine's PostgreSQL 15), the migration still succeeds and search computes the cosine from
-- the real[] in SQL: the same numbers, the same order (docs/ai.md).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS vector;
  ALTER TABLE ai_chunk_embeddings
    ADD COLUMN embedding_vector vector GENERATED ALWAYS AS (embedding::vector) STORED;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pgvector is not available (%): AI search embeddings use real[]', SQLERRM;
END
$$;
