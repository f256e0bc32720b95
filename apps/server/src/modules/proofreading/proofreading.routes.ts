import {
  AddProofreaderRequestSchema,
  CreateSuggestionRequestSchema,
  EmptyBodySchema,
  IncorporateRequestSchema,
  ProofreadDocParamsSchema,
  ProofreadDocQuerySchema,
  ProofreaderParamsSchema,
  ProofreadPassParamsSchema,
  ProofreadPassPreviewQuerySchema,
  ProofreadSuggestionParamsSchema,
  ProofreadTransitionRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { requireEtag } from '../../platform/http/etag.js';
import { parseInput } from '../../platform/http/validation.js';
import type { Caller } from '../content/content.service.js';
import type { ProofreadingService } from './proofreading.service.js';

// Proofreading of articles (spec 000 §2 "Proofreading", §4; docs/proofreading.md). The API mirrors the
// web routes /proofread/{authorId}/{collectionId}/document/{docId}[/{pageId}]; the page id is `?page_id=`.

const DOC = '/api/proofread/:authorId/:collectionId/document/:docId';

function callerOf(request: FastifyRequest): Caller {
  const { userId, adminRole } = requireUser(request);
  return { userId, adminRole };
}

export function registerProofreadingRoutes(app: FastifyInstance, proofreading: ProofreadingService): void {
  app.get('/api/proofread/articles', async (request) => proofreading.queue(callerOf(request)));

  // Who proofreads: platform super admins manage the list.
  app.get('/api/admin/proofreaders', async (request) => proofreading.listProofreaders(callerOf(request)));

  app.post('/api/admin/proofreaders', async (request, reply) => {
    const caller = callerOf(request);
    const added = await proofreading.addProofreaderByEmail(
      caller,
      parseInput(AddProofreaderRequestSchema, request.body),
    );
    return reply.status(201).send(added);
  });

  app.delete('/api/admin/proofreaders/:userId', async (request) => {
    const caller = callerOf(request);
    if (request.body !== undefined) parseInput(EmptyBodySchema, request.body);
    const { userId } = parseInput(ProofreaderParamsSchema, request.params);
    return proofreading.removeProofreader(caller, userId);
  });

  app.get(DOC, async (request) => {
    const caller = callerOf(request);
    const { page_id } = parseInput(ProofreadDocQuerySchema, request.query);
    return proofreading.read(caller, parseInput(ProofreadDocParamsSchema, request.params), page_id);
  });

  app.post(`${DOC}/transition`, async (request) => {
    const caller = callerOf(request);
    const { page_id } = parseInput(ProofreadDocQuerySchema, request.query);
    const params = parseInput(ProofreadDocParamsSchema, request.params);
    const body = parseInput(ProofreadTransitionRequestSchema, request.body);
    return proofreading.transition(caller, params, page_id, body);
  });

  app.post(`${DOC}/pass/:passNo/suggestions`, async (request, reply) => {
    const caller = callerOf(request);
    const { page_id } = parseInput(ProofreadDocQuerySchema, request.query);
    const params = parseInput(ProofreadPassParamsSchema, request.params);
    const body = parseInput(CreateSuggestionRequestSchema, request.body);
    return reply.status(201).send(await proofreading.suggest(caller, params, page_id, body));
  });

  app.delete(`${DOC}/pass/:passNo/suggestions/:suggestionId`, async (request) => {
    const caller = callerOf(request);
    const { page_id } = parseInput(ProofreadDocQuerySchema, request.query);
    if (request.body !== undefined) parseInput(EmptyBodySchema, request.body);
    const params = parseInput(ProofreadSuggestionParamsSchema, request.params);
    return proofreading.removeSuggestion(caller, params, page_id);
  });

  app.get(`${DOC}/pass/:passNo/preview`, async (request) => {
    const caller = callerOf(request);
    const { page_id, base_pass } = parseInput(ProofreadPassPreviewQuerySchema, request.query);
    const params = parseInput(ProofreadPassParamsSchema, request.params);
    return proofreading.passPreview(caller, params, page_id, base_pass);
  });

  app.post(`${DOC}/incorporate`, async (request) => {
    const caller = callerOf(request);
    const { page_id } = parseInput(ProofreadDocQuerySchema, request.query);
    const params = parseInput(ProofreadDocParamsSchema, request.params);
    const etag = requireEtag(request);
    const body = parseInput(IncorporateRequestSchema, request.body);
    return proofreading.incorporate(caller, params, page_id, etag, body);
  });

  app.get(`${DOC}/reviewIncorporations`, async (request) => {
    const caller = callerOf(request);
    const { page_id } = parseInput(ProofreadDocQuerySchema, request.query);
    return proofreading.incorporations(caller, parseInput(ProofreadDocParamsSchema, request.params), page_id);
  });
}
