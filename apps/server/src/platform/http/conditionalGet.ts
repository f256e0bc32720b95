import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
function validatorOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

function namesValidator(header: string | undefined, validator: string): boolean {
  if (!header) return false;
  const opaque = validator.slice(2);
  return header.split(',').some((entry) => {
    const tag = entry.trim();
    return tag === '*' || tag === validator || tag === opaque || tag.replace(/^W\//, '') === opaque;
  });
}

/**
 * A JSON answer serialized ahead of time with its validator: routes whose answer is kept between
 * requests send the same bytes again, without serializing, hashing or converting to bytes per request.
 */
export interface PreparedJson {
  readonly body: Buffer;
  readonly etag: string;
}

export function prepareJson(json: string): PreparedJson {
  return { body: Buffer.from(json, 'utf8'), etag: validatorOf(json) };
}

/**
 * Sends a prepared answer with the same validator and caching headers the hook below gives: 304 with no
 * body when the request names the tag (nothing is built or copied), else the bytes as they are.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedJson,
): FastifyReply {
  reply.header('etag', prepared.etag);
  reply.header('cache-control', 'private, no-cache');
  if (namesValidator(request.headers['if-none-match'], prepared.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(prepared.body);
}

/**
 * ETag and 304 for GET routes that ask for it (`config: { conditionalGet: true }`). Runs before the
 * compression hook, on the serialized JSON. The answer may hold the caller's own progress, so it is
 * `private, no-cache`: kept by the browser only, and always revalidated (a 304 costs no body).
 */
export function registerConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (request.routeOptions.config.conditionalGet !== true) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string' || reply.hasHeader('etag')) return payload;
    const validator = validatorOf(payload);
    reply.header('etag', validator);
    reply.header('cache-control', 'private, no-cache');
    if (!namesValidator(request.headers['if-none-match'], validator)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}
