import { Readable } from 'node:stream';
import {
  AssetParamsSchema,
  CopyImageRequestSchema,
  ImageUploadUrlParamsSchema,
  ImageUploadUrlQuerySchema,
  ProfilePictureRequestSchema,
  ProfilePictureUploadQuerySchema,
  UploadTokenParamsSchema,
  WorkImageUploadQuerySchema,
  WorkItemParamsSchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import { IMAGE_SIZE_LIMIT, type MediaService } from './media.service.js';

/** Asset keys are random and never reused, so a served image can be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function registerMediaRoutes(app: FastifyInstance, media: MediaService): void {
  app.get('/api/author/:authorId/collection/:collectionId/image/upload-url', async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(ImageUploadUrlParamsSchema, request.params);
    const query = parseInput(ImageUploadUrlQuerySchema, request.query);
    return media.requestUploadUrl(userId, params.authorId, params.collectionId, query);
  });

  app.get('/api/workflows/items/:id/image/upload-url', async (request) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(WorkItemParamsSchema, request.params);
    return media.requestWorkImageUploadUrl(userId, id, parseInput(WorkImageUploadQuerySchema, request.query));
  });

  app.get('/api/user/profile-picture/upload-url', async (request) => {
    const { userId } = requireUser(request);
    const query = parseInput(ProfilePictureUploadQuerySchema, request.query);
    return media.requestProfilePictureUploadUrl(userId, query);
  });

  app.put('/api/user/profile-picture', async (request) => {
    const { userId } = requireUser(request);
    return media.setProfilePicture(userId, parseInput(ProfilePictureRequestSchema, request.body).asset_url);
  });

  // The upload body is the raw file, not JSON: this scope hands every body to the handler as a stream,
  // whatever its type, and the service checks type, size and content as the bytes pass.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    // A wildcard, not :token: signed tokens are longer than the router's 100-character parameter limit.
    scope.put(
      '/api/uploads/*',
      // The global decompression would cap the body at the JSON limit and accept zip bombs; an image
      // is sent as it is. bodyLimit only bounds what Fastify itself buffers; the service enforces the cap.
      { decompress: false, bodyLimit: IMAGE_SIZE_LIMIT },
      async (request) => {
        const { '*': token } = parseInput(UploadTokenParamsSchema, request.params);
        const length = request.headers['content-length'];
        return media.upload(token, {
          contentType: request.headers['content-type'],
          contentLength: length === undefined ? undefined : Number(length),
          body: request.body instanceof Readable ? request.body : Readable.from([]),
        });
      },
    );
  });

  app.get('/api/assets/:key', async (request, reply) => {
    const { key } = parseInput(AssetParamsSchema, request.params);
    const { asset, object } = await media.readAsset(key);
    return (
      reply
        .header('content-type', asset.contentType)
        .header('content-length', object.size)
        .header('cache-control', IMMUTABLE)
        .header('etag', `"${asset.sha256}"`)
        // An image is never a document: nothing in it may run or load, whatever a browser guesses.
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(object.body)
    );
  });

  app.post('/api/copy-image', async (request) => {
    const { userId } = requireUser(request);
    return media.copyImages(userId, parseInput(CopyImageRequestSchema, request.body));
  });
}
