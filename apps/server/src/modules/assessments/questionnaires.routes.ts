import {
  EncodedIdParamsSchema,
  QuestionnaireParamsSchema,
  SubmitQuestionnaireRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { QuestionnairesService } from './questionnaires.service.js';

// Questionnaires (docs/assessments.md "Questionnaires"): read by anyone who may read the collection,
// answered by signed-in learners, their responses read by the questionnaire's authors.

function readerId(request: FastifyRequest): number | null {
  return request.auth?.state === 'active' ? request.auth.userId : null;
}

export function registerQuestionnaireRoutes(
  app: FastifyInstance,
  questionnaires: QuestionnairesService,
): void {
  app.get('/api/questionnaires/:encodedId', async (request) =>
    questionnaires.byCode(readerId(request), parseInput(EncodedIdParamsSchema, request.params).encodedId),
  );

  app.get('/api/questionnaire/:authorId/:collectionId', async (request) => {
    const { authorId, collectionId } = parseInput(QuestionnaireParamsSchema, request.params);
    return questionnaires.byId(readerId(request), authorId, collectionId);
  });

  app.post('/api/questionnaire/:authorId/:collectionId/responses', async (request) => {
    const { userId } = requireUser(request);
    const { authorId, collectionId } = parseInput(QuestionnaireParamsSchema, request.params);
    const { answers } = parseInput(SubmitQuestionnaireRequestSchema, request.body);
    return questionnaires.submit(userId, authorId, collectionId, answers);
  });

  app.get('/api/author/:authorId/collection/:collectionId/questionnaire-responses', async (request) => {
    const { userId } = requireUser(request);
    const { authorId, collectionId } = parseInput(QuestionnaireParamsSchema, request.params);
    return questionnaires.responses(userId, authorId, collectionId);
  });
}
