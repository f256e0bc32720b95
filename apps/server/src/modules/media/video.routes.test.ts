import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  VideoStreamStatus,
  VideoStreamTokenResponse,
  VideoUploadUrlResponse,
} from '@coderoom/contracts';
import { VideoLimits } from '@coderoom/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { buildCourse } from '../../test/factories.js';
import { openTestDatabase, signUp, TestClient, TestClock, waitFor } from '../../test/harness.js';
import { VideoErrors } from './video.errors.js';
import { STREAM_TOKEN_TTL_SECONDS, VIDEO_UPLOAD_TTL_SECONDS } from './video.service.js';

// Lesson videos end to end through the API: the upload address, tus uploads, the worker's real ffmpeg
// transcode to HLS, stream status, and stream tokens (who gets one, and when one stops working).

const run = promisify(execFile);

let app: FastifyInstance;
let database: Database;
let dropDatabase: () => Promise<void>;
let dataDir: string;
let videoFile: Buffer;
const clock = new TestClock();

let course: Awaited<ReturnType<typeof buildCourse>>;
let owner: TestClient;
let learner: TestClient;
let ids: { author_id: number; collection_id: number };
/** Lesson 2 of the course: not a preview, so visitors must sign in to read it. */
let lessonId: number;

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openTestDatabase());
  dataDir = await mkdtemp(path.join(tmpdir(), 'coderoom-video-'));
  // A real two-second video with sound, made the way the issue asks: ffmpeg's test pattern and a tone.
  const file = path.join(dataDir, 'pattern.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  videoFile = await readFile(file);
  app = await buildApp({
    config: {
      publicUrl: 'http://localhost:3000',
      webDistDir: null,
      trustProxy: false,
      logLevel: 'silent',
      dataDir,
      storage: { driver: 'local', dir: path.join(dataDir, 'uploads') },
      uploadSigningSecret: null,
    },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'test@coderoom.dev', db: database.db }),
    clock,
    logger: false,
  });
  await app.ready();
  course = await buildCourse(database, { title: 'Video Course', lessons: 2 });
  owner = await logIn(course.author);
  learner = (await signUp(app)).client;
  ids = { author_id: course.author.id, collection_id: course.collection.id };
  lessonId = course.pageIds[1] ?? 0;
}, 60_000);

afterAll(async () => {
  await app.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

async function logIn(user: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await client.post('/api/user/login', { email: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  return client;
}

const uploadUrlPath = (pageId: number, target = ids) =>
  `/api/author/${target.author_id}/collection/${target.collection_id}/page/${pageId}/video/upload/url`;

async function newUpload(
  body: Record<string, unknown> = {},
  pageId = lessonId,
): Promise<VideoUploadUrlResponse> {
  const response = await owner.post(uploadUrlPath(pageId), {
    file_name: 'pattern.mp4',
    size: videoFile.length,
    duration: 2,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VideoUploadUrlResponse;
}

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost:3000');
  return `${parsed.pathname}${parsed.search}`;
};

/** A tus PATCH as tus-js-client sends it (the web app adds its CSRF header). */
function patch(uploadUrl: string, offset: number, bytes: Buffer, headers: Record<string, string> = {}) {
  return owner.request('PATCH', pathOf(uploadUrl), undefined, {
    rawBody: bytes,
    headers: {
      'content-type': 'application/offset+octet-stream',
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      ...headers,
    },
  });
}

function head(uploadUrl: string) {
  return owner.request('HEAD', pathOf(uploadUrl), undefined, { headers: { 'tus-resumable': '1.0.0' } });
}

async function status(videoId: number, client = owner) {
  return client.get(`/api/author/video/get-stream-status?video_id=${videoId}`);
}

async function waitForStream(videoId: number): Promise<VideoStreamStatus> {
  return waitFor(
    async () => {
      const answer = (await status(videoId)).json() as VideoStreamStatus;
      return answer.stream_state === 'ready' || answer.stream_state === 'failed' ? answer : null;
    },
    `video ${videoId} to finish processing`,
    60_000,
  );
}

/** Uploads the generated video in one PATCH and waits for the worker. */
async function readyVideo(pageId = lessonId): Promise<number> {
  const upload = await newUpload({}, pageId);
  expect((await patch(upload.upload_url, 0, videoFile)).statusCode).toBe(204);
  expect((await waitForStream(upload.video_id)).stream_state).toBe('ready');
  return upload.video_id;
}

async function streamToken(videoId: number, client: TestClient) {
  return client.get(`/api/reader/video/get-stream-token?video_id=${videoId}`);
}

describe('the upload address', () => {
  it('checks the file type, size and duration against the limits', async () => {
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const response = await owner.post(uploadUrlPath(lessonId), {
        file_name: 'talk.mp4',
        size: 1000,
        duration: 60,
        ...body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: { [field]: message } });
    };
    await refused({ file_name: 'talk.exe' }, 'file_name', VideoErrors.UnsupportedFileType);
    await refused({ file_name: 'mp4' }, 'file_name', VideoErrors.UnsupportedFileType);
    await refused({ size: VideoLimits.maxBytes + 1 }, 'size', VideoErrors.TooLarge);
    await refused({ duration: VideoLimits.maxDurationSeconds + 1 }, 'duration', VideoErrors.TooLong);
    const missing = await owner.post(uploadUrlPath(lessonId), { file_name: 'talk.mp4', size: 1000 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('duration');

    const accepted = await newUpload({ file_name: 'Talk.MOV', size: VideoLimits.maxBytes });
    expect(accepted).toMatchObject({ upload_state: 'pending', video_id: expect.any(Number) });
    expect(accepted.upload_url).toMatch(/^http:\/\/localhost:3000\/api\/video-uploads\//);
    const shown = (await status(accepted.video_id)).json() as VideoStreamStatus;
    expect(shown).toMatchObject({ upload_state: 'pending', stream_state: 'waiting', received_bytes: 0 });
  });

  it('is only for the lesson’s authors', async () => {
    const body = { file_name: 'talk.mp4', size: 1000, duration: 60 };
    // A learner reads the published course but may not add to it.
    const asLearner = await learner.post(uploadUrlPath(lessonId), body);
    expect(asLearner.statusCode).toBe(403);
    expect(asLearner.json().errorText).toBe(VideoErrors.NotAnEditor);
    expect((await new TestClient(app).post(uploadUrlPath(lessonId), body)).statusCode).toBe(401);
    // Someone else's unpublished draft does not exist for them.
    const draft = await learner.post('/api/author/collection?work_type=course', { title: 'Draft' });
    const draftIds = draft.json() as { author_id: number; collection_id: number };
    expect((await owner.post(uploadUrlPath(lessonId, draftIds), body)).statusCode).toBe(404);
    // A page of another collection is not a page of this one.
    const other = await buildCourse(database, { author: course.author });
    expect((await owner.post(uploadUrlPath(other.pageIds[0] ?? 0), body)).statusCode).toBe(404);
  });
});

describe('tus uploads', () => {
  it('takes the file in pieces, resumes from the server’s offset and hands it to the worker', async () => {
    const upload = await newUpload();
    const first = await head(upload.upload_url);
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({ 'upload-offset': '0', 'upload-length': String(videoFile.length) });
    expect(first.headers['tus-resumable']).toBe('1.0.0');

    const half = Math.floor(videoFile.length / 2);
    const sent = await patch(upload.upload_url, 0, videoFile.subarray(0, half));
    expect(sent.statusCode).toBe(204);
    expect(sent.headers['upload-offset']).toBe(String(half));
    expect((await status(upload.video_id)).json()).toMatchObject({
      upload_state: 'uploading',
      stream_state: 'waiting',
      received_bytes: half,
    });
    // A client that lost track is told where to continue from.
    const wrongOffset = await patch(upload.upload_url, 0, videoFile.subarray(0, 10));
    expect(wrongOffset.statusCode).toBe(409);
    expect(wrongOffset.json().errorText).toBe(VideoErrors.OffsetMismatch(half));
    expect((await head(upload.upload_url)).headers['upload-offset']).toBe(String(half));

    const rest = await patch(upload.upload_url, half, videoFile.subarray(half));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(videoFile.length));
    const done = await waitForStream(upload.video_id);
    expect(done).toMatchObject({ upload_state: 'successful', stream_state: 'ready', error_text: null });
    // What the worker made: a playlist and its segments in storage.
    const files = await readdir(path.join(dataDir, 'uploads', 'videos', String(upload.video_id), 'hls'));
    expect(files).toContain('index.m3u8');
    expect(files.some((name) => /^seg_\d{3}\.ts$/.test(name))).toBe(true);
    expect((await head(upload.upload_url)).headers['upload-offset']).toBe(String(videoFile.length));
    const again = await patch(upload.upload_url, videoFile.length, Buffer.from('x'));
    expect(again.statusCode).toBe(403);
    expect(again.json().errorText).toBe(VideoErrors.UploadFinished);
  }, 90_000);

  it('refuses other protocols, more bytes than announced, forged and expired addresses', async () => {
    const upload = await newUpload({ size: 100 });
    expect(
      (await patch(upload.upload_url, 0, Buffer.alloc(10), { 'tus-resumable': '0.2.2' })).statusCode,
    ).toBe(412);
    expect(
      (await patch(upload.upload_url, 0, Buffer.alloc(10), { 'content-type': 'video/mp4' })).statusCode,
    ).toBe(415);
    const tooMuch = await patch(upload.upload_url, 0, Buffer.alloc(101));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errorText).toBe(VideoErrors.LargerThanAnnounced);
    expect((await head(upload.upload_url)).headers['upload-offset']).toBe('0');

    const forged = upload.upload_url.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const refused = await patch(forged, 0, Buffer.alloc(10));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorText).toBe(VideoErrors.UploadLinkInvalid);

    clock.advance((VIDEO_UPLOAD_TTL_SECONDS + 1) * 1000);
    const expired = await patch(upload.upload_url, 0, Buffer.alloc(10));
    expect(expired.statusCode).toBe(498);
    expect(expired.json().errorText).toBe(VideoErrors.UploadLinkExpired);
  });

  it('fails a file ffmpeg cannot read, with the reason', async () => {
    const junk = Buffer.from('this is not a video at all, just text pretending to be one');
    const upload = await newUpload({ size: junk.length, file_name: 'fake.mp4' });
    expect((await patch(upload.upload_url, 0, junk)).statusCode).toBe(204);
    expect(await waitForStream(upload.video_id)).toMatchObject({
      upload_state: 'successful',
      stream_state: 'failed',
      error_text: 'The file is not a video we can read.',
    });
    const token = await streamToken(upload.video_id, owner);
    expect(token.statusCode).toBe(409);
    expect(token.json().errorText).toBe(VideoErrors.NotReady);
  }, 60_000);
});

describe('streaming', () => {
  it('serves the playlist and segments only with a valid, unexpired token of the caller', async () => {
    const videoId = await readyVideo();
    const answer = await streamToken(videoId, owner);
    expect(answer.statusCode).toBe(200);
    const { token, playlist_url, expires_at } = answer.json() as VideoStreamTokenResponse;
    expect(new Date(expires_at).getTime() - clock.now().getTime()).toBeLessThanOrEqual(
      STREAM_TOKEN_TTL_SECONDS * 1000,
    );

    const playlist = await owner.get(playlist_url);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.body).toMatch(/^#EXTM3U/);
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    const segments = playlist.body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(segments.length).toBeGreaterThan(0);
    for (const segment of segments)
      expect(segment).toBe(`${segment.split('?')[0]}?token=${encodeURIComponent(token)}`);
    const segmentUrl = `/api/videos/${videoId}/hls/${segments[0]}`;
    const segment = await owner.get(segmentUrl);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    // MPEG-TS packets start with the sync byte 0x47.
    expect(segment.rawPayload[0]).toBe(0x47);

    // No token, a token of another video, someone else's token: refused.
    expect((await owner.get(`/api/videos/${videoId}/hls/index.m3u8`)).statusCode).toBe(400);
    const otherVideo = await readyVideo();
    const foreign = await owner.get(
      `/api/videos/${otherVideo}/hls/index.m3u8?token=${encodeURIComponent(token)}`,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errorText).toBe(VideoErrors.StreamLinkInvalid);
    const stolen = await learner.get(playlist_url);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().errorText).toBe(VideoErrors.StreamLinkNotYours);
    expect((await owner.get(`/api/videos/${videoId}/hls/../source?token=${token}`)).statusCode).not.toBe(200);

    // Minutes later the same addresses stop working; a new token works again.
    clock.advance((STREAM_TOKEN_TTL_SECONDS + 1) * 1000);
    const expired = await owner.get(segmentUrl);
    expect(expired.statusCode).toBe(498);
    expect(expired.json().errorText).toBe(VideoErrors.StreamLinkExpired);
    expect((await owner.get(playlist_url)).statusCode).toBe(498);
    const fresh = (await streamToken(videoId, owner)).json() as VideoStreamTokenResponse;
    expect((await owner.get(fresh.playlist_url)).statusCode).toBe(200);
  }, 120_000);

  it('gives readers tokens only once the published lesson shows the video, by the lesson’s rules', async () => {
    const videoId = await readyVideo();
    // Uploaded but not in the published lesson: not the learner's to watch, nor to see the status of.
    expect((await streamToken(videoId, learner)).statusCode).toBe(404);
    expect((await status(videoId, learner)).statusCode).toBe(404);

    const pageUrl = `/api/author/${ids.author_id}/collection/${ids.collection_id}/page/${lessonId}`;
    const draft = (await owner.get(pageUrl)).json() as { page: { etag: string } };
    const saved = await owner.request(
      'PUT',
      pageUrl,
      {
        components: [
          { type: 'Video', comp_id: 'video-1', content: { video_id: videoId, title: 'A test pattern' } },
        ],
      },
      { headers: { 'if-match': draft.page.etag } },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await streamToken(videoId, learner)).statusCode).toBe(404);
    expect((await owner.post(`/api/author/page/${lessonId}/publish`)).statusCode).toBe(200);

    const granted = await streamToken(videoId, learner);
    expect(granted.statusCode).toBe(200);
    const { playlist_url } = granted.json() as VideoStreamTokenResponse;
    expect((await learner.get(playlist_url)).statusCode).toBe(200);
    // The lesson is not a preview: a visitor must sign in first, as for reading it.
    expect((await streamToken(videoId, new TestClient(app))).statusCode).toBe(401);
    expect((await status(videoId, learner)).statusCode).toBe(404);
    expect((await streamToken(999_999_999, learner)).statusCode).toBe(404);
  }, 120_000);

  it('copies a ready video into another lesson without uploading it again', async () => {
    const videoId = await readyVideo();
    const target = course.pageIds[0] ?? 0;
    const copyUrl = `/api/author/${ids.author_id}/collection/${ids.collection_id}/page/${target}/copy-video/upload/url`;
    expect((await learner.post(copyUrl, { video_id: videoId })).statusCode).toBe(403);
    const copied = await owner.post(copyUrl, { video_id: videoId });
    expect(copied.statusCode, copied.body).toBe(200);
    const copy = copied.json() as VideoStreamStatus;
    expect(copy).toMatchObject({
      upload_state: 'successful',
      stream_state: 'ready',
      file_name: 'pattern.mp4',
    });
    expect(copy.video_id).not.toBe(videoId);
    const token = (await streamToken(copy.video_id, owner)).json() as VideoStreamTokenResponse;
    const playlist = await owner.get(token.playlist_url);
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line.startsWith('seg_'));
    expect((await owner.get(`/api/videos/${copy.video_id}/hls/${segment}`)).statusCode).toBe(200);
  }, 120_000);
});
