import { LOGGED_IN_COOKIE, SESSION_COOKIE, THEME_COOKIE } from '@coderoom/contracts';
import { THEME_COOKIE_MAX_AGE_SECONDS } from '@coderoom/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

function baseOptions(request: FastifyRequest) {
  // Secure whenever the request arrived over TLS (directly, or via a trusted proxy's header).
  return { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const options = baseOptions(request);
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true, maxAge: SESSION_MAX_AGE_SECONDS });
  reply.setCookie(LOGGED_IN_COOKIE, '1', { ...options, httpOnly: false, maxAge: SESSION_MAX_AGE_SECONDS });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const options = baseOptions(request);
  reply.clearCookie(SESSION_COOKIE, { ...options, httpOnly: true });
  reply.clearCookie(LOGGED_IN_COOKIE, options);
}

/**
 * Keeps the readable logged-in marker in step with the session the request really carries: set when a
 * valid session lacks it, cleared when it outlived its session (expired, revoked, logged out elsewhere).
 * The web app asks GET /api/user/info only when the marker is present, so an anonymous visitor's browser
 * never logs the 401 that answer would be (docs/decisions.md, "Logged-in marker").
 */
export function syncLoggedInMarker(request: FastifyRequest, reply: FastifyReply, isSignedIn: boolean): void {
  const hasMarker = request.cookies[LOGGED_IN_COOKIE] !== undefined;
  if (isSignedIn && !hasMarker) {
    reply.setCookie(LOGGED_IN_COOKIE, '1', {
      ...baseOptions(request),
      httpOnly: false,
      maxAge: SESSION_MAX_AGE_SECONDS,
    });
  } else if (!isSignedIn && hasMarker) {
    reply.clearCookie(LOGGED_IN_COOKIE, baseOptions(request));
  }
}

/** Readable by the page's first script, which applies the theme before anything paints. */
export function setThemeCookie(request: FastifyRequest, reply: FastifyReply, theme: string): void {
  reply.setCookie(THEME_COOKIE, theme, {
    ...baseOptions(request),
    httpOnly: false,
    maxAge: THEME_COOKIE_MAX_AGE_SECONDS,
  });
}
