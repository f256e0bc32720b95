import { Readable } from 'node:stream';
import {
  CopyVideoRequestSchema,
  VideoIdQuerySchema,
  VideoPageParamsSchema,
  VideoStreamParamsSchema,
  VideoStreamQuerySchema,
  VideoUploadTokenParamsSchema,
  VideoUploadUrlRequestSchema,
} from '@coderoom/contracts';
import { VideoLimits } from '@coderoom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/http/errors.js';
import { parseInput } from '../../platform/http/validation.js';
import type { Caller } from '../content/content.service.js';
import { VideoErrors } from './video.errors.js';
import { TUS_VERSION, type VideoService } from './video.service.js';

const TUS_CONTENT_TYPE = 'application/offset+octet-stream';

/** Logged-out visitors may watch preview lessons; half-finished two-factor logins count as logged out. */
function callerOf(request: FastifyRequest): Caller | null {
  const auth = request.auth;
  return auth?.state === 'active' ? { userId: auth.userId, adminRole: auth.adminRole } : null;
}

/** tus answers carry the protocol version and are never cached (offsets change). */
function tusHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('tus-resumable', TUS_VERSION).header('cache-control', 'no-store');
}

/** tus's own refusals (wrong version, wrong body type) use tus's statuses, with our error body. */
function requireTus(request: FastifyRequest): void {
  if (request.headers['tus-resumable'] !== TUS_VERSION) {
    throw new AppError(412, VideoErrors.TusVersion, undefined, { 'tus-version': TUS_VERSION });
  }
}

export function registerVideoRoutes(app: FastifyInstance, videos: VideoService): void {
  app.post(
    '/api/author/:authorId/collection/:collectionId/page/:pageId/video/upload/url',
    async (request) => {
      const { userId } = requireUser(request);
      const params = parseInput(VideoPageParamsSchema, request.params);
      const body = parseInput(VideoUploadUrlRequestSchema, request.body);
      return videos.requestUploadUrl(userId, params.authorId, params.collectionId, params.pageId, body);
    },
  );

  app.post(
    '/api/author/:authorId/collection/:collectionId/page/:pageId/copy-video/upload/url',
    async (request) => {
      const { userId } = requireUser(request);
      const params = parseInput(VideoPageParamsSchema, request.params);
      const { video_id } = parseInput(CopyVideoRequestSchema, request.body);
      return videos.copyVideo(userId, params.authorId, params.collectionId, params.pageId, video_id);
    },
  );

  app.get('/api/author/video/get-stream-status', async (request) => {
    const { userId } = requireUser(request);
    return videos.streamStatus(userId, parseInput(VideoIdQuerySchema, request.query).video_id);
  });

  app.get('/api/reader/video/get-stream-token', async (request, reply) => {
    const { video_id } = parseInput(VideoIdQuerySchema, request.query);
    const answer = await videos.streamToken(callerOf(request), video_id);
    return reply.header('cache-control', 'no-store').send(answer);
  });

  app.get('/api/videos/:videoId/hls/:file', async (request, reply) => {
    const { videoId, file } = parseInput(VideoStreamParamsSchema, request.params);
    const { token } = parseInput(VideoStreamQuerySchema, request.query);
    const stream = await videos.streamFile(callerOf(request)?.userId ?? null, videoId, file, token);
    return (
      reply
        .header('content-type', stream.contentType)
        .header('content-length', stream.size)
        // The token is in the address and lives minutes: nothing shared may keep it.
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(stream.body)
    );
  });

  // tus 1.0.0 core (https://tus.io/protocols/resumable-upload): the upload exists once its address is
  // made, so there is no creation call; HEAD tells the offset, PATCH appends from it. The body is raw
  // bytes: this scope hands every body to the handler as a stream.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    // A wildcard, not :token: signed tokens are longer than the router's 100-character parameter limit.
    // The address is checked like HEAD checks it: a malformed or forged one is refused here too.
    scope.options('/api/video-uploads/*', async (request, reply) => {
      const { '*': token } = parseInput(VideoUploadTokenParamsSchema, request.params);
      await videos.uploadOffset(token);
      return tusHeaders(reply)
        .header('tus-version', TUS_VERSION)
        .header('tus-max-size', VideoLimits.maxBytes)
        .status(204)
        .send();
    });

    scope.head('/api/video-uploads/*', async (request, reply) => {
      requireTus(request);
      const { '*': token } = parseInput(VideoUploadTokenParamsSchema, request.params);
      const { offset, length } = await videos.uploadOffset(token);
      return tusHeaders(reply)
        .header('upload-offset', offset)
        .header('upload-length', length)
        .status(200)
        .send();
    });

    scope.patch(
      '/api/video-uploads/*',
      // Bytes go to disk as they come (the service caps them at the announced size); never decompressed.
      { decompress: false, bodyLimit: VideoLimits.maxBytes },
      async (request, reply) => {
        requireTus(request);
        const { '*': token } = parseInput(VideoUploadTokenParamsSchema, request.params);
        if (request.headers['content-type'] !== TUS_CONTENT_TYPE) {
          throw new AppError(415, VideoErrors.TusContentType);
        }
        const offset = Number(request.headers['upload-offset']);
        if (!Number.isSafeInteger(offset) || offset < 0) {
          throw new AppError(400, VideoErrors.TusOffsetMissing);
        }
        const body = request.body instanceof Readable ? request.body : Readable.from([]);
        const result = await videos.appendUpload(token, offset, body);
        return tusHeaders(reply).header('upload-offset', result.offset).status(204).send();
      },
    );
  });
}
