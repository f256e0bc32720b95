import {
  CloudLabCollectionParamsSchema,
  CloudLabParamsSchema,
  CloudLabTaskParamsSchema,
  SaveCloudLabRequestSchema,
  SaveCloudLabTaskRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import { etagOf } from '../authoring/authoring.routes.js';
import type { CloudLabEditorService } from './cloudLabEditor.service.js';

// The lab editor's API (docs/cloudlabs.md), in the author namespace like the project editor's.

const LAB = '/api/author/:authorId/collection/:collectionId/cloudlab/:labId';

export function registerCloudLabEditorRoutes(app: FastifyInstance, editor: CloudLabEditorService): void {
  // Not in the spec: a lab collection created on /teach gets its lab here before the editor opens.
  app.post('/api/author/:authorId/collection/:collectionId/cloudlab', async (request, reply) => {
    const { userId } = requireUser(request);
    const { authorId, collectionId } = parseInput(CloudLabCollectionParamsSchema, request.params);
    const result = await editor.ensureLab(userId, authorId, collectionId);
    return reply.status(result.created ? 201 : 200).send(result);
  });

  app.get(LAB, async (request) => {
    const { userId } = requireUser(request);
    return editor.editor(userId, parseInput(CloudLabParamsSchema, request.params));
  });

  app.put(LAB, async (request) => {
    const { userId } = requireUser(request);
    const address = parseInput(CloudLabParamsSchema, request.params);
    return editor.saveLab(
      userId,
      address,
      etagOf(request),
      parseInput(SaveCloudLabRequestSchema, request.body),
    );
  });

  app.post(`${LAB}/tasks`, async (request) => {
    const { userId } = requireUser(request);
    const address = parseInput(CloudLabParamsSchema, request.params);
    return editor.addTask(
      userId,
      address,
      etagOf(request),
      parseInput(SaveCloudLabTaskRequestSchema, request.body),
    );
  });

  app.put(`${LAB}/tasks/:taskId`, async (request) => {
    const { userId } = requireUser(request);
    const address = parseInput(CloudLabTaskParamsSchema, request.params);
    return editor.saveTask(
      userId,
      address,
      etagOf(request),
      parseInput(SaveCloudLabTaskRequestSchema, request.body),
    );
  });
}
