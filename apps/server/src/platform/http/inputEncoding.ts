import { isUtf8 } from 'node:buffer';
import { ErrorStatus } from '@coderoom/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, PlatformMessages } from './errors.js';

// Text that reaches a handler is UTF-8 without NUL characters, whatever the route: PostgreSQL refuses a NUL
// in text and JSON (the query fails, a 500), and invalid UTF-8 either fails the same way or is silently
// replaced. One check at the door answers both with a 400, so no route can forget it.

const PERCENT_ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/** A URL whose raw text and percent-escapes (in the path and the query) hold only UTF-8 without NUL. */
export function isCleanUrl(url: string): boolean {
  if (url.includes('\u0000')) return false;
  for (const [escapes] of url.matchAll(PERCENT_ESCAPES)) {
    const bytes = Buffer.from(escapes.replace(/%/g, ''), 'hex');
    if (bytes.includes(0) || !isUtf8(bytes)) return false;
  }
  return true;
}

/** True when any string or key in a parsed JSON value holds a NUL character. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner));
  }
  return false;
}

/** The text of a JSON body's bytes: bytes that are not UTF-8 are refused rather than replaced. */
export function utf8TextOf(bytes: Buffer): string {
  if (!isUtf8(bytes)) throw new AppError(ErrorStatus.OperationNotAllowed, PlatformMessages.BodyNotUtf8);
  return bytes.toString('utf8');
}

/** A parsed JSON body as it is, unless it holds a NUL character anywhere (refused). */
export function refuseNul<Value>(value: Value): Value {
  if (containsNul(value)) throw new AppError(ErrorStatus.OperationNotAllowed, PlatformMessages.NulInBody);
  return value;
}

const badUrl = () => new AppError(ErrorStatus.OperationNotAllowed, PlatformMessages.BadUrlEncoding);

/**
 * Refuses, before any other hook, a URL that decodes to a NUL or to bytes that are not UTF-8, and parses JSON
 * bodies from their bytes so a body that is not UTF-8, or holds a NUL, is refused before its handler.
 * Register it first: the session lookup and every handler after it may trust the text they read.
 */
export function registerInputEncodingGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(isCleanUrl(request.url) ? undefined : badUrl());
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8TextOf(body as Buffer);
    } catch (error) {
      done(error as AppError, undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) {
        done(error, undefined);
        return;
      }
      if (containsNul(value)) {
        done(new AppError(ErrorStatus.OperationNotAllowed, PlatformMessages.NulInBody), undefined);
        return;
      }
      done(null, value);
    });
  });
}

/**
 * Fastify's router refuses a path whose escapes are not UTF-8 before any hook runs (FST_ERR_BAD_URL); this
 * answers that refusal in the platform's error shape. Passed as the `frameworkErrors` option.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(ErrorStatus.OperationNotAllowed).send({ errorText: PlatformMessages.BadUrlEncoding });
    return;
  }
  request.log.error({ err: error }, 'framework error');
  reply.status(ErrorStatus.ServerError).send({ errorText: PlatformMessages.ServerError });
}
