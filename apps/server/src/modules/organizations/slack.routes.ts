import {
  EmptyBodySchema,
  OrganizationParamsSchema,
  RemoveSlackUserRequestSchema,
  SlackCallbackQuerySchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { SlackService } from './slack.service.js';

// Slack for organizations (docs/organizations.md, "Slack"): the settings, the OAuth v2 starts and Slack's
// redirect back, disconnecting, and the spec's PUT /api/slack/remove/user (002 §7.1).

export function registerSlackRoutes(app: FastifyInstance, slack: SlackService): void {
  const organizationOf = (request: FastifyRequest) =>
    parseInput(OrganizationParamsSchema, request.params).organizationId;

  app.get('/api/organization/:organizationId/slack', async (request) =>
    slack.settings(requireUser(request).userId, organizationOf(request)),
  );

  app.post('/api/organization/:organizationId/slack/install', async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    parseInput(EmptyBodySchema, request.body ?? {});
    return slack.startInstall(userId, organizationId);
  });

  app.post('/api/organization/:organizationId/slack/link', async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    parseInput(EmptyBodySchema, request.body ?? {});
    return slack.startLink(userId, organizationId);
  });

  app.delete('/api/organization/:organizationId/slack', async (request) =>
    slack.disconnect(requireUser(request).userId, organizationOf(request)),
  );

  app.put('/api/slack/remove/user', async (request) => {
    const { userId } = requireUser(request);
    const { organization_id } = parseInput(RemoveSlackUserRequestSchema, request.body ?? {});
    return slack.removeUser(userId, organization_id);
  });

  // Slack sends the browser here (a top-level GET, so the Lax session cookie comes along).
  app.get('/api/slack/oauth/callback', async (request, reply) => {
    const query = parseInput(SlackCallbackQuerySchema, request.query);
    const auth = request.auth;
    const location =
      auth && auth.state === 'active'
        ? (await slack.callback(auth.userId, query)).location
        : '/login?ru=%2Fsettings';
    return reply.code(303).header('cache-control', 'no-store').redirect(location, 303);
  });
}
