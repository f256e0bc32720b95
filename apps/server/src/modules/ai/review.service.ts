import { createHash } from 'node:crypto';
import type {
  CodeReviewRequest,
  CodeReviewResponse,
  CodeWidgetContent,
  ReviewRatingRequest,
  WidgetRef,
} from '@coderoom/contracts';
import { codeFeedback } from '@coderoom/domain';
import { type Runner, RunnerError } from '@coderoom/runner';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import { AiErrors } from './ai.errors.js';
import * as repo from './ai.repository.js';
import { summariseReview } from './ai.review.js';
import { gatherReviewFacts } from './reviewFacts.js';

// A review runs the program (or judges it against the exercise's tests) and the linters: sandbox time,
// so fewer per minute than questions.
export const ReviewRateRules = {
  perUser: { limit: 20, windowSeconds: 60 },
} as const;

export interface ReviewDeps {
  db: Db;
  clock: Clock;
  runner: Runner;
  rateLimiter: RateLimiter;
  /** The exercise a review names, after the same read check as running it (content module). */
  widgets: { codeWidget(userId: number, ref: WidgetRef): Promise<CodeWidgetContent> };
}

/** The runner's failures become the platform's error answers (an unknown language, a full queue). */
export function toAppError(error: unknown): unknown {
  if (!(error instanceof RunnerError)) return error;
  return new AppError(
    error.status,
    error.message,
    error.field ? { [error.field]: error.message } : undefined,
  );
}

export function createReviewService(deps: ReviewDeps) {
  const { db, clock, runner } = deps;

  return {
    /** POST /api/code/review/feedback: the review, stored with its facts for the exercise's authors. */
    async review(userId: number, request: CodeReviewRequest): Promise<CodeReviewResponse> {
      await deps.rateLimiter.consume(`ai:review:user:${userId}`, ReviewRateRules.perUser);
      const widget = request.widget ? await deps.widgets.codeWidget(userId, request.widget) : null;
      const facts = await gatherReviewFacts(runner, request, widget).catch((error: unknown) => {
        throw toAppError(error);
      });
      const { summary, comments, tests } = summariseReview(facts);
      const reviewId = await repo.insertReview(db, {
        userId,
        language: widget?.language ?? request.language,
        collectionId: request.widget?.collection_id ?? null,
        pageId: request.widget?.page_id ?? null,
        compId: request.widget?.comp_id ?? null,
        sourceSha256: createHash('sha256').update(request.source_code).digest('hex'),
        summary,
        comments,
        testsPassed: tests?.passed ?? null,
        testsTotal: tests?.total ?? null,
        createdAt: clock.now(),
      });
      return { review_id: reviewId, summary, comments, tests };
    },

    /** The learner's rating and feedback (at most 1024 characters, spec 000 §5) on their own review. */
    async rate(userId: number, reviewId: number, request: ReviewRatingRequest): Promise<{ ok: true }> {
      const problem = codeFeedback(request.feedback);
      if (problem) throw AiErrors.feedbackTooLong(problem);
      const rated = await repo.rateReview(
        db,
        reviewId,
        userId,
        request.rating,
        request.feedback,
        clock.now(),
      );
      if (!rated) throw AiErrors.reviewNotFound();
      return { ok: true };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
