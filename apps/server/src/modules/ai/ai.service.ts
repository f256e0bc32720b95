import type {
  AiCitation,
  AiSearchRequest,
  AiSearchResponse,
  AiSearchStreamEvent,
  Widget,
} from '@coderoom/contracts';
import { AiSearchErrorCode, aiQuestionProblem, VersionState } from '@coderoom/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { ContentService } from '../content/content.service.js';
import { questionIdentifiers, sectionsOf, splitIdentifier } from './ai.chunks.js';
import {
  EMBEDDING_BATCH,
  type Embedder,
  embeddingTextOf,
  INDEX_EMBEDDING_TIMEOUT_MS,
  QUESTION_EMBEDDING_TIMEOUT_MS,
  withTimeout,
} from './ai.embeddings.js';
import { aiSearchError } from './ai.errors.js';
import type { AnswerModel } from './ai.model.js';
import { citationOf, presentExtractive } from './ai.presenter.js';
import * as repo from './ai.repository.js';
import {
  fuseHybrid,
  isRelevant,
  languagesNamedIn,
  pickPassages,
  preferLanguage,
  Relevance,
  scoreOf,
} from './ai.search.js';

// Questions are cheap to ask and each one scans the index: a person typing never comes near this.
export const AiRateRules = {
  searchPerUser: { limit: 30, windowSeconds: 60 },
} as const;

/** Sections looked at before the visibility filter; the best readable ones among them are answered. */
const CANDIDATES = 40;

/** The worker's job that embeds indexed sections which have no embedding from the configured model. */
export const EMBED_SECTIONS_JOB = 'ai.embed_sections';
/** Sections one job embeds before handing the rest to a fresh job (a job's lease is five minutes). */
const SECTIONS_PER_JOB = 512;

export interface AiDeps {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /**
   * The one visibility rule: which lessons a user may open. Everything cited passes through it, so
   * content excluded for a member's organization and priced lessons the user does not own are never
   * cited; the rules live in content (and the organizations and commerce services it asks).
   */
  content: Pick<ContentService, 'readableLessons'>;
  /** An OpenAI-compatible model (AI_BASE_URL…); null answers with the extract alone. */
  model?: AnswerModel | null;
  /** The same endpoint's embeddings, for hybrid retrieval; null (or no jobs) retrieves by text alone. */
  embedder?: Embedder | null;
  /** Embeddings are computed by the worker, after the sections are indexed. */
  jobs?: Pick<JobQueue, 'handle' | 'enqueue'>;
}

export function createAiService(deps: AiDeps) {
  const { db, clock } = deps;
  const embedder = deps.jobs ? (deps.embedder ?? null) : null;
  const jobs = deps.jobs;
  let syncing: Promise<void> | null = null;
  let storage: Promise<repo.VectorStorage> | null = null;
  /** The newest section this process has asked the worker to embed up to (any process may index). */
  let requestedUpTo = 0;

  /**
   * Asks the worker to embed sections indexed since this process last asked — by any process, with a
   * model or without — when some lack an embedding from the model. One cheap query per question.
   */
  async function requestEmbeddings(): Promise<void> {
    if (!embedder || !jobs) return;
    const newest = await repo.newestChunkId(db);
    if (newest <= requestedUpTo) return;
    requestedUpTo = newest;
    if ((await repo.findChunksToEmbed(db, embedder.model, 1)).length === 0) return;
    await jobs.enqueue(db, EMBED_SECTIONS_JOB, {}, { maxAttempts: 5 });
  }

  /**
   * The worker's job: embeds sections without an embedding from the model, in batches, each batch bounded
   * by a time limit. A failure throws, so the queue retries with backoff; until then (and for good, if
   * the endpoint has no embeddings) those sections are found by text alone.
   */
  async function embedSections(): Promise<void> {
    if (!embedder || !jobs) return;
    const sections = await repo.findChunksToEmbed(db, embedder.model, SECTIONS_PER_JOB);
    for (let start = 0; start < sections.length; start += EMBEDDING_BATCH) {
      const batch = sections.slice(start, start + EMBEDDING_BATCH);
      const vectors = await withTimeout(INDEX_EMBEDDING_TIMEOUT_MS, (signal) =>
        embedder.embed(batch.map(embeddingTextOf), signal),
      );
      await repo.insertEmbeddings(
        db,
        embedder.model,
        batch.map((section, index) => ({ chunkId: section.id, embedding: vectors[index] ?? [] })),
        clock.now(),
      );
    }
    if (sections.length === SECTIONS_PER_JOB) await jobs.enqueue(db, EMBED_SECTIONS_JOB, {});
  }
  if (embedder && jobs) jobs.handle(EMBED_SECTIONS_JOB, embedSections);

  /** The question's embedding, or null when the endpoint fails or is slow: the text answer stands. */
  async function embedQuestion(question: string): Promise<number[] | null> {
    if (!embedder) return null;
    try {
      const [vector] = await withTimeout(QUESTION_EMBEDDING_TIMEOUT_MS, (signal) =>
        embedder.embed([question], signal),
      );
      return vector ?? null;
    } catch (error) {
      deps.log.warn({ err: error }, 'question embedding failed or timed out; retrieving by text alone');
      return null;
    }
  }

  /** Indexes versions published since the last sync and forgets replaced ones; one sync at a time. */
  async function syncIndex(): Promise<void> {
    if (!(await repo.isIndexStale(db, VersionState.Published))) return requestEmbeddings();
    await repo.deleteStaleVersions(db, VersionState.Published);
    for (const version of await repo.findVersionsToIndex(db, VersionState.Published)) {
      const pages = await repo.findVersionPages(db, version.versionId);
      const chunks = pages.flatMap((page) =>
        sectionsOf(page.title, page.components as Widget[]).map((section) => ({
          collectionVersionId: version.versionId,
          collectionId: version.collectionId,
          authorId: version.authorId,
          pageId: page.pageId,
          position: section.position,
          courseTitle: version.courseTitle,
          languageTopic: version.languageTopic,
          lessonTitle: page.title,
          lessonSummary: page.summary,
          heading: section.heading,
          anchor: section.anchor,
          body: section.body,
          code: section.code,
          codeLanguage: section.language,
          identifiers: section.identifiers,
          extra: [
            version.courseTitle,
            version.languageTopic ?? '',
            section.identifiers,
            section.identifiers.split(' ').map(splitIdentifier).join(' '),
          ].join(' '),
        })),
      );
      await db.transaction((tx) => repo.insertVersionChunks(tx, version.versionId, chunks, clock.now()));
    }
    // New sections get their embeddings from the worker; so do sections indexed before a model was set.
    await requestEmbeddings();
  }

  /**
   * pickPassages over the sections the user may read, checking as few collections as that needs: best
   * section first, one collection at a time (all its relevant sections at once), until the best readable
   * section is known and every section still unchecked scores below the companion ratio of it — none of
   * those could be picked. The same passages as checking every relevant section, in fewer queries.
   */
  async function readablePassages(userId: number, relevant: Parameters<typeof pickPassages>[0]) {
    const ranked = [...relevant].sort((a, b) => scoreOf(b) - scoreOf(a));
    const readable = new Set<string>();
    const checked = new Set<number>();
    let best: number | null = null;
    for (const match of ranked) {
      if (best !== null && scoreOf(match) < best * Relevance.companionRatio) break;
      if (!checked.has(match.collectionId)) {
        checked.add(match.collectionId);
        const sameCollection = ranked.filter((other) => other.collectionId === match.collectionId);
        for (const key of await deps.content.readableLessons(userId, sameCollection)) readable.add(key);
      }
      if (best === null && readable.has(`${match.collectionId}:${match.pageId}`)) best = scoreOf(match);
    }
    return pickPassages(ranked.filter((match) => readable.has(`${match.collectionId}:${match.pageId}`)));
  }

  function ensureIndexed(): Promise<void> {
    syncing ??= syncIndex().finally(() => {
      syncing = null;
    });
    return syncing;
  }

  const service = {
    ensureIndexed,

    /** POST /api/ai/search: the extractive answer to a signed-in user's question, within their budget. */
    async search(userId: number, request: AiSearchRequest): Promise<AiSearchResponse> {
      const question = request.question.trim();
      const problem = aiQuestionProblem(question);
      if (problem) throw aiSearchError(problem);
      await deps.rateLimiter.consume(`ai:search:user:${userId}`, AiRateRules.searchPerUser);
      return service.answer(userId, question);
    },

    /**
     * The model's answer, grounded in the extract's passages, as it is written. Ends with `done`: generated
     * when the model finished in time, extractive when there is no model or it failed or timed out.
     */
    async *generate(question: string, extract: AiSearchResponse): AsyncGenerator<AiSearchStreamEvent> {
      const model = deps.model;
      if (!model) {
        yield { type: 'done', mode: 'extractive' };
        return;
      }
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), model.timeoutMs);
      try {
        for await (const text of model.streamAnswer(question.trim(), extract.passages, controller.signal)) {
          yield { type: 'delta', text };
        }
        // An aborted stream may just end: a cut-off answer is a timeout, not an answer.
        if (controller.signal.aborted) throw new Error(`no complete answer within ${model.timeoutMs} ms`);
        yield { type: 'done', mode: 'generated' };
      } catch (error) {
        deps.log.warn({ err: error }, 'AI model failed or timed out; the extractive answer stands');
        yield { type: 'done', mode: 'extractive' };
      } finally {
        clearTimeout(timer);
        controller.abort();
      }
    },

    /** The whole answer at once: the model's when it finishes in time, else the extract. */
    async searchAndGenerate(userId: number, request: AiSearchRequest): Promise<AiSearchResponse> {
      const extract = await service.search(userId, request);
      let text = '';
      for await (const event of service.generate(request.question, extract)) {
        if (event.type === 'delta') text += event.text;
        if (event.type === 'done' && event.mode === 'generated' && text.trim()) {
          return { ...extract, mode: 'generated', answer: text };
        }
      }
      return extract;
    },

    /** The extractive answer: the best sections the user may read, with their code, each cited. */
    async answer(userId: number, question: string): Promise<AiSearchResponse> {
      try {
        await ensureIndexed();
        const [found, questionVector] = await Promise.all([
          repo.searchChunks(db, question, questionIdentifiers(question), CANDIDATES),
          embedQuestion(question),
        ]);
        const languages = languagesNamedIn(question);
        let matches: Parameters<typeof readablePassages>[1] = preferLanguage(found, languages);
        if (embedder && questionVector) {
          storage ??= repo.vectorStorage(db);
          const near = await repo.searchByEmbedding(
            db,
            await storage,
            embedder.model,
            questionVector,
            CANDIDATES,
            found.map((match) => match.id),
          );
          matches = fuseHybrid(preferLanguage(found, languages), near, languages, embedder.minSimilarity);
        }
        const passages = await readablePassages(userId, matches.filter(isRelevant));
        if (passages.length === 0) throw aiSearchError(AiSearchErrorCode.NotFound);
        return presentExtractive(passages);
      } catch (error) {
        if (error instanceof AppError) throw error;
        deps.log.error({ err: error }, 'AI search failed');
        throw aiSearchError(AiSearchErrorCode.GeneralError);
      }
    },

    /** bench:ai's baseline: the lessons a plain full-text query ranks first, best first. */
    async plainFullTextLessons(question: string, limit: number): Promise<AiCitation[]> {
      await ensureIndexed();
      return (await repo.searchChunksPlain(db, question, limit)).map(citationOf);
    },
  };
  return service;
}

export type AiService = ReturnType<typeof createAiService>;
