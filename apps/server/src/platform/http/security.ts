import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@coderoom/contracts';
import { ErrorStatus } from '@coderoom/domain';
import type { FastifyInstance } from 'fastify';
import { syncLoggedInMarker } from '../auth/cookies.js';
import type { SessionStore } from '../auth/sessions.js';
import { newToken, safeEqual } from '../auth/tokens.js';
import { AppError, PlatformMessages } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const APP_PROXY_PATH = /^\/api\/instances\/[^/?]+\/app\//;

/**
 * Per-request security plumbing for /api: the double-submit CSRF check on every state-changing
 * request, and resolving the session cookie into request.auth.
 */
export function registerRequestSecurity(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request, reply) => {
    let csrf = request.cookies[CSRF_COOKIE];
    if (!csrf) {
      // Any first response hands out the token the page will echo back in a header.
      csrf = newToken();
      reply.setCookie(CSRF_COOKIE, csrf, {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        httpOnly: false,
      });
    }
    if (!request.url.startsWith('/api/')) return;

    // The learner's app behind the proxy gets form posts from its own sandboxed page, which cannot hold our
    // token; the proxy never acts on our API and forwards no cookies (modules/containers).
    if (!SAFE_METHODS.has(request.method) && !APP_PROXY_PATH.test(request.url)) {
      // A cross-site form or fetch cannot read our cookie, so it cannot copy it into the header.
      const sent = request.headers[CSRF_HEADER];
      const cookie = request.cookies[CSRF_COOKIE];
      if (typeof sent !== 'string' || !cookie || !safeEqual(sent, cookie)) {
        throw new AppError(ErrorStatus.AccessDenied, PlatformMessages.CsrfFailed);
      }
    }

    const token = request.cookies[SESSION_COOKIE];
    if (token) request.auth = await sessions.resolve(token);
    syncLoggedInMarker(request, reply, request.auth !== null);
  });
}
