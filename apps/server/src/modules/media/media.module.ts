import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { AppConfig } from '../../platform/config.js';
import type { Db } from '../../platform/db/database.js';
import { loadUploadSigningSecret, openStorage } from '../../platform/storage/openStorage.js';
import type { ContentService } from '../content/content.service.js';
import { registerMediaRoutes } from './media.routes.js';
import { createMediaService } from './media.service.js';

export type MediaConfig = Pick<AppConfig, 'publicUrl'> &
  Partial<Pick<AppConfig, 'dataDir' | 'storage' | 'uploadSigningSecret'>>;

/**
 * Opens the configured storage and registers the image routes. Without a storage (tests of other
 * modules build the app from a partial config) the routes are left out, as the runner's are.
 */
export async function registerMedia(
  app: FastifyInstance,
  config: MediaConfig,
  deps: { db: Db; clock: Clock; content: ContentService },
): Promise<void> {
  if (!config.storage || !config.dataDir) return;
  const signingSecret = await loadUploadSigningSecret({
    dataDir: config.dataDir,
    uploadSigningSecret: config.uploadSigningSecret ?? null,
  });
  const storage = openStorage(config.storage);
  registerMediaRoutes(
    app,
    createMediaService({ ...deps, storage, signingSecret, publicUrl: config.publicUrl }),
  );
}
