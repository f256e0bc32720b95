import {
  CompletionRequestSchema,
  MyWorksQuerySchema,
  PageParamsSchema,
  PinWorkItemRequestSchema,
  PinWorkRequestSchema,
  ReadingPreferencesSchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { ProgressService } from './progress.service.js';

const HashParamsSchema = z.strictObject({ hash: z.string().max(64) });

/** A pin names a course (author_id, work_id) or a work-area item (work_item_id): one pair of spec calls, 002 §7.2. */
const PinRequestSchema = z.union([PinWorkRequestSchema, PinWorkItemRequestSchema]);

export function registerProgressRoutes(
  app: FastifyInstance,
  progress: ProgressService,
  starWorkItem: (userId: number, itemId: number, starred: boolean) => Promise<void>,
): void {
  app.put('/api/reader/collection/:authorId/:collectionId/page/:pageId/completion', async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(PageParamsSchema, request.params);
    const { completed } = parseInput(CompletionRequestSchema, request.body);
    return progress.setCompletion(userId, params.authorId, params.collectionId, params.pageId, completed);
  });

  app.get('/api/userdata/continue-learning', async (request) => {
    const { userId } = requireUser(request);
    return { work: await progress.continueLearning(userId) };
  });

  app.get('/api/reader/all-completed-works', async (request) => {
    const { userId } = requireUser(request);
    return { works: await progress.myWorks(userId, 'completed') };
  });

  app.get('/api/reader/my-works', async (request) => {
    const { userId } = requireUser(request);
    return { works: await progress.myWorks(userId, parseInput(MyWorksQuerySchema, request.query).tab) };
  });

  app.put('/api/pinwork', async (request) => {
    const { userId } = requireUser(request);
    const body = parseInput(PinRequestSchema, request.body);
    if ('work_item_id' in body) await starWorkItem(userId, body.work_item_id, true);
    else await progress.setPinned(userId, body.author_id, body.work_id, true);
    return { ok: true as const };
  });

  app.put('/api/unpinwork', async (request) => {
    const { userId } = requireUser(request);
    const body = parseInput(PinRequestSchema, request.body);
    if ('work_item_id' in body) await starWorkItem(userId, body.work_item_id, false);
    else await progress.setPinned(userId, body.author_id, body.work_id, false);
    return { ok: true as const };
  });

  app.get('/api/userdata/reading-preferences', async (request) => {
    const { userId } = requireUser(request);
    return progress.readingPreferences(userId);
  });

  app.put('/api/userdata/reading-preferences', async (request) => {
    const { userId } = requireUser(request);
    return progress.saveReadingPreferences(userId, parseInput(ReadingPreferencesSchema, request.body));
  });

  // The spec's name for the learner's certificates (001 §7); the web reads it there.
  app.get('/api/get-all-certificates', async (request) => {
    const { userId } = requireUser(request);
    return { certificates: await progress.certificates(userId) };
  });

  app.get('/api/certificates/verify/:hash', async (request) =>
    progress.verifyCertificate(parseInput(HashParamsSchema, request.params).hash),
  );
}
