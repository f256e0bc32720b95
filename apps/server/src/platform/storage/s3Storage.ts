import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { StorageConfig } from '../config.js';
import { type PresignInput, presign } from './sigv4.js';
import { assertValidStorageKey, type Storage, type StoredObject } from './storage.js';

// An S3-compatible bucket (AWS S3, MinIO, R2, …) addressed path-style: {endpoint}/{bucket}/{key}. The
// server talks to it with short-lived presigned URLs of its own making, so no SDK is needed; clients
// never see these URLs (uploads and downloads go through our routes, which check and label the files).

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/** Requests made by the server itself are signed for a minute: long enough for a slow bucket. */
const SERVER_REQUEST_TTL_SECONDS = 60;

export class StorageRequestError extends Error {
  constructor(operation: string, key: string, status: number) {
    super(`S3 ${operation} of ${key} failed with status ${status}`);
    this.name = 'StorageRequestError';
  }
}

async function readAll(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export function createS3Storage(config: S3Config, now: () => Date = () => new Date()): Storage {
  function signedUrl(method: PresignInput['method'], key: string, headers?: Record<string, string>) {
    assertValidStorageKey(key);
    return presign({
      method,
      endpoint: config.endpoint,
      path: `/${config.bucket}/${key}`,
      region: config.region,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      expiresInSeconds: SERVER_REQUEST_TTL_SECONDS,
      now: now(),
      headers,
    }).url;
  }

  return {
    driver: 's3',

    async putObject(key, body, { contentType }) {
      // S3 needs the length up front; our uploads are capped well below a megabyte, and a stream that
      // fails (size cap, wrong content) fails here, before anything is sent.
      const bytes = await readAll(body);
      const headers = { 'content-type': contentType };
      const response = await fetch(signedUrl('PUT', key, headers), {
        method: 'PUT',
        headers,
        body: bytes,
      });
      if (!response.ok) throw new StorageRequestError('PUT', key, response.status);
    },

    async getObject(key): Promise<StoredObject | null> {
      const response = await fetch(signedUrl('GET', key));
      if (response.status === 404) return null;
      if (!response.ok || !response.body) throw new StorageRequestError('GET', key, response.status);
      return {
        body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        size: Number(response.headers.get('content-length') ?? 0),
      };
    },

    async copyObject(sourceKey, targetKey, { contentType }) {
      assertValidStorageKey(sourceKey);
      const headers = {
        'x-amz-copy-source': `/${config.bucket}/${sourceKey}`,
        'x-amz-metadata-directive': 'REPLACE',
        'content-type': contentType,
      };
      const response = await fetch(signedUrl('PUT', targetKey, headers), { method: 'PUT', headers });
      // A copy can fail after S3 has sent 200, with the error in the body.
      const text = await response.text();
      if (!response.ok || text.includes('<Error>')) {
        throw new StorageRequestError('COPY', targetKey, response.status);
      }
    },

    async deleteObject(key) {
      const response = await fetch(signedUrl('DELETE', key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404)
        throw new StorageRequestError('DELETE', key, response.status);
    },

    async exists(key) {
      const response = await fetch(signedUrl('HEAD', key), { method: 'HEAD' });
      if (response.status === 404) return false;
      if (!response.ok) throw new StorageRequestError('HEAD', key, response.status);
      return true;
    },
  };
}
