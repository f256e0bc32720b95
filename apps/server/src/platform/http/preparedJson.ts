import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { namesValidator, validatorOf } from './conditionalGet.js';

// A JSON answer serialized ahead of time (docs/performance.md, "Prepared lesson answers"): a route whose
// answer is kept between requests sends the same bytes again, without serializing, hashing, converting to
// bytes or compressing per request. Validator and caching headers are the ones conditionalGet.ts gives
// every other conditional read, so a client cannot tell the two apart.

/** Below this many bytes an answer is sent as it is (the compression plugin's own threshold). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip';
/** In the server's order of preference, as the compression plugin is registered (app.ts). */
const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

export interface PreparedJson {
  readonly body: Buffer;
  readonly etag: string;
  /** Compressed copies, each made on first request for it and kept with the answer. */
  readonly encoded: Partial<Record<Encoding, Buffer>>;
}

export function prepareJson(json: string): PreparedJson {
  return { body: Buffer.from(json, 'utf8'), etag: validatorOf(json), encoded: {} };
}

/**
 * The encoding to answer with for an Accept-Encoding header: the acceptable one (q > 0) with the highest
 * q, the server's order breaking ties; `*` stands for any not named; `x-gzip` is gzip. Null: identity.
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim() === 'x-gzip' ? 'gzip' : (rawName?.trim() ?? '');
    if (name === '') continue;
    const q = params
      .map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1])
      .find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** Same settings as the compression plugin's defaults (brotli quality 4 for text, zlib defaults). */
export function compressBody(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body);
}

/**
 * Sends a prepared answer: 304 with no body when the request names its tag (nothing is copied), else
 * its bytes, compressed once per encoding and kept (the compression plugin leaves an answer that
 * already names its Content-Encoding alone).
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedJson,
): FastifyReply {
  reply.header('etag', prepared.etag);
  reply.header('cache-control', 'private, no-cache');
  reply.header('vary', 'accept-encoding');
  if (namesValidator(request.headers['if-none-match'], prepared.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding =
    prepared.body.length >= COMPRESS_THRESHOLD_BYTES && request.headers['x-no-compression'] === undefined
      ? negotiateEncoding(request.headers['accept-encoding'])
      : null;
  if (encoding === null) return reply.send(prepared.body);
  let encoded = prepared.encoded[encoding];
  if (!encoded) {
    encoded = compressBody(prepared.body, encoding);
    prepared.encoded[encoding] = encoded;
  }
  reply.header('content-encoding', encoding);
  return reply.send(encoded);
}
