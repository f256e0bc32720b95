import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@coderoom/contracts';
import { ErrorStatus } from '@coderoom/domain';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { syncLoggedInMarker } from '../auth/cookies.js';
import type { SessionStore } from '../auth/sessions.js';
import { newToken, safeEqual } from '../auth/tokens.js';
import { AppError, PlatformMessages } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route never reads request.auth, so the session cookie is not looked up. */
    session?: boolean;
    /**
     * true: called by another service, not a browser (a payment processor's webhook), and authenticated by
     * its own signature: no CSRF token, no origin check and no session.
     */
    server2server?: boolean;
    /**
     * true: a form another site posts here by design (the SAML HTTP-POST binding from the identity
     * provider's page). Such a route is outside /api (no CSRF token) and proves itself by a signature.
     */
    crossSitePost?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const APP_PROXY_PATH = /^\/api\/instances\/[^/?]+\/app\//;
/** One year, as browsers' preload lists expect; sent only on answers that went out over TLS. */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The web app's Content-Security-Policy (docs/security.md). Scripts only from our own files (no inline
 * script, no eval, no inline event handlers); nothing plugged in; never framed. Images may be https
 * URLs because a course's cover may be one; frames are our sandboxed widget pages or a project task's
 * https page (always sandboxed). Styles keep 'unsafe-inline': the editors and React set style
 * attributes, and a style cannot run code once scripts are locked down.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // blob: is the MediaSource object hls.js plays lesson videos through, and the file the studio reads a
  // video's length from before uploading it (docs/media.md); a blob: URL is always made by this page.
  mediaSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'https:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // helmet would send HSTS on every answer; over plain HTTP it means nothing and, on a host that
  // later serves both, would pin browsers to an HTTPS that may not exist. Decided per request below.
  strictTransportSecurity: false,
} as const;

/** Headers of an answer that are the server's own business, not helmet's. */
const NOT_SECURITY_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sends with our options, worked out once: they depend on nothing in the request
 * (no CSP nonces), so helmet answers one request of a throwaway instance at start and every answer
 * then gets the same object, set in one call, instead of running helmet's middleware chain each time
 * (docs/performance.md). The values are helmet's own, so they cannot drift from it.
 */
export async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!NOT_SECURITY_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/** helmet's headers with our CSP on every answer, and HSTS on the answers that really go out over TLS. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    done();
  });
}

/** The origin the browser would name for this server: the request's own scheme and host. */
function ownOrigin(request: FastifyRequest): string | null {
  return originOf(`${request.protocol}://${request.host}`);
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Who sent an unsafe request, as the browser tells it: the Origin header, or without it the Referer's
 * origin. Undefined when the request names neither (curl, some privacy settings): the CSRF pair decides.
 */
function claimedOrigin(request: FastifyRequest): string | null | undefined {
  const origin = request.headers.origin;
  if (typeof origin === 'string') return originOf(origin);
  const referer = request.headers.referer;
  if (typeof referer === 'string') return originOf(referer);
  return undefined;
}

/**
 * Per-request security plumbing: unsafe requests from another site are refused by their Origin (or
 * Referer), the double-submit CSRF check on every state-changing /api request, and the session cookie
 * resolved into request.auth.
 */
export function registerRequestSecurity(
  app: FastifyInstance,
  sessions: SessionStore,
  options: { publicUrl: string },
): void {
  const publicOrigin = originOf(options.publicUrl);
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

    // The learner's app behind the proxy gets form posts from its own sandboxed page (origin "null"),
    // which cannot hold our token; the proxy never acts on our API and forwards no cookies
    // (modules/containers).
    const isUnsafe =
      !SAFE_METHODS.has(request.method) &&
      !APP_PROXY_PATH.test(request.url) &&
      request.routeOptions.config.server2server !== true &&
      request.routeOptions.config.crossSitePost !== true;
    if (isUnsafe) {
      // Defence in depth beside the token: a browser names the page that sent a request, and a page of
      // another site (or a sandboxed frame, origin "null") never gets to change anything here.
      const claimed = claimedOrigin(request);
      if (
        claimed !== undefined &&
        (claimed === null || (claimed !== ownOrigin(request) && claimed !== publicOrigin))
      ) {
        throw new AppError(ErrorStatus.AccessDenied, PlatformMessages.CrossOriginRefused);
      }
    }
    if (!request.url.startsWith('/api/')) return;

    if (isUnsafe) {
      // A cross-site form or fetch cannot read our cookie, so it cannot copy it into the header.
      const sent = request.headers[CSRF_HEADER];
      const cookie = request.cookies[CSRF_COOKIE];
      if (typeof sent !== 'string' || !cookie || !safeEqual(sent, cookie)) {
        throw new AppError(ErrorStatus.AccessDenied, PlatformMessages.CsrfFailed);
      }
    }

    // Routes that never ask who is calling (the health check) skip the session lookup.
    if (request.routeOptions.config.session === false || request.routeOptions.config.server2server) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.auth = await sessions.resolve(token);
    syncLoggedInMarker(request, reply, request.auth !== null);
  });
}
