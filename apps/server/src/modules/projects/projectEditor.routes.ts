import {
  CreateProjectFileRequestSchema,
  EmptyBodySchema,
  ProjectEditorCollectionParamsSchema,
  ProjectEditorComponentParamsSchema,
  ProjectEditorProjectParamsSchema,
  SaveEditorProjectRequestSchema,
  SaveEditorTaskRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { notFound } from '../../platform/http/errors.js';
import { requireEtag, sendEtag } from '../../platform/http/etag.js';
import { parseInput } from '../../platform/http/validation.js';
import type { ProjectEditorAddress, ProjectEditorService } from './projectEditor.service.js';
import { ProjectErrors } from './projects.errors.js';

// The project editor's calls (spec 000 §7: PUT /api/author/{a}/collection/{c}/project/{p} and
// …/project_component/{pc}), plus the editor's read (GET of the same project address), a task's DELETE
// and adding a file. docs/projects.md "Editing".

const COLLECTION = '/api/author/:authorId/collection/:collectionId';
const PROJECT = `${COLLECTION}/project/:projectId`;
const TASK = `${COLLECTION}/project_component/:componentId`;

function addressOf(request: FastifyRequest, params: { authorId: number; collectionId: number }) {
  const { userId } = requireUser(request);
  return {
    userId,
    authorId: params.authorId,
    collectionId: params.collectionId,
  } satisfies ProjectEditorAddress;
}

export function registerProjectEditorRoutes(app: FastifyInstance, editor: ProjectEditorService): void {
  // Not in the spec: a collection created on /teach gets its project here before the editor opens.
  app.post(`${COLLECTION}/project`, async (request, reply) => {
    parseInput(EmptyBodySchema, request.body);
    const params = parseInput(ProjectEditorCollectionParamsSchema, request.params);
    const result = await editor.ensureProject(addressOf(request, params));
    return reply.status(result.created ? 201 : 200).send(result);
  });

  app.get(PROJECT, async (request, reply) => {
    const params = parseInput(ProjectEditorProjectParamsSchema, request.params);
    const project = await editor.get(addressOf(request, params), params.projectId);
    return sendEtag(reply, project.etag, project);
  });

  app.put(PROJECT, async (request, reply) => {
    const params = parseInput(ProjectEditorProjectParamsSchema, request.params);
    const address = addressOf(request, params);
    const body = parseInput(SaveEditorProjectRequestSchema, request.body);
    const project = await editor.saveProject(address, params.projectId, requireEtag(request), body);
    return sendEtag(reply, project.etag, project);
  });

  app.post(`${PROJECT}/files`, async (request) => {
    const params = parseInput(ProjectEditorProjectParamsSchema, request.params);
    const address = addressOf(request, params);
    const body = parseInput(CreateProjectFileRequestSchema, request.body);
    return editor.addFile(address, params.projectId, body);
  });

  app.put(TASK, async (request, reply) => {
    const params = parseInput(ProjectEditorComponentParamsSchema, request.params);
    const address = addressOf(request, params);
    const body = parseInput(SaveEditorTaskRequestSchema, request.body);
    const result = await editor.saveTask(address, params.componentId, requireEtag(request), body);
    if (params.componentId === 'new') reply.status(201);
    return sendEtag(reply, result.etag, result);
  });

  app.delete(TASK, async (request, reply) => {
    parseInput(EmptyBodySchema, request.body);
    const params = parseInput(ProjectEditorComponentParamsSchema, request.params);
    const address = addressOf(request, params);
    if (params.componentId === 'new') throw notFound(ProjectErrors.TaskNotFound);
    const result = await editor.deleteTask(address, params.componentId, requireEtag(request));
    return sendEtag(reply, result.etag, result);
  });
}
