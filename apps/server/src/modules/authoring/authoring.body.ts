import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ErrorStatus } from '@coderoom/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, PlatformMessages } from '../../platform/http/errors.js';
import { refuseNul, utf8TextOf } from '../../platform/http/inputEncoding.js';
import { AuthoringErrors } from './authoring.errors.js';

// Page saves arrive compressed (spec 000 §7; the web client deflates at level 9). The global
// decompression of @fastify/compress caps a body at the 200000-byte API limit, which a large page
// outgrows once inflated, so these routes read their own body: at most `limit` bytes on the wire and
// at most `limit` bytes once inflated (zlib stops at maxOutputLength, so a zip bomb costs nothing).

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);

const tooLarge = (limit: number) =>
  new AppError(ErrorStatus.OperationNotAllowed, PlatformMessages.BodyTooLarge(limit));

function readCapped(payload: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Fastify answers parser errors with `connection: close`, so the rest is never read.
        cleanup();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}

async function decompress(encoding: string, body: Buffer, limit: number): Promise<Buffer> {
  const options = { maxOutputLength: limit };
  try {
    if (encoding === 'gzip') return await gunzip(body, options);
    // HTTP's "deflate" is the zlib format, but some clients send raw deflate; accept both.
    try {
      return await inflate(body, options);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw error;
      return await inflateRaw(body, options);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(limit);
    throw new AppError(ErrorStatus.OperationNotAllowed, AuthoringErrors.CorruptBody);
  }
}

/**
 * Replaces the JSON parser of one encapsulated scope with one that accepts identity, gzip and deflate
 * bodies up to `limit` bytes. Routes in the scope must set `decompress: false` so the global plugin
 * leaves their stream alone.
 */
export function registerCompressedJsonBody(scope: FastifyInstance, limit: number): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    async (request: FastifyRequest, payload: IncomingMessage): Promise<unknown> => {
      const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      if (encoding !== 'identity' && encoding !== 'gzip' && encoding !== 'deflate') {
        throw new AppError(ErrorStatus.OperationNotAllowed, AuthoringErrors.UnsupportedEncoding);
      }
      const declared = Number(request.headers['content-length']);
      if (declared > limit) throw tooLarge(limit);
      const wire = await readCapped(payload, limit);
      const text = utf8TextOf(encoding === 'identity' ? wire : await decompress(encoding, wire, limit));
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new AppError(ErrorStatus.OperationNotAllowed, PlatformMessages.MalformedJson);
      }
      return refuseNul(value);
    },
  );
}
