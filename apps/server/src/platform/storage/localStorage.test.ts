import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './localStorage.js';
import type { Storage } from './storage.js';

let dir: string;
let storage: Storage;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'coderoom-storage-'));
  storage = createLocalStorage(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('local storage', () => {
  it('puts, reads, copies and deletes objects', async () => {
    await storage.putObject('images/a.png', Buffer.from('first'), { contentType: 'image/png' });
    expect(await storage.exists('images/a.png')).toBe(true);
    const object = await storage.getObject('images/a.png');
    expect(object?.size).toBe(5);
    expect(object && (await text(object.body))).toBe('first');

    await storage.copyObject('images/a.png', 'images/b.png', { contentType: 'image/png' });
    await storage.deleteObject('images/a.png');
    expect(await storage.exists('images/a.png')).toBe(false);
    expect(await storage.getObject('images/a.png')).toBeNull();
    const copy = await storage.getObject('images/b.png');
    expect(copy && (await text(copy.body))).toBe('first');
    await storage.deleteObject('images/missing.png');
  });

  it('keeps nothing when the body fails halfway', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.putObject('images/c.png', failing, { contentType: 'image/png' })).rejects.toThrow(
      'client went away',
    );
    expect(await storage.exists('images/c.png')).toBe(false);
    expect((await readdir(path.join(dir, 'images'))).filter((name) => name.includes('partial'))).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../etc/passwd', '/abs.png', 'images/../x', 'a//b', '.hidden']) {
      await expect(storage.putObject(key, Buffer.from('x'), { contentType: 'image/png' })).rejects.toThrow(
        /invalid storage key/,
      );
    }
  });
});
