import {
  AddCollaboratorRequestSchema,
  AuthorCollectionParamsSchema,
  CollaboratorParamsSchema,
  EmptyBodySchema,
  UpdateCollaboratorRequestSchema,
  UserLookupQuerySchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { CollaboratorsService } from './collaborators.service.js';

const COLLABORATORS = '/api/author/:authorId/collection/:collectionId/collaborators';

export function registerCollaboratorsRoutes(app: FastifyInstance, collaborators: CollaboratorsService): void {
  app.get('/api/author/user-lookup', async (request) => {
    const { userId } = requireUser(request);
    return collaborators.lookupUser(userId, parseInput(UserLookupQuerySchema, request.query));
  });

  app.get(COLLABORATORS, async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(AuthorCollectionParamsSchema, request.params);
    return collaborators.list(userId, params.authorId, params.collectionId);
  });

  app.post(COLLABORATORS, async (request, reply) => {
    const { userId } = requireUser(request);
    const params = parseInput(AuthorCollectionParamsSchema, request.params);
    const body = parseInput(AddCollaboratorRequestSchema, request.body);
    return reply
      .status(201)
      .send(await collaborators.add(userId, params.authorId, params.collectionId, body));
  });

  app.put(`${COLLABORATORS}/:userId`, async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(CollaboratorParamsSchema, request.params);
    const { access } = parseInput(UpdateCollaboratorRequestSchema, request.body);
    return collaborators.updateAccess(userId, params, access);
  });

  app.delete(`${COLLABORATORS}/:userId`, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    return collaborators.remove(userId, parseInput(CollaboratorParamsSchema, request.params));
  });
}
