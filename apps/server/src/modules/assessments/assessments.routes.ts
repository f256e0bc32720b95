import {
  AnswerRequestSchema,
  AssessmentParamsSchema,
  AttemptParamsSchema,
  AttemptQuestionParamsSchema,
  EmptyBodySchema,
  EncodedIdParamsSchema,
  QuestionQuerySchema,
  ShareTokenParamsSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { AssessmentsService, AttemptAddress } from './assessments.service.js';

// GET /api/skill-assessment/{a}/{c}/{id}/{q} (also under /api/assessment), POST generate-stats,
// GET get-stats (spec 000 §7), plus the overview, start, answer and abandon steps of docs/assessments.md.

const BASE = '/api/skill-assessment/:authorId/:collectionId';

/** Logged-out visitors may read an overview; half-finished two-factor logins count as logged out. */
function readerId(request: FastifyRequest): number | null {
  return request.auth?.state === 'active' ? request.auth.userId : null;
}

function attemptAddress(request: FastifyRequest): AttemptAddress {
  const { userId } = requireUser(request);
  return { userId, ...parseInput(AttemptParamsSchema, request.params) };
}

/** Judging stops when the learner goes away. */
function signalOf(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export function registerAssessmentsRoutes(app: FastifyInstance, assessments: AssessmentsService): void {
  app.get('/api/skill-assessments/:encodedId', async (request) =>
    assessments.overviewByCode(
      readerId(request),
      parseInput(EncodedIdParamsSchema, request.params).encodedId,
    ),
  );

  app.get(BASE, async (request) => {
    const { authorId, collectionId } = parseInput(AssessmentParamsSchema, request.params);
    return assessments.overview(readerId(request), authorId, collectionId);
  });

  app.post(`${BASE}/start`, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    const { authorId, collectionId } = parseInput(AssessmentParamsSchema, request.params);
    return assessments.start(userId, authorId, collectionId);
  });

  for (const prefix of ['/api/skill-assessment', '/api/assessment']) {
    app.get(`${prefix}/:authorId/:collectionId/:attemptId/:questionId`, async (request) => {
      const { userId } = requireUser(request);
      const { questionId, ...params } = parseInput(AttemptQuestionParamsSchema, request.params);
      parseInput(QuestionQuerySchema, request.query);
      return assessments.question({ userId, ...params }, questionId);
    });
  }

  app.post(`${BASE}/:attemptId/:questionId/answer`, async (request, reply) => {
    const { userId } = requireUser(request);
    const { questionId, ...params } = parseInput(AttemptQuestionParamsSchema, request.params);
    const answer = parseInput(AnswerRequestSchema, request.body);
    return assessments.answer({ userId, ...params }, questionId, answer, signalOf(reply));
  });

  app.post(`${BASE}/:attemptId/abandon`, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    return assessments.abandon(attemptAddress(request));
  });

  app.post(`${BASE}/:attemptId/generate-stats`, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    return assessments.generateStats(attemptAddress(request));
  });

  app.get(`${BASE}/:attemptId/get-stats`, async (request) => assessments.getStats(attemptAddress(request)));

  // Review, share and the public shared result (docs/assessments.md "Review, retake and share").
  app.get(`${BASE}/:attemptId/review`, async (request) => assessments.review(attemptAddress(request)));
  app.post(`${BASE}/:attemptId/share`, async (request) => assessments.share(attemptAddress(request)));
  app.delete(`${BASE}/:attemptId/share`, async (request) => assessments.unshare(attemptAddress(request)));
  app.get('/api/shared/assessment-results/:token', async (request) =>
    assessments.sharedResult(parseInput(ShareTokenParamsSchema, request.params).token),
  );
}
