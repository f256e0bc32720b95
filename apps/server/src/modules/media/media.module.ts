import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../platform/config.js';
import { loadUploadSigningSecret, openStorage } from '../../platform/storage/openStorage.js';
import { registerMediaRoutes } from './media.routes.js';
import { createMediaService, type MediaDeps, type MediaService } from './media.service.js';
import { registerVideoRoutes } from './video.routes.js';
import { createVideoService, type VideoDeps } from './video.service.js';
import { createTranscoder } from './video.transcode.js';

export type MediaConfig = Pick<AppConfig, 'publicUrl'> &
  Partial<Pick<AppConfig, 'dataDir' | 'storage' | 'uploadSigningSecret' | 'ffmpegPath' | 'ffprobePath'>>;

/**
 * Opens the configured storage and registers the image and video routes (videos: docs/media.md). Without a storage (tests of other
 * modules build the app from a partial config) the routes are left out, as the runner's are.
 */
export async function registerMedia(
  app: FastifyInstance,
  config: MediaConfig,
  deps: Pick<MediaDeps, 'db' | 'clock' | 'content' | 'profiles' | 'workDocuments'> &
    Pick<VideoDeps, 'jobs' | 'log'>,
): Promise<MediaService | undefined> {
  if (!config.storage || !config.dataDir) return undefined;
  const signingSecret = await loadUploadSigningSecret({
    dataDir: config.dataDir,
    uploadSigningSecret: config.uploadSigningSecret ?? null,
  });
  const storage = openStorage(config.storage);
  const media = createMediaService({ ...deps, storage, signingSecret, publicUrl: config.publicUrl });
  registerMediaRoutes(app, media);
  const videos = createVideoService({
    ...deps,
    storage,
    signingSecret,
    publicUrl: config.publicUrl,
    stagingDir: path.join(config.dataDir, 'video-uploads'),
    transcoder: createTranscoder({
      ffmpeg: config.ffmpegPath ?? 'ffmpeg',
      ffprobe: config.ffprobePath ?? 'ffprobe',
    }),
  });
  registerVideoRoutes(app, videos);
  return media;
}
