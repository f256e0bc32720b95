import {
  AssessmentEditorAssessmentParamsSchema,
  AssessmentEditorParamsSchema,
  AssessmentEditorQuerySchema,
  AssessmentEditorQuestionParamsSchema,
  EmptyBodySchema,
  SaveAssessmentRequestSchema,
  SaveQuestionRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { notFound } from '../../platform/http/errors.js';
import { requireEtag, sendEtag } from '../../platform/http/etag.js';
import { parseInput } from '../../platform/http/validation.js';
import type { AssessmentEditorService, EditorAddress } from './assessmentEditor.service.js';
import { AssessmentErrors } from './assessments.errors.js';

// The assessment editor's calls (spec 000 §7 "Authoring and pages"): POST …/get-assessment-pages,
// PUT …/assessment/{id} (eTag) and PUT …/assessment/{id}/question/{q} (content, protected_content), plus
// DELETE of a question. The assessment id is the assessment collection's own id (docs/assessments.md).

const COLLECTION = '/api/author/:authorId/collection/:collectionId';
const ASSESSMENT = `${COLLECTION}/assessment/:assessmentId`;

function addressOf(
  request: FastifyRequest,
  params: { authorId: number; collectionId: number },
): EditorAddress {
  const { userId } = requireUser(request);
  parseInput(AssessmentEditorQuerySchema, request.query);
  return { userId, authorId: params.authorId, collectionId: params.collectionId };
}

/** The assessment named in the address must be the collection itself. */
function assessmentAddress(
  request: FastifyRequest,
  params: { authorId: number; collectionId: number; assessmentId: number },
): EditorAddress {
  const address = addressOf(request, params);
  if (params.assessmentId !== params.collectionId) throw notFound(AssessmentErrors.NotFound);
  return address;
}

export function registerAssessmentEditorRoutes(app: FastifyInstance, editor: AssessmentEditorService): void {
  app.post(`${COLLECTION}/get-assessment-pages`, async (request, reply) => {
    parseInput(EmptyBodySchema, request.body);
    const address = addressOf(request, parseInput(AssessmentEditorParamsSchema, request.params));
    const pages = await editor.pages(address);
    return sendEtag(reply, pages.etag, pages);
  });

  app.put(ASSESSMENT, async (request, reply) => {
    const address = assessmentAddress(
      request,
      parseInput(AssessmentEditorAssessmentParamsSchema, request.params),
    );
    const body = parseInput(SaveAssessmentRequestSchema, request.body);
    const result = await editor.reorder(address, requireEtag(request), body.question_ids);
    return sendEtag(reply, result.etag, result);
  });

  app.put(`${ASSESSMENT}/question/:questionId`, async (request, reply) => {
    const params = parseInput(AssessmentEditorQuestionParamsSchema, request.params);
    const address = assessmentAddress(request, params);
    const body = parseInput(SaveQuestionRequestSchema, request.body);
    const result = await editor.saveQuestion(address, params.questionId, requireEtag(request), body);
    if (params.questionId === 'new') reply.status(201);
    return sendEtag(reply, result.etag, result);
  });

  app.delete(`${ASSESSMENT}/question/:questionId`, async (request, reply) => {
    parseInput(EmptyBodySchema, request.body);
    const params = parseInput(AssessmentEditorQuestionParamsSchema, request.params);
    const address = assessmentAddress(request, params);
    if (params.questionId === 'new') throw notFound(AssessmentErrors.NotFound);
    const result = await editor.deleteQuestion(address, params.questionId, requireEtag(request));
    return sendEtag(reply, result.etag, result);
  });
}
