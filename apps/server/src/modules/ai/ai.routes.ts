import { Readable } from 'node:stream';
import {
  AI_STREAM_CONTENT_TYPE,
  AiSearchRequestSchema,
  CodeReviewRequestSchema,
  ReviewRatingRequestSchema,
  TutorHintRequestSchema,
} from '@coderoom/contracts';
import { FeatureFlag } from '@coderoom/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { FeaturesService } from '../features/features.service.js';
import type { AiService } from './ai.service.js';
import type { ReviewService } from './review.service.js';
import type { TutorService } from './tutor.service.js';

const ReviewParamsSchema = z.strictObject({ reviewId: z.coerce.number().int().positive() });
const TutorLogParamsSchema = z.strictObject({
  authorId: z.coerce.number().int().positive(),
  collectionId: z.coerce.number().int().positive(),
});

export function registerAiRoutes(
  app: FastifyInstance,
  features: Pick<FeaturesService, 'require'>,
  ai: AiService,
  coach?: { reviews: ReviewService; tutor: TutorService },
): void {
  /** The signed-in caller, if the AI assistant is rolled out to them (spec 001 §6; docs/features.md). */
  async function assistant(request: FastifyRequest) {
    const auth = requireUser(request);
    await features.require(auth, FeatureFlag.AiAssistant);
    return auth;
  }

  // Streamed answers must reach the page as they are written: no compression buffering them.
  app.post('/api/ai/search', { compress: false }, async (request, reply) => {
    const { userId } = await assistant(request);
    const input = parseInput(AiSearchRequestSchema, request.body);
    if (!(request.headers.accept ?? '').includes(AI_STREAM_CONTENT_TYPE))
      return ai.searchAndGenerate(userId, input);
    // Errors (too short, not found…) are answered as JSON before the stream starts.
    const extract = await ai.search(userId, input);
    async function* lines() {
      yield `${JSON.stringify({ type: 'passages', answer: extract })}\n`;
      for await (const event of ai.generate(input.question, extract)) yield `${JSON.stringify(event)}\n`;
    }
    return reply
      .type(AI_STREAM_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(Readable.from(lines()));
  });

  // Reviews and hints run code: registered only where a runner is (like the execution routes).
  if (!coach) return;
  const { reviews, tutor } = coach;
  app.post('/api/code/review/feedback', async (request) => {
    const { userId } = await assistant(request);
    return reviews.review(userId, parseInput(CodeReviewRequestSchema, request.body));
  });

  app.post('/api/code/review/:reviewId/rating', async (request) => {
    const { userId } = await assistant(request);
    const { reviewId } = parseInput(ReviewParamsSchema, request.params);
    return reviews.rate(userId, reviewId, parseInput(ReviewRatingRequestSchema, request.body));
  });

  app.post('/api/ai/tutor/hint', async (request) => {
    const { userId } = await assistant(request);
    return tutor.hint(userId, parseInput(TutorHintRequestSchema, request.body));
  });

  app.get('/api/ai/tutor/log/:authorId/:collectionId', async (request) => {
    const { userId } = requireUser(request);
    const { authorId, collectionId } = parseInput(TutorLogParamsSchema, request.params);
    return tutor.log(userId, authorId, collectionId);
  });
}
