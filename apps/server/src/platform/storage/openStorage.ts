import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig, StorageConfig } from '../config.js';
import { createLocalStorage } from './localStorage.js';
import { createS3Storage } from './s3Storage.js';
import type { Storage } from './storage.js';

export function openStorage(config: StorageConfig): Storage {
  return config.driver === 's3' ? createS3Storage(config) : createLocalStorage(config.dir);
}

const SECRET_FILE = 'upload-signing-secret';

/**
 * The key that signs upload links: UPLOAD_SIGNING_SECRET when set, else a random one made on first
 * start and kept in the data folder, so links survive a restart. Several servers that do not share a
 * data folder must be given the same UPLOAD_SIGNING_SECRET.
 */
export async function loadUploadSigningSecret(
  config: Pick<AppConfig, 'uploadSigningSecret' | 'dataDir'>,
): Promise<string> {
  if (config.uploadSigningSecret) return config.uploadSigningSecret;
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process starting at the same time wrote it first; theirs wins.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(file, 'utf8')).trim();
}
