import { createHash } from 'node:crypto';
import type {
  CodeWidgetContent,
  TutorHintRequest,
  TutorHintResponse,
  TutorLogResponse,
  WidgetRef,
} from '@coderoom/contracts';
import { ErrorStatus, TutorHintSource, TutorHintStatus, TutorLimits, TutorMessages } from '@coderoom/domain';
import type { Runner } from '@coderoom/runner';
import type { CollectionRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import { ContentErrors } from '../content/content.errors.js';
import { canEditCollection, type Viewer } from '../content/content.policy.js';
import type { AnswerModel } from './ai.model.js';
import { toAppError } from './review.service.js';
import { gatherReviewFacts } from './reviewFacts.js';
import { FACT_RUNGS, factHint, factsForModel, failureOf } from './tutor.hints.js';
import * as repo from './tutor.repository.js';

// The tutor (docs/ai.md "Tutor"): a hint ladder per exercise. Each request judges the learner's current
// code in the sandbox first — hints are for code that fails — then climbs one rung: the author's hints
// when they wrote some, else a model's draft from the failing facts (when one is configured, within its
// time limit), else the platform's own ladder built from those facts. Every answer is logged for authors.

export const TutorRateRules = { perUser: { limit: 20, windowSeconds: 60 } } as const;

const TUTOR_PROMPT = [
  'You are a patient programming tutor. A learner is stuck on an exercise and asks for a hint.',
  'Give ONE short hint (at most three sentences) for the rung asked: rung 1 is a nudge (where to look),',
  'rung 2 a pointer (what is wrong), rung 3 a worked step (how to fix one part). Never write the full',
  'solution or a complete corrected program; at most one line of code. Use only the facts given.',
].join(' ');

export interface TutorDeps {
  db: Db;
  clock: Clock;
  runner: Runner;
  rateLimiter: RateLimiter;
  model: AnswerModel | null;
  widgets: { codeWidget(userId: number, ref: WidgetRef): Promise<CodeWidgetContent> };
  collections: {
    findForAuthoring(
      userId: number,
      authorId: number,
      collectionId: number,
    ): Promise<{ viewer: Viewer | null; collection: CollectionRow }>;
  };
  log?: { warn(object: unknown, message: string): void };
}

/** The model's hint, or null when it fails, says nothing or runs out of time (the caller falls back). */
async function draftWithModel(model: AnswerModel, facts: string, level: number): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), model.timeoutMs);
  try {
    let text = '';
    for await (const piece of model.streamText(
      TUTOR_PROMPT,
      `Rung ${level} of ${FACT_RUNGS}.\n\n${facts}`,
      controller.signal,
    )) {
      text += piece;
      if (text.length > TutorLimits.hintCharacters) break;
    }
    const hint = text.trim().slice(0, TutorLimits.hintCharacters);
    return hint === '' ? null : hint;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export function createTutorService(deps: TutorDeps) {
  const { db, clock } = deps;

  return {
    /** POST /api/ai/tutor/hint: judge the code, then the next rung of the ladder (or why there is none). */
    async hint(userId: number, request: TutorHintRequest): Promise<TutorHintResponse> {
      await deps.rateLimiter.consume(`ai:tutor:user:${userId}`, TutorRateRules.perUser);
      const widget = await deps.widgets.codeWidget(userId, request.widget);
      // An empty hint the author left in the form is not a rung.
      const authored = (widget.hints ?? []).map((hint) => hint.trim()).filter((hint) => hint !== '');
      const judged = widget.judge && widget.testCases.length > 0;
      if (!judged && authored.length === 0) {
        throw new AppError(ErrorStatus.OperationNotAllowed, TutorMessages.NotAnExercise, {
          widget: TutorMessages.NotAnExercise,
        });
      }
      const facts = await gatherReviewFacts(deps.runner, { ...request, language: widget.language }, widget, {
        lint: false,
      }).catch((error: unknown) => {
        throw toAppError(error);
      });
      const tests = facts.judge ? { passed: facts.judge.passed, total: facts.judge.total } : null;
      const key = {
        userId,
        collectionId: request.widget.collection_id,
        pageId: request.widget.page_id,
        compId: request.widget.comp_id,
      };
      const rungs = authored.length > 0 ? authored.length : FACT_RUNGS;
      const now = clock.now();
      const answer = async (response: TutorHintResponse): Promise<TutorHintResponse> => {
        await repo.logHint(db, {
          ...key,
          status: response.status,
          level: response.level,
          source: response.source,
          text: response.text,
          testsPassed: tests?.passed ?? null,
          testsTotal: tests?.total ?? null,
          sourceSha256: createHash('sha256').update(request.source_code).digest('hex'),
          createdAt: now,
        });
        return response;
      };

      // Hints are for code that fails; an exercise without tests cannot tell, so its author's hints are given.
      if (judged && failureOf(facts) === null) {
        const level = await repo.levelOf(db, key);
        return answer({
          status: TutorHintStatus.Passing,
          level,
          of: rungs,
          text: TutorMessages.Passing,
          source: null,
          tests,
        });
      }
      const before = await repo.levelOf(db, key);
      if (before >= rungs) {
        const text = widget.showSolution ? TutorMessages.ExhaustedWithSolution : TutorMessages.Exhausted;
        return answer({
          status: TutorHintStatus.Exhausted,
          level: before,
          of: rungs,
          text,
          source: null,
          tests,
        });
      }
      const level = await repo.climb(db, key, rungs, now);
      if (authored.length > 0) {
        const text = authored[level - 1] ?? '';
        return answer({
          status: TutorHintStatus.Hint,
          level,
          of: rungs,
          text,
          source: TutorHintSource.Author,
          tests,
        });
      }
      const drafted = deps.model
        ? await draftWithModel(deps.model, factsForModel(facts, request.source_code), level)
        : null;
      if (deps.model && drafted === null) deps.log?.warn({ level }, 'tutor model failed; facts hint given');
      return answer({
        status: TutorHintStatus.Hint,
        level,
        of: rungs,
        text: drafted ?? factHint(facts, level),
        source: drafted ? TutorHintSource.Model : TutorHintSource.Facts,
        tests,
      });
    },

    /** GET /api/ai/tutor/log/{author}/{collection}: hints and reviews on its exercises, for its editors. */
    async log(userId: number, authorId: number, collectionId: number): Promise<TutorLogResponse> {
      const { viewer, collection } = await deps.collections.findForAuthoring(userId, authorId, collectionId);
      if (!canEditCollection(viewer, collection)) throw notFound(ContentErrors.NotFound);
      const rows = await repo.logOf(db, collectionId, TutorLimits.logPageSize);
      return {
        collection_title: collection.title,
        entries: rows.map((row) => ({
          kind: row.kind,
          at: new Date(row.at).toISOString(),
          learner_name: row.learner_name,
          lesson_title: row.lesson_title,
          page_id: row.page_id === null ? null : Number(row.page_id),
          comp_id: row.comp_id,
          level: row.level === null ? null : Number(row.level),
          source: row.source,
          text: row.text,
          tests:
            row.tests_total === null
              ? null
              : { passed: Number(row.tests_passed ?? 0), total: Number(row.tests_total) },
          rating: row.rating === null ? null : Number(row.rating),
          feedback: row.feedback,
        })),
      };
    },
  };
}

export type TutorService = ReturnType<typeof createTutorService>;
