import {
  CompletionRequestSchema,
  MyWorksQuerySchema,
  PageParamsSchema,
  PinWorkRequestSchema,
  ReadingPreferencesSchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { ProgressService } from './progress.service.js';

const HashParamsSchema = z.strictObject({ hash: z.string().max(64) });

export function registerProgressRoutes(app: FastifyInstance, progress: ProgressService): void {
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
    const body = parseInput(PinWorkRequestSchema, request.body);
    await progress.setPinned(userId, body.author_id, body.work_id, true);
    return { ok: true as const };
  });

  app.put('/api/unpinwork', async (request) => {
    const { userId } = requireUser(request);
    const body = parseInput(PinWorkRequestSchema, request.body);
    await progress.setPinned(userId, body.author_id, body.work_id, false);
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

  app.get('/api/certificates', async (request) => {
    const { userId } = requireUser(request);
    return { certificates: await progress.certificates(userId) };
  });

  app.get('/api/certificates/verify/:hash', async (request) =>
    progress.verifyCertificate(parseInput(HashParamsSchema, request.params).hash),
  );
}
