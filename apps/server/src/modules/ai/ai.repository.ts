import { WorkType } from '@coderoom/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../platform/db/database.js';

// The AI search index (ai_chunks) and code reviews. The index is built from published versions, which
// it reads here but never writes: content owns them (docs/ai.md).

/** A text[] parameter as an array literal (drizzle would spread a JS array into a list of parameters). */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export interface VersionToIndex {
  versionId: number;
  collectionId: number;
  authorId: number;
  courseTitle: string;
  languageTopic: string | null;
}

/** Live versions whose sections are not in the index yet (published since the last sync). */
export async function findVersionsToIndex(db: DbExecutor, liveState: number): Promise<VersionToIndex[]> {
  const rows = rowsOf<{
    version_id: string | number;
    collection_id: string | number;
    author_id: string | number;
    title: string;
    language_topic: string | null;
  }>(
    await db.execute(sql`
      SELECT v.id AS version_id, v.collection_id, c.author_id, v.title, v.language_topic
      FROM collection_versions v
      JOIN collections c ON c.id = v.collection_id
      WHERE v.state = ${liveState}
        AND c.work_type <> ${WorkType.Answer}
        AND NOT EXISTS (SELECT 1 FROM ai_indexed_versions i WHERE i.collection_version_id = v.id)`),
  );
  return rows.map((row) => ({
    versionId: Number(row.version_id),
    collectionId: Number(row.collection_id),
    authorId: Number(row.author_id),
    courseTitle: row.title,
    languageTopic: row.language_topic,
  }));
}

/** Whether a version was published or replaced since the index last synced (one cheap query). */
export async function isIndexStale(db: DbExecutor, liveState: number): Promise<boolean> {
  const [row] = rowsOf<{ stale: boolean }>(
    await db.execute(sql`
      SELECT EXISTS (
        SELECT 1 FROM collection_versions v JOIN collections c ON c.id = v.collection_id
        WHERE v.state = ${liveState}
          AND c.work_type <> ${WorkType.Answer}
          AND NOT EXISTS (SELECT 1 FROM ai_indexed_versions i WHERE i.collection_version_id = v.id)
      ) OR EXISTS (
        SELECT 1 FROM ai_indexed_versions i JOIN collection_versions v ON v.id = i.collection_version_id
        WHERE v.state <> ${liveState}
      ) AS stale`),
  );
  return row?.stale === true;
}

/** Forgets versions that are no longer live: their sections must not be cited any more. */
export async function deleteStaleVersions(db: DbExecutor, liveState: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM ai_chunks a USING collection_versions v
    WHERE v.id = a.collection_version_id AND v.state <> ${liveState}`);
  await db.execute(sql`
    DELETE FROM ai_indexed_versions i USING collection_versions v
    WHERE v.id = i.collection_version_id AND v.state <> ${liveState}`);
}

export async function findVersionPages(db: DbExecutor, versionId: number) {
  const rows = rowsOf<{ page_id: string | number; title: string; summary: string; components: unknown }>(
    await db.execute(sql`
      SELECT page_id, title, summary, components FROM page_versions
      WHERE collection_version_id = ${versionId}`),
  );
  return rows.map((row) => ({
    pageId: Number(row.page_id),
    title: row.title,
    summary: row.summary,
    components: row.components,
  }));
}

export interface ChunkInsert {
  collectionVersionId: number;
  collectionId: number;
  authorId: number;
  pageId: number;
  position: number;
  courseTitle: string;
  languageTopic: string | null;
  lessonTitle: string;
  /** The lesson's summary: it describes every section, so it is indexed with the title (B). */
  lessonSummary: string;
  heading: string;
  anchor: string;
  body: string;
  code: string | null;
  codeLanguage: string | null;
  identifiers: string;
  /** Course title, topic and identifiers split into words ("wait group"): the D-weighted text. */
  extra: string;
}

/** Writes one version's sections and marks it indexed, in the caller's transaction. */
export async function insertVersionChunks(
  tx: DbExecutor,
  versionId: number,
  chunks: ChunkInsert[],
  indexedAt: Date,
): Promise<boolean> {
  const claimed = rowsOf<{ collection_version_id: unknown }>(
    await tx.execute(sql`
      INSERT INTO ai_indexed_versions (collection_version_id, indexed_at) VALUES (${versionId}, ${indexedAt})
      ON CONFLICT DO NOTHING RETURNING collection_version_id`),
  );
  // Another process indexed it first.
  if (claimed.length === 0) return false;
  for (const chunk of chunks) {
    await tx.execute(sql`
      INSERT INTO ai_chunks (collection_version_id, collection_id, author_id, page_id, position, course_title,
        language_topic, lesson_title, heading, anchor, body, code, code_language, identifiers, search_vector)
      VALUES (${chunk.collectionVersionId}, ${chunk.collectionId}, ${chunk.authorId}, ${chunk.pageId},
        ${chunk.position}, ${chunk.courseTitle}, ${chunk.languageTopic}, ${chunk.lessonTitle}, ${chunk.heading}, ${chunk.anchor},
        ${chunk.body}, ${chunk.code}, ${chunk.codeLanguage}, ${chunk.identifiers},
        setweight(to_tsvector('english', ${chunk.heading}), 'A') ||
        setweight(to_tsvector('english', ${`${chunk.lessonTitle} ${chunk.lessonSummary}`}), 'B') ||
        setweight(to_tsvector('english', ${chunk.body}), 'C') ||
        setweight(to_tsvector('english', ${`${chunk.extra} ${chunk.code ?? ''}`}), 'D'))`);
  }
  return true;
}

export interface ChunkMatch {
  id: number;
  collectionId: number;
  authorId: number;
  pageId: number;
  courseTitle: string;
  languageTopic: string | null;
  lessonTitle: string;
  heading: string;
  anchor: string;
  body: string;
  code: string | null;
  codeLanguage: string | null;
  /** Weighted full-text rank (heading A > lesson title B > prose C > code D). */
  rank: number;
  /** Share of the question's words (weighted by rarity in the index) that the section contains. */
  coverage: number;
  /** Best trigram word similarity of the question's identifiers to the section's. */
  identifierSimilarity: number;
}

/**
 * Sections matching the question, best first. Every word of the question may match (OR); a section's
 * coverage weighs each word by how rare it is in the index, so a question whose rare words appear
 * nowhere (an off-topic one) gets a low coverage everywhere. Identifiers are matched by trigrams.
 */
export async function searchChunks(
  db: Db,
  question: string,
  identifiers: string[],
  limit: number,
): Promise<ChunkMatch[]> {
  const result = await db.execute(sql`
    WITH terms AS (
      SELECT DISTINCT lexeme, quote_literal(lexeme)::tsquery AS query
      FROM unnest(tsvector_to_array(to_tsvector('english', ${question}))) AS lexeme
      WHERE lexeme !~ '[''\\\\]'
    ), total AS (SELECT count(*) AS n FROM ai_chunks),
    stats AS (
      SELECT t.lexeme, t.query,
        ln(1 + ((SELECT n FROM total) + 1)::float8 / (count(c.id) + 0.5)) AS idf
      FROM terms t LEFT JOIN ai_chunks c ON c.search_vector @@ t.query
      GROUP BY t.lexeme, t.query
    ), question AS (
      SELECT coalesce((SELECT string_agg(quote_literal(lexeme), ' | ') FROM terms), '')::tsquery AS query,
        coalesce((SELECT sum(idf) FROM stats), 0) AS weight
    ), matches AS (
      SELECT c.*,
        ts_rank_cd('{0.1, 0.3, 0.6, 1.0}', c.search_vector, q.query, 1) AS rank,
        CASE WHEN q.weight = 0 THEN 0
          ELSE coalesce((SELECT sum(s.idf) FROM stats s WHERE c.search_vector @@ s.query), 0) / q.weight
        END AS coverage,
        coalesce((SELECT max(word_similarity(i, c.identifiers))
          FROM unnest(${textArray(identifiers)}::text[]) AS i), 0) AS identifier_similarity
      FROM ai_chunks c, question q
      WHERE c.search_vector @@ q.query
        OR EXISTS (SELECT 1 FROM unnest(${textArray(identifiers)}::text[]) AS i WHERE i <% c.identifiers)
    )
    SELECT id, collection_id, author_id, page_id, course_title, language_topic, lesson_title, heading, anchor, body, code,
      code_language, rank, coverage, identifier_similarity
    FROM matches
    ORDER BY coverage * 0.6 + least(rank, 1) * 0.2 + identifier_similarity * 0.4 DESC, id
    LIMIT ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    ...matchOf(row),
    rank: Number(row.rank),
    coverage: Number(row.coverage),
    identifierSimilarity: Number(row.identifier_similarity),
  }));
}

function matchOf(
  row: Record<string, unknown>,
): Omit<ChunkMatch, 'rank' | 'coverage' | 'identifierSimilarity'> {
  return {
    id: Number(row.id),
    collectionId: Number(row.collection_id),
    authorId: Number(row.author_id),
    pageId: Number(row.page_id),
    courseTitle: String(row.course_title),
    languageTopic: (row.language_topic as string | null) ?? null,
    lessonTitle: String(row.lesson_title),
    heading: String(row.heading),
    anchor: String(row.anchor),
    body: String(row.body),
    code: (row.code as string | null) ?? null,
    codeLanguage: (row.code_language as string | null) ?? null,
  };
}

/**
 * The baseline bench:ai measures against: one plain full-text query, every word optional, ranked by
 * ts_rank without field weights, rarity or trigrams.
 */
export async function searchChunksPlain(db: Db, question: string, limit: number): Promise<ChunkMatch[]> {
  const result = await db.execute(sql`
    WITH question AS (
      SELECT coalesce((SELECT string_agg(quote_literal(lexeme), ' | ')
        FROM unnest(tsvector_to_array(to_tsvector('english', ${question}))) AS lexeme
        WHERE lexeme !~ '[''\\\\]'), '')::tsquery AS query
    )
    SELECT c.*, ts_rank(c.search_vector, q.query) AS rank
    FROM ai_chunks c, question q
    WHERE c.search_vector @@ q.query
    ORDER BY rank DESC, c.id
    LIMIT ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    ...matchOf(row),
    rank: Number(row.rank),
    coverage: 0,
    identifierSimilarity: 0,
  }));
}

// Embeddings (migration 0102): one unit-length vector per section and embedding model. Stored as real[]
// always, and as pgvector's `vector` (a generated column) where the extension is available.

/** How embeddings are compared here: pgvector's <=> where the `vector` column exists, else real[] in SQL. */
export type VectorStorage = 'pgvector' | 'array';

export async function vectorStorage(db: DbExecutor): Promise<VectorStorage> {
  const [row] = rowsOf<{ present: boolean }>(
    await db.execute(sql`
      SELECT EXISTS (
        SELECT 1 FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'ai_chunk_embeddings'
          AND column_name = 'embedding_vector'
      ) AS present`),
  );
  return row?.present === true ? 'pgvector' : 'array';
}

/** A float list as a real[] literal (the same numbers in either storage). */
function realArray(values: readonly number[]): string {
  return `{${values.map((value) => (Number.isFinite(value) ? String(value) : '0')).join(',')}}`;
}

export interface ChunkToEmbed {
  id: number;
  courseTitle: string;
  lessonTitle: string;
  heading: string;
  body: string;
  code: string | null;
}

/** The id of the newest section in the index (0 when empty): new sections may need embeddings. */
export async function newestChunkId(db: DbExecutor): Promise<number> {
  const [row] = rowsOf<{ newest: string | number | null }>(
    await db.execute(sql`SELECT max(id) AS newest FROM ai_chunks`),
  );
  return Number(row?.newest ?? 0);
}

/** Sections with no embedding from this model yet (newly indexed, or a new model), oldest first. */
export async function findChunksToEmbed(
  db: DbExecutor,
  model: string,
  limit: number,
): Promise<ChunkToEmbed[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT c.id, c.course_title, c.lesson_title, c.heading, c.body, c.code
      FROM ai_chunks c
      WHERE NOT EXISTS (SELECT 1 FROM ai_chunk_embeddings e WHERE e.chunk_id = c.id AND e.model = ${model})
      ORDER BY c.id
      LIMIT ${limit}`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    courseTitle: String(row.course_title),
    lessonTitle: String(row.lesson_title),
    heading: String(row.heading),
    body: String(row.body),
    code: (row.code as string | null) ?? null,
  }));
}

/** Stores sections' embeddings; a section deleted meanwhile (its version replaced) is skipped. */
export async function insertEmbeddings(
  db: DbExecutor,
  model: string,
  rows: ReadonlyArray<{ chunkId: number; embedding: readonly number[] }>,
  at: Date,
): Promise<void> {
  for (const row of rows) {
    await db.execute(sql`
      INSERT INTO ai_chunk_embeddings (chunk_id, model, dimensions, embedding, created_at)
      SELECT c.id, ${model}, ${row.embedding.length}, ${realArray(row.embedding)}::real[], ${at}
      FROM ai_chunks c WHERE c.id = ${row.chunkId}
      ON CONFLICT DO NOTHING`);
  }
}

export interface NearChunk extends Omit<ChunkMatch, 'rank' | 'coverage' | 'identifierSimilarity'> {
  /** Cosine similarity of the section's embedding to the question's. */
  similarity: number;
}

/**
 * The sections whose embeddings are nearest the question's (cosine similarity, best first), plus the
 * similarity of the `also` sections (the text search's candidates) wherever they rank. pgvector's <=>
 * where available; otherwise the dot product of the unit-length real[] vectors, summed in SQL.
 */
export async function searchByEmbedding(
  db: Db,
  storage: VectorStorage,
  model: string,
  question: readonly number[],
  limit: number,
  also: readonly number[],
): Promise<NearChunk[]> {
  const vector = realArray(question);
  const ids = `{${also.map((id) => Math.trunc(id)).join(',')}}`;
  const similarity =
    storage === 'pgvector'
      ? sql`1 - (e.embedding_vector <=> ${vector}::real[]::vector)`
      : sql`(SELECT sum(a::float8 * b::float8) FROM unnest(e.embedding, ${vector}::real[]) AS u(a, b))`;
  const result = await db.execute(sql`
    WITH scored AS (
      SELECT e.chunk_id, ${similarity} AS similarity
      FROM ai_chunk_embeddings e
      WHERE e.model = ${model} AND e.dimensions = ${question.length}
    ), picked AS (
      (SELECT chunk_id, similarity FROM scored ORDER BY similarity DESC, chunk_id LIMIT ${limit})
      UNION
      SELECT chunk_id, similarity FROM scored WHERE chunk_id = ANY(${ids}::bigint[])
    )
    SELECT c.id, c.collection_id, c.author_id, c.page_id, c.course_title, c.language_topic, c.lesson_title,
      c.heading, c.anchor, c.body, c.code, c.code_language, p.similarity
    FROM picked p JOIN ai_chunks c ON c.id = p.chunk_id
    ORDER BY p.similarity DESC, c.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    ...matchOf(row),
    similarity: Number(row.similarity),
  }));
}

export interface ReviewInsert {
  userId: number;
  language: string;
  collectionId: number | null;
  pageId: number | null;
  compId: string | null;
  sourceSha256: string;
  summary: string;
  comments: unknown;
  testsPassed: number | null;
  testsTotal: number | null;
  createdAt: Date;
}

export async function insertReview(db: DbExecutor, review: ReviewInsert): Promise<number> {
  const [row] = rowsOf<{ id: string | number }>(
    await db.execute(sql`
      INSERT INTO ai_code_reviews (user_id, language, collection_id, page_id, comp_id, source_sha256, summary,
        comments, tests_passed, tests_total, created_at)
      VALUES (${review.userId}, ${review.language}, ${review.collectionId}, ${review.pageId}, ${review.compId},
        ${review.sourceSha256}, ${review.summary}, ${JSON.stringify(review.comments)}::jsonb,
        ${review.testsPassed}, ${review.testsTotal}, ${review.createdAt})
      RETURNING id`),
  );
  return Number(row?.id);
}

/** The learner's rating of their own review; false when the review is not theirs (or does not exist). */
export async function rateReview(
  db: DbExecutor,
  reviewId: number,
  userId: number,
  rating: number,
  feedback: string,
  ratedAt: Date,
): Promise<boolean> {
  const rows = rowsOf<{ id: unknown }>(
    await db.execute(sql`
      UPDATE ai_code_reviews SET rating = ${rating}, feedback = ${feedback}, rated_at = ${ratedAt}
      WHERE id = ${reviewId} AND user_id = ${userId}
      RETURNING id`),
  );
  return rows.length > 0;
}
