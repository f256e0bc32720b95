import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  type CopyImageResponse,
  CSRF_COOKIE,
  CSRF_HEADER,
  type ImageUploadUrlResponse,
  type UploadResponse,
} from '@coderoom/contracts';
import { ASSET_UPLOAD_FAILED, FileSize } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { buildCourse } from '../../test/factories.js';
import { openTestDatabase, signUp, TestClient, TestClock } from '../../test/harness.js';
import { MediaErrors } from './media.errors.js';
import { assets } from './media.repository.js';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let app: FastifyInstance;
let database: Database;
let dropDatabase: () => Promise<void>;
let dataDir: string;
let uploadsDir: string;
const clock = new TestClock();

let author: TestClient;
let authorId: number;
let learner: TestClient;
let course: { author_id: number; collection_id: number };
let pageId: number;

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openTestDatabase());
  dataDir = await mkdtemp(path.join(tmpdir(), 'coderoom-media-'));
  uploadsDir = path.join(dataDir, 'uploads');
  app = await buildApp({
    config: {
      publicUrl: 'http://localhost:3000',
      webDistDir: null,
      trustProxy: false,
      logLevel: 'silent',
      dataDir,
      storage: { driver: 'local', dir: uploadsDir },
      uploadSigningSecret: null,
    },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'test@coderoom.dev', db: database.db }),
    clock,
    logger: false,
  });
  await app.ready();
  const signedUp = await signUp(app, { full_name: 'Ada Author' });
  author = signedUp.client;
  authorId = signedUp.user.user_id;
  learner = (await signUp(app)).client;
  course = await newCourse(author);
  const page = await author.post('/api/author/page', course);
  expect(page.statusCode).toBe(201);
  pageId = (page.json() as { page: { page_id: number } }).page.page_id;
});
afterAll(async () => {
  await app.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

async function newCourse(client: TestClient) {
  const response = await client.post('/api/author/collection?work_type=course', { title: 'Media Course' });
  expect(response.statusCode).toBe(201);
  const { author_id, collection_id } = response.json() as { author_id: number; collection_id: number };
  return { author_id, collection_id };
}

async function logIn(user: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await client.post('/api/user/login', { email: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  return client;
}

function uploadUrlRequest(
  client: TestClient,
  target: { author_id: number; collection_id: number },
  query: Record<string, string | number>,
) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ document_kind: 'page', page_id: pageId, ...query })) {
    search.set(name, String(value));
  }
  return client.get(
    `/api/author/${target.author_id}/collection/${target.collection_id}/image/upload-url?${search}`,
  );
}

async function uploadUrl(
  query: Record<string, string | number> = {},
  client = author,
  target = course,
): Promise<ImageUploadUrlResponse> {
  const response = await uploadUrlRequest(client, target, {
    file_name: 'diagram.png',
    content_type: 'image/png',
    size: PNG.length,
    ...query,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImageUploadUrlResponse;
}

/** PUTs raw bytes as the browser does: same-origin, with the CSRF header, no session needed. */
function put(uploadUrl: string, payload: Buffer | Readable, contentType = 'image/png') {
  const client = new TestClient(app);
  return client.get('/api/health').then(() =>
    app.inject({
      method: 'PUT',
      url: new URL(uploadUrl, 'http://localhost:3000').pathname,
      payload,
      headers: {
        'content-type': contentType,
        cookie: `${CSRF_COOKIE}=${client.cookies.get(CSRF_COOKIE)}`,
        [CSRF_HEADER]: client.cookies.get(CSRF_COOKIE) ?? '',
      },
    }),
  );
}

async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(uploadsDir, 'images'));
  } catch {
    return [];
  }
}

async function uploadPng(client = author, target = course): Promise<string> {
  const link = await uploadUrl({}, client, target);
  const response = await put(link.upload_url, PNG);
  expect(response.statusCode, response.body).toBe(200);
  return link.asset_url;
}

describe('image upload', () => {
  it('hands out a link, stores the PNG put to it and serves it back', async () => {
    const link = await uploadUrl();
    expect(link.upload_url).toMatch(/^http:\/\/localhost:3000\/api\/uploads\/[\w-]+\.[\w-]+$/);
    expect(link.asset_url).toMatch(/^\/api\/assets\/[a-z0-9]{32}\.png$/);
    expect(new Date(link.expires_at).getTime()).toBeGreaterThan(clock.now().getTime());

    // Not there before the upload.
    expect((await app.inject({ method: 'GET', url: link.asset_url })).statusCode).toBe(404);

    const uploaded = await put(link.upload_url, PNG);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toEqual<UploadResponse>({ asset_url: link.asset_url, state: 'successful' });

    // Anyone holding the address may load it (published lessons show it to logged-out readers).
    const served = await app.inject({ method: 'GET', url: link.asset_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const key = link.asset_url.split('/').pop() ?? '';
    const [row] = await database.db.select().from(assets).where(eq(assets.key, key));
    expect(row).toMatchObject({
      state: 'successful',
      size: PNG.length,
      pageId,
      collectionId: course.collection_id,
      uploadedBy: authorId,
      documentKind: 'page',
    });
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes collection-wide and concept images; the other areas are not available yet', async () => {
    await uploadUrl({ document_kind: 'collection', page_id: '' });
    await uploadUrl({ document_kind: 'concept', page_id: '' });
    for (const kind of ['cloud_lab', 'shot', 'marketing_page', 'workflow_page']) {
      const response = await uploadUrlRequest(author, course, {
        document_kind: kind,
        file_name: 'a.png',
        content_type: 'image/png',
        size: 10,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorText).toBe(MediaErrors.NotAvailableYet);
    }
    const noPage = await uploadUrlRequest(author, course, {
      page_id: '',
      file_name: 'a.png',
      content_type: 'image/png',
      size: 10,
    });
    expect(noPage.statusCode).toBe(400);
    expect(noPage.json().errors).toEqual({ page_id: MediaErrors.PageRequired });
  });

  it('accepts only png, jpeg and gif with a matching content type and size within the cap', async () => {
    const refused = [
      [{ file_name: 'photo.webp', content_type: 'image/webp', size: 10 }, 'file_name'],
      [{ file_name: 'photo.png', content_type: 'image/jpeg', size: 10 }, 'content_type'],
      [{ file_name: 'photo.png', content_type: 'image/png', size: FileSize.Cap + 1 }, 'size'],
    ] as const;
    for (const [query, field] of refused) {
      const response = await uploadUrlRequest(author, course, query);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    // .jpg is the everyday spelling of jpeg; the stored key uses the spec's extension.
    const jpeg = await uploadUrl({ file_name: 'photo.JPG', content_type: 'image/jpeg', size: 10 });
    expect(jpeg.asset_url).toMatch(/\.jpeg$/);
  });

  it('refuses forged and expired links with 403', async () => {
    const link = await uploadUrl();
    const [payload = '', signature = ''] = (link.upload_url.split('/api/uploads/')[1] ?? '').split('.');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = await put(`/api/uploads/${payload}.${flipped}`, PNG);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().errorText).toBe(MediaErrors.LinkInvalid);

    // A payload rewritten to allow a bigger file no longer matches its signature.
    const bigger = Buffer.from(
      Buffer.from(payload, 'base64url')
        .toString()
        .replace(/"m":\d+/, '"m":999999'),
    ).toString('base64url');
    const tampered = await put(`/api/uploads/${bigger}.${signature}`, PNG);
    expect(tampered.statusCode).toBe(403);

    clock.advance(16 * 60 * 1000);
    const expired = await put(link.upload_url, PNG);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().errorText).toBe(MediaErrors.LinkExpired);
  });

  it('refuses a text file named .png with ASSET_UPLOAD_FAILED and stores nothing', async () => {
    const before = await storedFiles();
    const text = Buffer.from('just some notes, not an image\n');
    const link = await uploadUrl({ file_name: 'notes.png', size: text.length });
    const response = await put(link.upload_url, text);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errorText: MediaErrors.NotThatImage('png'),
      errors: { code: ASSET_UPLOAD_FAILED },
    });
    expect(await storedFiles()).toEqual(before);
    expect((await app.inject({ method: 'GET', url: link.asset_url })).statusCode).toBe(404);

    // A GIF's bytes are not the PNG the link was made for either.
    const gifLink = await uploadUrl({ size: 20 });
    const gif = await put(gifLink.upload_url, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().errors).toEqual({ code: ASSET_UPLOAD_FAILED });
  });

  it('refuses the wrong content type on the upload', async () => {
    const link = await uploadUrl();
    const response = await put(link.upload_url, PNG, 'text/plain');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errorText: MediaErrors.WrongContentType,
      errors: { code: ASSET_UPLOAD_FAILED },
    });
  });

  it('refuses a file larger than announced, by header or by counting, and stores nothing', async () => {
    const before = await storedFiles();
    const link = await uploadUrl({ size: 40 });
    const declared = await put(link.upload_url, PNG);
    expect(declared.statusCode).toBe(400);
    expect(declared.json()).toEqual({
      errorText: MediaErrors.LargerThanAnnounced,
      errors: { code: ASSET_UPLOAD_FAILED },
    });

    // Streamed without a Content-Length: the cap is counted as the bytes pass.
    const streamed = await put(link.upload_url, Readable.from([PNG.subarray(0, 30), PNG.subarray(30)]));
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json().errorText).toBe(MediaErrors.LargerThanAnnounced);
    expect(await storedFiles()).toEqual(before);

    const key = link.asset_url.split('/').pop() ?? '';
    const [row] = await database.db.select().from(assets).where(eq(assets.key, key));
    expect(row?.state).toBe('failed');
  });

  it('uses a link once', async () => {
    const link = await uploadUrl();
    expect((await put(link.upload_url, PNG)).statusCode).toBe(200);
    const again = await put(link.upload_url, PNG);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorText).toBe(MediaErrors.LinkUsed);
  });

  it('gives links to editors only', async () => {
    const query = { file_name: 'a.png', content_type: 'image/png', size: 10 };
    const draft = await uploadUrlRequest(learner, course, query);
    expect(draft.statusCode).toBe(404);

    // A published course the learner can read but not edit.
    const published = await buildCourse(database);
    const readable = await uploadUrlRequest(
      learner,
      { author_id: published.author.id, collection_id: published.collection.id },
      { ...query, page_id: published.pageIds[0] ?? 0 },
    );
    expect(readable.statusCode).toBe(403);
    expect(readable.json().errorText).toBe(MediaErrors.NotAnEditor);

    const loggedOut = await uploadUrlRequest(new TestClient(app), course, query);
    expect(loggedOut.statusCode).toBe(401);
  });

  it('answers 404 for keys that do not exist or are spelled wrong', async () => {
    for (const url of [
      '/api/assets/0123456789abcdef0123456789abcdef.png',
      '/api/assets/..%2F..%2Fetc%2Fpasswd',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('copy-image', () => {
  it('copies images into a collection the caller edits and maps old to new URLs', async () => {
    const first = await uploadPng();
    const second = await uploadPng();
    const target = await newCourse(author);
    const targetPage = await author.post('/api/author/page', target);
    const absoluteFirst = `http://localhost:3000${first}`;
    const response = await author.post('/api/copy-image', {
      source_author_id: course.author_id,
      source_collection_id: course.collection_id,
      source_page_id: pageId,
      author_id: target.author_id,
      collection_id: target.collection_id,
      page_id: (targetPage.json() as { page: { page_id: number } }).page.page_id,
      document_type: 'page',
      image_urls: [absoluteFirst, second],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { image_urls } = response.json() as CopyImageResponse;
    expect(Object.keys(image_urls)).toEqual([absoluteFirst, second]);
    for (const copy of Object.values(image_urls)) {
      expect(copy).toMatch(/^\/api\/assets\/[a-z0-9]{32}\.png$/);
      expect([first, second]).not.toContain(copy);
      const served = await app.inject({ method: 'GET', url: copy });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
    }
    const copyKey = image_urls[second]?.split('/').pop() ?? '';
    const [row] = await database.db.select().from(assets).where(eq(assets.key, copyKey));
    expect(row).toMatchObject({ collectionId: target.collection_id, state: 'successful' });
  });

  it('copies from a published course the caller reads into their own', async () => {
    const published = await buildCourse(database);
    const publisher = await logIn({ email: published.author.email, password: published.author.password });
    const source = { author_id: published.author.id, collection_id: published.collection.id };
    const link = await uploadUrl({ document_kind: 'collection', page_id: '' }, publisher, source);
    expect((await put(link.upload_url, PNG)).statusCode).toBe(200);
    const image = link.asset_url;
    const own = await newCourse(learner);
    const response = await learner.post('/api/copy-image', {
      source_author_id: source.author_id,
      source_collection_id: source.collection_id,
      author_id: own.author_id,
      collection_id: own.collection_id,
      document_type: 'collection',
      image_urls: [image],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys((response.json() as CopyImageResponse).image_urls)).toEqual([image]);
  });

  it('answers 404 for sources the caller cannot read and images not in the source', async () => {
    const image = await uploadPng();
    const own = await newCourse(learner);
    const fromDraft = await learner.post('/api/copy-image', {
      source_author_id: course.author_id,
      source_collection_id: course.collection_id,
      author_id: own.author_id,
      collection_id: own.collection_id,
      document_type: 'collection',
      image_urls: [image],
    });
    expect(fromDraft.statusCode).toBe(404);

    // The learner's own course holds no such image.
    const notInSource = await learner.post('/api/copy-image', {
      source_author_id: own.author_id,
      source_collection_id: own.collection_id,
      author_id: own.author_id,
      collection_id: own.collection_id,
      document_type: 'collection',
      image_urls: [image],
    });
    expect(notInSource.statusCode).toBe(404);
    expect(notInSource.json().errorText).toBe(MediaErrors.ImageNotFound);

    const foreignUrl = await author.post('/api/copy-image', {
      source_author_id: course.author_id,
      source_collection_id: course.collection_id,
      author_id: course.author_id,
      collection_id: course.collection_id,
      document_type: 'collection',
      image_urls: ['https://elsewhere.example/api/assets/0123456789abcdef0123456789abcdef.png'],
    });
    expect(foreignUrl.statusCode).toBe(400);
  });

  it('needs an editor of the target', async () => {
    const published = await buildCourse(database);
    const publisher = await logIn({ email: published.author.email, password: published.author.password });
    const source = { author_id: published.author.id, collection_id: published.collection.id };
    const link = await uploadUrl({ document_kind: 'collection', page_id: '' }, publisher, source);
    expect((await put(link.upload_url, PNG)).statusCode).toBe(200);
    const copyInto = (target: { author_id: number; collection_id: number }) =>
      learner.post('/api/copy-image', {
        source_author_id: source.author_id,
        source_collection_id: source.collection_id,
        author_id: target.author_id,
        collection_id: target.collection_id,
        document_type: 'collection',
        image_urls: [link.asset_url],
      });
    // Someone else's draft: not even visible. The published course: readable, not editable.
    expect((await copyInto(course)).statusCode).toBe(404);
    const readOnly = await copyInto(source);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().errorText).toBe(MediaErrors.NotAnEditor);
    expect((await new TestClient(app).post('/api/copy-image', {})).statusCode).toBe(401);
  });
});

describe('images in work documents', () => {
  function workUploadUrl(client: TestClient, itemId: number, query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(
      Object.entries({ file_name: 'board.png', content_type: 'image/png', size: PNG.length, ...query }).map(
        ([name, value]): [string, string] => [name, String(value)],
      ),
    );
    return client.get(`/api/workflows/items/${itemId}/image/upload-url?${search}`);
  }

  it('go into a document its editors upload to, with the checks of every image', async () => {
    const owner = await signUp(app, { full_name: 'Wanda Work' });
    const viewer = await signUp(app);
    const outsider = await signUp(app);
    const doc = await owner.client.post('/api/workflows/items', { kind: 'document', title: 'Board notes' });
    const docId = doc.json().item.id as number;
    await owner.client.put(`/api/workflows/items/${docId}/collaborators`, {
      email: viewer.email,
      role: 'view',
    });

    const link = await workUploadUrl(owner.client, docId);
    expect(link.statusCode, link.body).toBe(200);
    const { upload_url, asset_url } = link.json() as ImageUploadUrlResponse;
    const uploaded = await put(upload_url, PNG);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const served = await app.inject({ method: 'GET', url: asset_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const [row] = await database.db
      .select()
      .from(assets)
      .where(eq(assets.key, asset_url.split('/').pop() ?? ''));
    expect(row).toMatchObject({
      documentKind: 'workflow_page',
      workItemId: docId,
      uploadedBy: owner.user.user_id,
      collectionId: null,
      state: 'successful',
    });

    // The same rules as lesson images: format from the name, a matching type, the size cap, the bytes.
    const svg = await workUploadUrl(owner.client, docId, {
      file_name: 'a.svg',
      content_type: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().errors.file_name).toBe(MediaErrors.UnsupportedFileType);
    const big = await workUploadUrl(owner.client, docId, { size: FileSize.Cap + 1 });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors.size).toBe(MediaErrors.TooLarge);
    const fake = (await workUploadUrl(owner.client, docId, { size: 20 })).json() as ImageUploadUrlResponse;
    const notPng = await put(fake.upload_url, Buffer.from('this is not an image'));
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().errors).toEqual({ code: ASSET_UPLOAD_FAILED });

    // Viewers may not add images, outsiders learn nothing, and only documents take them.
    const refused = await workUploadUrl(viewer.client, docId);
    expect(refused.statusCode).toBe(403);
    const hidden = await workUploadUrl(outsider.client, docId);
    expect(hidden.statusCode).toBe(404);
    const project = await owner.client.post('/api/workflows/items', { kind: 'project', title: 'P' });
    const notDocument = await workUploadUrl(owner.client, project.json().item.id);
    expect(notDocument.statusCode).toBe(400);
    await owner.client.put(`/api/workflows/items/${docId}/delete`, {});
    expect((await workUploadUrl(owner.client, docId)).statusCode).toBe(400);
    expect((await workUploadUrl(owner.client, docId, { extra: 1 })).statusCode).toBe(400);
  });
});

describe('profile pictures', () => {
  async function pictureUploadUrl(client: TestClient, query: Record<string, string | number>) {
    const search = new URLSearchParams(
      Object.entries({ file_name: 'me.png', content_type: 'image/png', size: PNG.length, ...query }).map(
        ([name, value]): [string, string] => [name, String(value)],
      ),
    );
    return client.get(`/api/user/profile-picture/upload-url?${search}`);
  }

  it('go through the same checks, then become the caller’s picture', async () => {
    const { client, user } = await signUp(app);
    const link = await pictureUploadUrl(client, {});
    expect(link.statusCode).toBe(200);
    const { upload_url, asset_url } = link.json() as ImageUploadUrlResponse;
    expect((await put(upload_url, PNG)).statusCode).toBe(200);

    const set = await client.put('/api/user/profile-picture', { asset_url });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ profile_pic_url: asset_url });
    expect((await client.get('/api/user/info')).json().profile_pic_url).toBe(asset_url);
    const served = await new TestClient(app).get(asset_url);
    expect(served.headers['content-type']).toBe('image/png');
    const [row] = await database.db
      .select()
      .from(assets)
      .where(eq(assets.key, asset_url.split('/').pop() ?? ''));
    expect(row).toMatchObject({
      documentKind: 'profile_picture',
      uploadedBy: user.user_id,
      collectionId: null,
    });
  });

  it('refuse other types, oversized files and content that is not the announced image', async () => {
    const { client } = await signUp(app);
    const svg = await pictureUploadUrl(client, { file_name: 'me.svg', content_type: 'image/svg+xml' });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().errors.file_name).toBe(MediaErrors.UnsupportedFileType);
    const big = await pictureUploadUrl(client, { size: FileSize.Cap + 1 });
    expect(big.json().errors.size).toBe(MediaErrors.TooLarge);

    const { upload_url, asset_url } = (
      await pictureUploadUrl(client, { size: 64 })
    ).json() as ImageUploadUrlResponse;
    const fake = await put(upload_url, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'.padEnd(40)));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors.code).toBe(ASSET_UPLOAD_FAILED);
    // A failed upload cannot become a picture.
    expect((await client.put('/api/user/profile-picture', { asset_url })).statusCode).toBe(404);
  });

  it("cannot take someone else's upload or a course image as one's picture", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const { upload_url, asset_url } = (
      await pictureUploadUrl(owner.client, {})
    ).json() as ImageUploadUrlResponse;
    await put(upload_url, PNG);
    const taken = await other.client.put('/api/user/profile-picture', { asset_url });
    expect(taken.statusCode).toBe(404);
    expect((await other.client.get('/api/user/info')).json().profile_pic_url).toBeNull();

    const courseImage = await uploadUrl();
    await put(courseImage.upload_url, PNG);
    expect(
      (await author.put('/api/user/profile-picture', { asset_url: courseImage.asset_url })).statusCode,
    ).toBe(404);
    expect(
      (
        await new TestClient(app).get(
          '/api/user/profile-picture/upload-url?file_name=a.png&content_type=image/png&size=10',
        )
      ).statusCode,
    ).toBe(401);
  });
});
