import {
  EmptyBodySchema,
  LoginMethodRequestSchema,
  OidcCallbackQuerySchema,
  OrganizationParamsSchema,
  SamlAcsBodySchema,
  SamlMetadataRequestSchema,
  SamlSloBodySchema,
  SamlSloQuerySchema,
  SsoConfigRequestSchema,
  SsoStartRequestSchema,
} from '@coderoom/contracts';
import { SSO_LOGIN_TTL_MS } from '@coderoom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookies, setSessionCookies } from '../../platform/auth/cookies.js';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { SsoOutcome, SsoService } from './sso.service.js';

// Single sign-on: the admin's configuration calls (001 §7 names sso-config and login-method), "Sign in with
// SSO", the OIDC redirect back and the SAML assertion consumer service (docs/organizations.md).

/** Binds an OIDC sign-in to the browser that started it (httpOnly, only sent to the callback). */
const BROWSER_COOKIE = 'coderoom_sso';
const CALLBACK_PATH = '/api/sso/oidc/callback';
const SAML_FORM_LIMIT = 512 * 1024;

function clientOf(request: FastifyRequest) {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

function finish(request: FastifyRequest, reply: FastifyReply, outcome: SsoOutcome) {
  if (outcome.sessionToken) setSessionCookies(request, reply, outcome.sessionToken);
  return reply.code(303).header('cache-control', 'no-store').redirect(outcome.location, 303);
}

export function registerSsoRoutes(app: FastifyInstance, sso: SsoService, publicUrl: string): void {
  const organizationOf = (request: FastifyRequest) =>
    parseInput(OrganizationParamsSchema, request.params).organizationId;

  app.get('/api/organization/:organizationId/sso-config', async (request) =>
    sso.config(requireUser(request).userId, organizationOf(request)),
  );

  app.put('/api/organization/:organizationId/sso-config', async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    return sso.saveConfig(userId, organizationId, parseInput(SsoConfigRequestSchema, request.body));
  });

  app.put('/api/organization/:organizationId/login-method', async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    return sso.setLoginMethod(userId, organizationId, parseInput(LoginMethodRequestSchema, request.body));
  });

  // IdP metadata (pasted or uploaded): the SAML fields it names, for the form; nothing is saved.
  app.post('/api/organization/:organizationId/sso-config/saml-metadata', async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    const { metadata_xml } = parseInput(SamlMetadataRequestSchema, request.body);
    return sso.readMetadata(userId, organizationId, metadata_xml);
  });

  // Signing out with single logout: the session ends here; a SAML session may go on to its IdP.
  app.post('/api/sso/logout', async (request, reply) => {
    parseInput(EmptyBodySchema, request.body);
    const answer = await sso.logout(request.auth?.sessionId ?? null);
    clearSessionCookies(request, reply);
    return answer;
  });

  // SAML single logout, HTTP-Redirect binding: the IdP's LogoutResponse, or its own LogoutRequest.
  app.get('/sso/saml/:organizationId/slo', { config: { session: false } }, async (request, reply) => {
    const organizationId = organizationOf(request);
    const query = parseInput(SamlSloQuerySchema, request.query);
    const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const location = await sso.samlLogout(organizationId, {
      binding: 'redirect',
      query: Object.fromEntries(
        Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]),
      ),
      rawQuery,
    });
    return reply.code(303).header('cache-control', 'no-store').redirect(location, 303);
  });

  app.post('/api/organization/:organizationId/scim-token', async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    parseInput(EmptyBodySchema, request.body ?? {});
    return sso.newScimToken(userId, organizationId);
  });

  app.post('/api/sso/start', async (request, reply) => {
    const { email } = parseInput(SsoStartRequestSchema, request.body);
    const browserToken = sso.newBrowserToken();
    const answer = await sso.start(email, browserToken);
    reply.setCookie(BROWSER_COOKIE, browserToken, {
      path: CALLBACK_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: SSO_LOGIN_TTL_MS / 1000,
    });
    return answer;
  });

  app.get(CALLBACK_PATH, async (request, reply) => {
    const query = parseInput(OidcCallbackQuerySchema, request.query);
    const outcome = await sso.oidcCallback(
      `${publicUrl}${request.url}`,
      query.state,
      request.cookies[BROWSER_COOKIE],
      clientOf(request),
    );
    reply.clearCookie(BROWSER_COOKIE, { path: CALLBACK_PATH });
    return finish(request, reply, outcome);
  });

  // The SAML HTTP-POST binding: the IdP's page posts a form here, so this route takes form bodies and a
  // post from another site; the signed assertion is what it trusts.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: SAML_FORM_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(
      '/sso/saml/:organizationId/acs',
      { config: { crossSitePost: true, session: false }, bodyLimit: SAML_FORM_LIMIT },
      async (request, reply) => {
        const organizationId = organizationOf(request);
        const body = parseInput(SamlAcsBodySchema, request.body);
        return finish(request, reply, await sso.samlAcs(organizationId, body, clientOf(request)));
      },
    );
    // SAML single logout, HTTP-POST binding: the IdP's signed LogoutRequest.
    scope.post(
      '/sso/saml/:organizationId/slo',
      { config: { crossSitePost: true, session: false }, bodyLimit: SAML_FORM_LIMIT },
      async (request, reply) => {
        const organizationId = organizationOf(request);
        const body = parseInput(SamlSloBodySchema, request.body);
        const location = await sso.samlLogout(organizationId, { binding: 'post', body });
        return reply.code(303).header('cache-control', 'no-store').redirect(location, 303);
      },
    );
  });
}
