import OpenAI from 'openai';
import type { AiModelConfig } from '../../platform/config.js';

// Embeddings for hybrid retrieval: any OpenAI-compatible `/v1/embeddings` (llama.cpp with --embeddings,
// vLLM, a hosted API). Vectors are stored and compared at unit length, so cosine similarity is a dot
// product in either storage (pgvector's <=> or real[] in SQL, docs/ai.md).

export interface Embedder {
  /** The model name the vectors are stored under: a different model's vectors are never compared. */
  model: string;
  /** Cosine similarity at which a section found by its embedding alone counts as relevant. */
  minSimilarity: number;
  /** Unit-length vectors, one per text, in order; throws when the endpoint fails or the signal aborts. */
  embed(texts: string[], signal: AbortSignal): Promise<number[][]>;
}

/** A question's embedding must come quickly or not at all: the text answer does not wait longer. */
export const QUESTION_EMBEDDING_TIMEOUT_MS = 2000;
/** A batch of sections when indexing (the worker), bounded like any outside call. */
export const INDEX_EMBEDDING_TIMEOUT_MS = 30_000;
/** Sections per `/v1/embeddings` request when indexing. */
export const EMBEDDING_BATCH = 32;

export function unitLength(vector: readonly number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  if (!Number.isFinite(norm) || norm === 0) throw new Error('embedding is empty or not a number');
  return vector.map((value) => value / norm);
}

/** What a section is embedded as: where it sits, its heading, prose and code (bounded in length). */
export function embeddingTextOf(section: {
  courseTitle: string;
  lessonTitle: string;
  heading: string;
  body: string;
  code: string | null;
}): string {
  const text = [
    `${section.courseTitle} › ${section.lessonTitle} › ${section.heading}`,
    section.body,
    section.code ?? '',
  ]
    .filter(Boolean)
    .join('\n\n');
  // Embedding models take a few hundred to a few thousand tokens; a section's start says what it is about.
  return text.slice(0, 4000);
}

export function createEmbedder(config: AiModelConfig): Embedder | null {
  const model = config.embeddingModel === undefined ? config.model : config.embeddingModel;
  if (!model) return null;
  // Retries would outlast the time limits; a failure falls back to text retrieval (or the job's retry).
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, maxRetries: 0 });
  return {
    model,
    minSimilarity: config.embeddingMinSimilarity ?? 0.5,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      const response = await client.embeddings.create(
        { model, input: texts, encoding_format: 'float' },
        { signal },
      );
      const vectors = [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
      if (vectors.length !== texts.length) {
        throw new Error(`embeddings endpoint answered ${vectors.length} vectors for ${texts.length} texts`);
      }
      const dimensions = vectors[0]?.length ?? 0;
      if (vectors.some((vector) => vector.length !== dimensions)) {
        throw new Error('embeddings endpoint answered vectors of different lengths');
      }
      return vectors.map(unitLength);
    },
  };
}

/** Runs `work` with an abort signal that fires after `ms`; the timer never outlives the call. */
export async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${ms} ms`)), ms);
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
