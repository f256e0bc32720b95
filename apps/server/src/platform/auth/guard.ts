import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.js';
import type { SessionContext } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, resolved once per request from the session cookie; null when logged out. */
    auth: SessionContext | null;
  }
}

/** The logged-in caller. Half-finished two-factor logins count as logged out unless a route allows them. */
export function requireUser(request: FastifyRequest, options: { allowPendingTwoFactor?: boolean } = {}) {
  const auth = request.auth;
  if (!auth) throw unauthorized();
  if (auth.state !== 'active' && !options.allowPendingTwoFactor) throw unauthorized();
  return auth;
}
