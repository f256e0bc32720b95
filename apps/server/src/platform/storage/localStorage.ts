import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidStorageKey, type Storage, type StoredObject } from './storage.js';

// Files in one folder, one file per key. Writes go to a temporary name beside the target and are
// renamed into place once complete, so readers never see half a file and a failed write leaves none.

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

export function createLocalStorage(dir: string): Storage {
  const root = path.resolve(dir);

  function pathOf(key: string): string {
    assertValidStorageKey(key);
    return path.join(root, ...key.split('/'));
  }

  async function writeAtomically(target: string, write: (partial: string) => Promise<void>) {
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await write(partial);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  return {
    driver: 'local',

    async putObject(key, body) {
      const target = pathOf(key);
      await writeAtomically(target, (partial) =>
        pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(partial, { flags: 'wx' }),
        ),
      );
    },

    async getObject(key): Promise<StoredObject | null> {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), size: info.size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async copyObject(sourceKey, targetKey) {
      const source = pathOf(sourceKey);
      await writeAtomically(pathOf(targetKey), (partial) => copyFile(source, partial));
    },

    async deleteObject(key) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
