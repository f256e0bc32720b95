import {
  ScimGroupListQuerySchema,
  ScimGroupParamsSchema,
  ScimGroupPatchRequestSchema,
  ScimGroupRequestSchema,
  ScimListQuerySchema,
  ScimPatchRequestSchema,
  ScimUserParamsSchema,
  ScimUserRequestSchema,
} from '@coderoom/contracts';
import { ErrorStatus, ScimSchema } from '@coderoom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, PlatformMessages } from '../../platform/http/errors.js';
import { containsNul, utf8TextOf } from '../../platform/http/inputEncoding.js';
import { ScimError, type ScimService } from './scim.service.js';
import type { ScimGroupsService } from './scimGroups.service.js';

// SCIM 2.0 `/scim/v2/Users` and `/Groups` (RFC 7644) for identity providers, authenticated by the organization's bearer
// token (no cookies, no CSRF: nothing here is reachable from a browser session). Errors use the RFC's
// Error schema, which is what Okta and Azure AD read.

const SCIM_TYPE = 'application/scim+json';

function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ScimError(
      400,
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
      'invalidValue',
    );
  }
  return result.data;
}

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).type(SCIM_TYPE).send(body);
}

export function registerScimRoutes(app: FastifyInstance, scim: ScimService, groups: ScimGroupsService): void {
  app.register(
    async (scope) => {
      // Identity providers send application/scim+json: read as the platform reads JSON (UTF-8, no NUL).
      scope.addContentTypeParser(SCIM_TYPE, { parseAs: 'buffer' }, (_request, body, done) => {
        try {
          const value: unknown = JSON.parse(utf8TextOf(body as Buffer));
          if (containsNul(value)) throw new ScimError(400, PlatformMessages.NulInBody, 'invalidValue');
          done(null, value);
        } catch (error) {
          done(
            error instanceof ScimError
              ? error
              : new ScimError(400, PlatformMessages.MalformedJson, 'invalidSyntax'),
            undefined,
          );
        }
      });

      scope.setErrorHandler((error: unknown, _request, reply) => {
        const known =
          error instanceof ScimError
            ? error
            : error instanceof AppError
              ? new ScimError(error.status, error.errorText)
              : typeof (error as { statusCode?: number }).statusCode === 'number' &&
                  ((error as { statusCode: number }).statusCode ?? 500) < 500
                ? new ScimError(400, PlatformMessages.MalformedJson, 'invalidSyntax')
                : null;
        if (!known) {
          reply.log.error({ err: error }, 'unhandled SCIM error');
          return send(reply, ErrorStatus.ServerError, {
            schemas: [ScimSchema.Error],
            status: String(ErrorStatus.ServerError),
            detail: 'Internal error',
          });
        }
        return send(reply, known.status, {
          schemas: [ScimSchema.Error],
          status: String(known.status),
          ...(known.scimType ? { scimType: known.scimType } : {}),
          detail: known.detail,
        });
      });

      const organizationOf = (request: FastifyRequest) => scim.authenticate(request.headers.authorization);
      const idOf = (request: FastifyRequest) => parse(ScimUserParamsSchema, request.params).id;

      scope.get('/Users', async (request, reply) => {
        const organizationId = await organizationOf(request);
        return send(reply, 200, await scim.list(organizationId, parse(ScimListQuerySchema, request.query)));
      });
      scope.post('/Users', async (request, reply) => {
        const organizationId = await organizationOf(request);
        return send(
          reply,
          201,
          await scim.create(organizationId, parse(ScimUserRequestSchema, request.body)),
        );
      });
      scope.get('/Users/:id', async (request, reply) => {
        const organizationId = await organizationOf(request);
        return send(reply, 200, await scim.get(organizationId, idOf(request)));
      });
      scope.put('/Users/:id', async (request, reply) => {
        const organizationId = await organizationOf(request);
        const id = idOf(request);
        return send(
          reply,
          200,
          await scim.replace(organizationId, id, parse(ScimUserRequestSchema, request.body)),
        );
      });
      scope.patch('/Users/:id', async (request, reply) => {
        const organizationId = await organizationOf(request);
        const id = idOf(request);
        return send(
          reply,
          200,
          await scim.patch(organizationId, id, parse(ScimPatchRequestSchema, request.body)),
        );
      });
      scope.delete('/Users/:id', async (request, reply) => {
        const organizationId = await organizationOf(request);
        await scim.remove(organizationId, idOf(request));
        return reply.code(204).send();
      });

      // Groups are the organization's teams.
      const groupIdOf = (request: FastifyRequest) => parse(ScimGroupParamsSchema, request.params).id;
      scope.get('/Groups', async (request, reply) => {
        const organizationId = await organizationOf(request);
        return send(
          reply,
          200,
          await groups.list(organizationId, parse(ScimGroupListQuerySchema, request.query)),
        );
      });
      scope.post('/Groups', async (request, reply) => {
        const organizationId = await organizationOf(request);
        return send(
          reply,
          201,
          await groups.create(organizationId, parse(ScimGroupRequestSchema, request.body)),
        );
      });
      scope.get('/Groups/:id', async (request, reply) => {
        const organizationId = await organizationOf(request);
        return send(reply, 200, await groups.get(organizationId, groupIdOf(request)));
      });
      scope.put('/Groups/:id', async (request, reply) => {
        const organizationId = await organizationOf(request);
        const id = groupIdOf(request);
        return send(
          reply,
          200,
          await groups.replace(organizationId, id, parse(ScimGroupRequestSchema, request.body)),
        );
      });
      scope.patch('/Groups/:id', async (request, reply) => {
        const organizationId = await organizationOf(request);
        const id = groupIdOf(request);
        return send(
          reply,
          200,
          await groups.patch(organizationId, id, parse(ScimGroupPatchRequestSchema, request.body)),
        );
      });
      scope.delete('/Groups/:id', async (request, reply) => {
        const organizationId = await organizationOf(request);
        await groups.remove(organizationId, groupIdOf(request));
        return reply.code(204).send();
      });
    },
    { prefix: '/scim/v2' },
  );
}
