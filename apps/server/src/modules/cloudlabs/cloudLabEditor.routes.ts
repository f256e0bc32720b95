import {
  CloudLabCollectionParamsSchema,
  CloudLabParamsSchema,
  CloudLabTaskParamsSchema,
  EmptyBodySchema,
  SaveCloudLabRequestSchema,
  SaveCloudLabTaskRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { requireEtag, sendEtag } from '../../platform/http/etag.js';
import { parseInput } from '../../platform/http/validation.js';
import type { CloudLabEditorService } from './cloudLabEditor.service.js';

// The lab editor's API (docs/cloudlabs.md), in the author namespace like the project editor's.

const LAB = '/api/author/:authorId/collection/:collectionId/cloudlab/:labId';

export function registerCloudLabEditorRoutes(app: FastifyInstance, editor: CloudLabEditorService): void {
  // Not in the spec: a lab collection created on /teach gets its lab here before the editor opens.
  app.post('/api/author/:authorId/collection/:collectionId/cloudlab', async (request, reply) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    const { authorId, collectionId } = parseInput(CloudLabCollectionParamsSchema, request.params);
    const result = await editor.ensureLab(userId, authorId, collectionId);
    return reply.status(result.created ? 201 : 200).send(result);
  });

  app.get(LAB, async (request, reply) => {
    const { userId } = requireUser(request);
    const lab = await editor.editor(userId, parseInput(CloudLabParamsSchema, request.params));
    return sendEtag(reply, lab.etag, lab);
  });

  app.put(LAB, async (request, reply) => {
    const { userId } = requireUser(request);
    const address = parseInput(CloudLabParamsSchema, request.params);
    const lab = await editor.saveLab(
      userId,
      address,
      requireEtag(request),
      parseInput(SaveCloudLabRequestSchema, request.body),
    );
    return sendEtag(reply, lab.etag, lab);
  });

  app.post(`${LAB}/tasks`, async (request, reply) => {
    const { userId } = requireUser(request);
    const address = parseInput(CloudLabParamsSchema, request.params);
    const lab = await editor.addTask(
      userId,
      address,
      requireEtag(request),
      parseInput(SaveCloudLabTaskRequestSchema, request.body),
    );
    return sendEtag(reply, lab.etag, lab);
  });

  app.put(`${LAB}/tasks/:taskId`, async (request, reply) => {
    const { userId } = requireUser(request);
    const address = parseInput(CloudLabTaskParamsSchema, request.params);
    const lab = await editor.saveTask(
      userId,
      address,
      requireEtag(request),
      parseInput(SaveCloudLabTaskRequestSchema, request.body),
    );
    return sendEtag(reply, lab.etag, lab);
  });
}
