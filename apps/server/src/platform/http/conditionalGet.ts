import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addRouteOnSend } from './routeHooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: a 200 answer gets a validator (`ETag`, a hash of the body) and a request that names it in
     * If-None-Match gets 304 with no body. For reads whose answer is the same until something changes
     * (published content, the catalogue): the browser revalidates and skips the download.
     */
    conditionalGet?: boolean;
  }
}

/** A weak validator: the same JSON (not necessarily the same bytes on the wire, compressed or not). */
export function validatorOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an If-None-Match header names the validator (weak comparison, `*` included). */
export function namesValidator(header: string | undefined, validator: string): boolean {
  if (!header) return false;
  const opaque = validator.slice(2);
  return header.split(',').some((entry) => {
    const tag = entry.trim();
    return tag === '*' || tag === validator || tag === opaque || tag.replace(/^W\//, '') === opaque;
  });
}

/**
 * ETag and 304 for GET routes that ask for it (`config: { conditionalGet: true }`). Runs before the
 * compression hook, on the serialized JSON. The answer may hold the caller's own progress, so it is
 * `private, no-cache`: kept by the browser only, and always revalidated (a 304 costs no body).
 */
export function registerConditionalGet(app: FastifyInstance): void {
  // Only the routes that ask for it carry the hook (ahead of their compression hook): other routes pay
  // nothing for it.
  addRouteOnSend(
    app,
    (route) => route.config?.conditionalGet === true,
    async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
      if (reply.statusCode !== 200 || typeof payload !== 'string' || reply.hasHeader('etag')) return payload;
      const validator = validatorOf(payload);
      reply.header('etag', validator);
      reply.header('cache-control', 'private, no-cache');
      if (!namesValidator(request.headers['if-none-match'], validator)) return payload;
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    },
  );
}
