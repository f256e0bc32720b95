import type { AuthorCollectionResponse } from '@coderoom/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../../db/schema.js';
import { buildTestApp, signUp, type TestApp, type TestClient } from '../../test/harness.js';

// Issue 13: a course cover is loaded by every reader's browser, with their cookies. It may only be
// one of our uploaded images or an https image elsewhere.

let t: TestApp;
let author: TestClient;
let url: string;
let collectionId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const signedUp = await signUp(t.app, { full_name: 'Cora Cover' });
  author = signedUp.client;
  const created = await author.post('/api/author/collection?work_type=course', { title: 'Covered' });
  expect(created.statusCode).toBe(201);
  collectionId = created.json().collection_id;
  url = `/api/author/${signedUp.user.user_id}/collection/${collectionId}`;
});
afterAll(async () => {
  await t.close();
});

async function saveCover(cover: string | null) {
  const { etag } = (await author.get(url)).json() as AuthorCollectionResponse;
  return author.request('PUT', url, { cover_image_url: cover }, { headers: { 'if-match': etag } });
}

async function storedCover() {
  const [row] = await t.database.db.select().from(collections).where(eq(collections.id, collectionId));
  return row?.coverImageUrl ?? null;
}

const ASSET = '/api/assets/abcdefghijklmnopqrstuvwxyz012345.png';

describe('cover_image_url', () => {
  it('accepts an uploaded image, an https image and null', async () => {
    for (const cover of [ASSET, 'https://images.example.org/covers/rust.png?w=640', null]) {
      const response = await saveCover(cover);
      expect(response.statusCode).toBe(200);
      expect(response.json().collection.cover_image_url).toBe(cover);
    }
  });

  it.each([
    '/api/user/qrcode',
    '/api/user/logout',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:image/svg+xml,<svg onload="alert(1)"/>',
    'http://images.example.org/cover.png',
    '//evil.example/cover.png',
    'https://user:pass@images.example.org/cover.png',
    'https://coderoom.example/api/user/qrcode',
    'https://coderoom.example/%61pi/user/qrcode',
    '/api/assets/../user/qrcode',
    '/api/assets/cover.png',
    'cover.png',
    '',
  ])('refuses %j with the validation shape and stores nothing', async (cover) => {
    expect((await saveCover(ASSET)).statusCode).toBe(200);
    const response = await saveCover(cover);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errorText: expect.any(String),
      errors: { cover_image_url: expect.stringContaining('https://') },
    });
    expect(await storedCover()).toBe(ASSET);
  });
});
