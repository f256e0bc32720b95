import {
  LiveInteractionsQuerySchema,
  LiveInteractionsRequestSchema,
  MapDeleteRequestSchema,
  MapValuesRequestSchema,
  MapWriteRequestSchema,
  PageReadTimeRequestSchema,
  UserMapParamsSchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { UserDataService } from './userdata.service.js';

export function registerUserDataRoutes(app: FastifyInstance, userData: UserDataService): void {
  app.post('/api/userdata/maps/get_values', async (request) => {
    const { userId } = requireUser(request);
    return userData.getValues(userId, parseInput(MapValuesRequestSchema, request.body));
  });

  app.get('/api/userdata/map/:name', async (request) => {
    const { userId } = requireUser(request);
    return userData.getMap(userId, parseInput(UserMapParamsSchema, request.params).name);
  });

  app.post('/api/userdata/map/:name', async (request) => {
    const { userId } = requireUser(request);
    const { name } = parseInput(UserMapParamsSchema, request.params);
    return userData.writeMap(userId, name, parseInput(MapWriteRequestSchema, request.body).map_key_val);
  });

  app.post('/api/userdata/map/:name/delete', async (request) => {
    const { userId } = requireUser(request);
    const { name } = parseInput(UserMapParamsSchema, request.params);
    const result = await userData.deleteKeys(
      userId,
      name,
      parseInput(MapDeleteRequestSchema, request.body).map_keys,
    );
    return { ok: true as const, ...result };
  });

  app.get('/api/userdata/live/interactions', async (request) => {
    const { userId } = requireUser(request);
    return userData.liveInteractions(userId, parseInput(LiveInteractionsQuerySchema, request.query));
  });

  app.post('/api/userdata/live/interactions', async (request) => {
    const { userId } = requireUser(request);
    return userData.recordLiveInteractions(userId, parseInput(LiveInteractionsRequestSchema, request.body));
  });

  app.post('/api/page/read-time', async (request) => {
    const { userId } = requireUser(request);
    return userData.recordReadTime(userId, parseInput(PageReadTimeRequestSchema, request.body));
  });
}
