import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ReaderWidget,
  StreamState,
  UploadState,
  type VideoStreamStatus,
  type VideoStreamTokenResponse,
  type VideoUploadUrlRequest,
  type VideoUploadUrlResponse,
} from '@coderoom/contracts';
import { ErrorStatus, VideoLimits, videoExtensionOf } from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, forbidden, invalidInput, notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Storage } from '../../platform/storage/storage.js';
import { authoringAccess, canViewDraft } from '../authoring/authoring.policy.js';
import { ContentErrors } from '../content/content.errors.js';
import type { Caller, ContentService } from '../content/content.service.js';
import { VideoErrors } from './video.errors.js';
import * as repo from './video.repository.js';
import { signVideoToken, verifyVideoToken } from './video.tokens.js';
import { TranscodeFailed, type Transcoder } from './video.transcode.js';

export interface VideoDeps {
  db: Db;
  clock: Clock;
  content: ContentService;
  storage: Storage;
  jobs: JobQueue;
  transcoder: Transcoder;
  /** HMAC key of upload and stream tokens (the same secret as image upload links). */
  signingSecret: string;
  publicUrl: string;
  /** Where tus uploads collect their bytes until the last one arrives (`$DATA_DIR/video-uploads`). */
  stagingDir: string;
  log: { error(details: object, message: string): void };
}

export const TRANSCODE_VIDEO_JOB = 'media.transcode_video';
/** An upload address lives a day: a large file over a poor connection may need several sittings. */
export const VIDEO_UPLOAD_TTL_SECONDS = 24 * 60 * 60;
/** Stream tokens are short-lived; the player asks for a fresh one before this runs out (docs/media.md). */
export const STREAM_TOKEN_TTL_SECONDS = 5 * 60;
/** ffprobe's length may differ from the browser's by rounding; a longer file than this is refused. */
const DURATION_SLACK_SECONDS = 5;
export const TUS_VERSION = '1.0.0';

const sourceKey = (videoId: number) => `videos/${videoId}/source`;
const hlsKey = (videoId: number, file: string) => `videos/${videoId}/hls/${file}`;
const PLAYLIST = 'index.m3u8';
const contentTypeOf = (file: string) =>
  file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Stops a body at the bytes still expected; the write ends cleanly at the chunk that would pass them. */
class ByteCap extends Transform {
  bytes = 0;
  exceeded = false;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.bytes + chunk.length > this.max) {
      this.exceeded = true;
      callback(new Error('over the announced size'));
      return;
    }
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

function hasVideoWidget(widgets: readonly ReaderWidget[], videoId: number): boolean {
  return widgets.some((widget) => {
    if ('unsupported' in widget) return false;
    if (widget.type === 'Video') return widget.content.video_id === videoId;
    return widget.type === 'Columns' && hasVideoWidget(widget.content.comps, videoId);
  });
}

function presentStatus(video: repo.VideoRow): VideoStreamStatus {
  return {
    video_id: video.id,
    file_name: video.fileName,
    upload_state: video.uploadState,
    stream_state: video.streamState,
    size: video.size,
    received_bytes: video.receivedBytes,
    duration: video.durationSeconds,
    error_text: video.errorText,
  };
}

export function createVideoService(deps: VideoDeps) {
  const { db, clock, content, storage, jobs, transcoder, signingSecret, publicUrl, stagingDir, log } = deps;
  const stagedPath = (videoId: number) => path.join(stagingDir, `${videoId}.part`);
  /** PATCHes in progress in this process: one at a time per upload (tus has no parallel appends here). */
  const appending = new Set<number>();

  async function editableCollection(userId: number, authorId: number, collectionId: number) {
    const { viewer, collection } = await content.findForAuthoring(userId, authorId, collectionId);
    const access = authoringAccess(viewer, collection);
    if (access === 'edit') return collection;
    if (access === 'none') throw notFound(ContentErrors.NotFound);
    throw forbidden(VideoErrors.NotAnEditor);
  }

  async function findVideoOrThrow(videoId: number): Promise<repo.VideoRow> {
    const video = await repo.findVideo(db, videoId);
    if (!video) throw notFound(VideoErrors.VideoNotFound);
    return video;
  }

  /**
   * Who may watch a video: the people who may read its collection's draft (its authors, invited readers),
   * and readers of the published lesson it belongs to — with every rule of reading that lesson (sign-in,
   * previews, entitlements, subscriptions) — when that lesson shows it.
   */
  async function requireWatchable(caller: number | Caller | null, video: repo.VideoRow): Promise<void> {
    const { viewer, collection } = await content.findWithViewer(caller, video.collectionId);
    if (canViewDraft(viewer, collection)) return;
    const { components } = await content.lesson(
      caller,
      collection.authorId,
      collection.id,
      video.pageId,
      false,
    );
    if (!hasVideoWidget(components, video.id)) throw notFound(VideoErrors.VideoNotFound);
  }

  async function stagedSize(videoId: number): Promise<number> {
    try {
      return (await stat(stagedPath(videoId))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
  }

  /** The video an upload token names, still taking bytes. */
  async function uploadTarget(token: string): Promise<repo.VideoRow> {
    const checked = verifyVideoToken('video-upload', token, signingSecret, clock.now());
    if (!checked.ok) {
      if (checked.reason === 'expired')
        throw new AppError(ErrorStatus.ExpiredToken, VideoErrors.UploadLinkExpired);
      throw forbidden(VideoErrors.UploadLinkInvalid);
    }
    const video = await repo.findVideo(db, checked.grant.videoId);
    if (!video) throw forbidden(VideoErrors.UploadLinkInvalid);
    return video;
  }

  /** The last byte is in: the file goes to storage and the worker is asked to transcode it. */
  async function finishUpload(video: repo.VideoRow): Promise<void> {
    await storage.putObject(sourceKey(video.id), createReadStream(stagedPath(video.id)), {
      contentType: 'application/octet-stream',
    });
    await db.transaction(async (tx) => {
      const row = await repo.completeUpload(tx, video.id, video.size, clock.now());
      // A retry may run twice; the transcode is idempotent, but one job per upload is enough.
      if (row) await jobs.enqueue(tx, TRANSCODE_VIDEO_JOB, { videoId: video.id }, { maxAttempts: 3 });
    });
    await rm(stagedPath(video.id), { force: true });
  }

  /** Appends a body to the staged file, stopping at `max` bytes; answers whether it went past them. */
  async function appendBody(videoId: number, body: Readable, max: number): Promise<{ exceeded: boolean }> {
    await mkdir(stagingDir, { recursive: true });
    const cap = new ByteCap(max);
    try {
      await pipeline(body, cap, createWriteStream(stagedPath(videoId), { flags: 'a' }));
    } catch (error) {
      // A client that goes away keeps what arrived (that is the point of tus); more than announced is a 400.
      if (!cap.exceeded && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
        throw error;
    }
    return { exceeded: cap.exceeded };
  }

  /** One transcoding job: source from storage → ffprobe → ffmpeg → HLS files into storage. */
  async function transcode(videoId: number): Promise<void> {
    const video = await repo.findVideo(db, videoId);
    if (!video || video.streamState !== StreamState.Processing) return;
    const work = await mkdtemp(path.join(tmpdir(), 'coderoom-video-'));
    try {
      const source = await storage.getObject(sourceKey(videoId));
      if (!source) throw new TranscodeFailed(VideoErrors.SourceMissing);
      const file = path.join(work, 'source');
      await pipeline(source.body, createWriteStream(file));
      const probed = await transcoder.probe(file);
      if (probed.durationSeconds > VideoLimits.maxDurationSeconds + DURATION_SLACK_SECONDS) {
        throw new TranscodeFailed(VideoErrors.TooLong);
      }
      const out = path.join(work, 'hls');
      await mkdir(out);
      await transcoder.toHls(file, out, probed);
      // Segments first, the playlist last: a playlist in storage always names segments that are there.
      const files = (await readdir(out)).sort((a, b) => Number(a === PLAYLIST) - Number(b === PLAYLIST));
      for (const name of files) {
        await storage.putObject(hlsKey(videoId, name), createReadStream(path.join(out, name)), {
          contentType: contentTypeOf(name),
        });
      }
      await repo.markReady(
        db,
        videoId,
        {
          width: probed.width || null,
          height: probed.height || null,
          durationSeconds: probed.durationSeconds,
        },
        clock.now(),
      );
    } catch (error) {
      if (!(error instanceof TranscodeFailed)) throw error;
      // A file ffmpeg refuses will be refused again: no retry, the author sees why.
      log.error({ videoId, detail: error.detail }, `video ${videoId} failed: ${error.message}`);
      await repo.failVideo(db, videoId, { errorText: error.message }, clock.now());
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  jobs.handle(TRANSCODE_VIDEO_JOB, async (payload) => {
    const videoId = (payload as { videoId?: unknown }).videoId;
    if (typeof videoId === 'number') await transcode(videoId);
  });

  return {
    /** POST /api/author/{a}/collection/{c}/page/{p}/video/upload/url */
    async requestUploadUrl(
      userId: number,
      authorId: number,
      collectionId: number,
      pageId: number,
      request: VideoUploadUrlRequest,
    ): Promise<VideoUploadUrlResponse> {
      const collection = await editableCollection(userId, authorId, collectionId);
      const page = await content.draftPage(collection.id, pageId);
      if (!videoExtensionOf(request.file_name))
        throw invalidInput({ file_name: VideoErrors.UnsupportedFileType });
      if (request.size > VideoLimits.maxBytes) throw invalidInput({ size: VideoErrors.TooLarge });
      if (request.duration > VideoLimits.maxDurationSeconds)
        throw invalidInput({ duration: VideoErrors.TooLong });
      const video = await repo.insertVideo(db, {
        collectionId: collection.id,
        pageId: page.id,
        uploadedBy: userId,
        fileName: request.file_name,
        size: request.size,
        durationSeconds: request.duration,
        uploadState: UploadState.Pending,
        streamState: StreamState.Waiting,
      });
      const expires = epochSeconds(clock.now()) + VIDEO_UPLOAD_TTL_SECONDS;
      const token = signVideoToken('video-upload', { videoId: video.id, userId: 0, expires }, signingSecret);
      return {
        video_id: video.id,
        upload_url: `${publicUrl}/api/video-uploads/${token}`,
        expires_at: new Date(expires * 1000).toISOString(),
        upload_state: video.uploadState,
      };
    },

    /**
     * POST /api/author/{a}/collection/{c}/page/{p}/copy-video/upload/url: a ready video the caller may
     * watch becomes a video of this lesson (its HLS files copied; nothing to upload or transcode).
     */
    async copyVideo(
      userId: number,
      authorId: number,
      collectionId: number,
      pageId: number,
      sourceVideoId: number,
    ): Promise<VideoStreamStatus> {
      const collection = await editableCollection(userId, authorId, collectionId);
      const page = await content.draftPage(collection.id, pageId);
      const source = await findVideoOrThrow(sourceVideoId);
      await requireWatchable(userId, source);
      if (source.streamState !== StreamState.Ready) {
        throw invalidInput({ video_id: VideoErrors.NotReadyToCopy });
      }
      const playlist = await storage.getObject(hlsKey(source.id, PLAYLIST));
      if (!playlist) throw notFound(VideoErrors.VideoNotFound);
      const segments = (await streamToString(playlist.body))
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
      const copy = await repo.insertVideo(db, {
        collectionId: collection.id,
        pageId: page.id,
        uploadedBy: userId,
        fileName: source.fileName,
        size: source.size,
        durationSeconds: source.durationSeconds,
        receivedBytes: source.size,
        uploadState: UploadState.Successful,
        streamState: StreamState.Processing,
        width: source.width,
        height: source.height,
        copiedFrom: source.id,
      });
      for (const name of [...segments, PLAYLIST]) {
        await storage.copyObject(hlsKey(source.id, name), hlsKey(copy.id, name), {
          contentType: contentTypeOf(name),
        });
      }
      await repo.markReady(
        db,
        copy.id,
        { width: source.width, height: source.height, durationSeconds: source.durationSeconds },
        clock.now(),
      );
      return presentStatus(await findVideoOrThrow(copy.id));
    },

    /** GET /api/author/video/get-stream-status: for the people who may read the collection's draft. */
    async streamStatus(userId: number, videoId: number): Promise<VideoStreamStatus> {
      const video = await findVideoOrThrow(videoId);
      const { viewer, collection } = await content.findWithViewer(userId, video.collectionId);
      if (!canViewDraft(viewer, collection)) throw notFound(VideoErrors.VideoNotFound);
      return presentStatus(video);
    },

    /** GET /api/reader/video/get-stream-token: a short-lived link to the playlist, for this viewer only. */
    async streamToken(caller: Caller | null, videoId: number): Promise<VideoStreamTokenResponse> {
      const video = await findVideoOrThrow(videoId);
      await requireWatchable(caller, video);
      if (video.streamState !== StreamState.Ready) {
        throw new AppError(ErrorStatus.AlreadyExists, VideoErrors.NotReady);
      }
      const expires = epochSeconds(clock.now()) + STREAM_TOKEN_TTL_SECONDS;
      const token = signVideoToken(
        'video-stream',
        { videoId, userId: caller?.userId ?? 0, expires },
        signingSecret,
      );
      return {
        token,
        playlist_url: `/api/videos/${videoId}/hls/${PLAYLIST}?token=${encodeURIComponent(token)}`,
        expires_at: new Date(expires * 1000).toISOString(),
      };
    },

    /**
     * GET /api/videos/{id}/hls/{file}?token=: the token is the authorisation (checked on every file):
     * signed by us, for this video, for the caller's own session, unexpired. The playlist's segment
     * addresses get the same token, so a player that only follows the playlist keeps working.
     */
    async streamFile(userId: number | null, videoId: number, file: string, token: string) {
      const checked = verifyVideoToken('video-stream', token, signingSecret, clock.now());
      if (!checked.ok) {
        if (checked.reason === 'expired')
          throw new AppError(ErrorStatus.ExpiredToken, VideoErrors.StreamLinkExpired);
        throw forbidden(VideoErrors.StreamLinkInvalid);
      }
      if (checked.grant.videoId !== videoId) throw forbidden(VideoErrors.StreamLinkInvalid);
      if (checked.grant.userId !== (userId ?? 0)) throw forbidden(VideoErrors.StreamLinkNotYours);
      const video = await findVideoOrThrow(videoId);
      if (video.streamState !== StreamState.Ready) throw notFound(VideoErrors.NotReady);
      const object = await storage.getObject(hlsKey(videoId, file));
      if (!object) throw notFound(VideoErrors.VideoNotFound);
      const contentType = contentTypeOf(file);
      if (file !== PLAYLIST)
        return { contentType, body: object.body as Readable | string, size: object.size };
      const query = `?token=${encodeURIComponent(token)}`;
      const playlist = (await streamToString(object.body))
        .split('\n')
        .map((line) => (line.trim() !== '' && !line.startsWith('#') ? `${line.trim()}${query}` : line))
        .join('\n');
      return { contentType, body: playlist as Readable | string, size: Buffer.byteLength(playlist) };
    },

    /** HEAD {upload_url} (tus): how many bytes the server holds, and how many the upload will have. */
    async uploadOffset(token: string): Promise<{ offset: number; length: number }> {
      const video = await uploadTarget(token);
      const offset = video.uploadState === UploadState.Successful ? video.size : await stagedSize(video.id);
      return { offset, length: video.size };
    },

    /** PATCH {upload_url} (tus): bytes from `offset` on; the last one hands the file to the worker. */
    async appendUpload(token: string, offset: number, body: Readable): Promise<{ offset: number }> {
      const video = await uploadTarget(token);
      if (video.uploadState === UploadState.Successful) {
        throw forbidden(VideoErrors.UploadFinished);
      }
      if (appending.has(video.id)) throw new AppError(ErrorStatus.AlreadyExists, VideoErrors.UploadBusy);
      appending.add(video.id);
      try {
        const held = await stagedSize(video.id);
        if (offset !== held) throw new AppError(ErrorStatus.AlreadyExists, VideoErrors.OffsetMismatch(held));
        const { exceeded } = await appendBody(video.id, body, video.size - held);
        const received = await stagedSize(video.id);
        await repo.recordReceived(db, video.id, received, clock.now());
        if (exceeded) throw invalidInput({ size: VideoErrors.LargerThanAnnounced });
        if (received === video.size) await finishUpload(video);
        return { offset: received };
      } finally {
        appending.delete(video.id);
      }
    },

    /** The job's work, for tests that step it directly. */
    transcode,
  };
}

async function streamToString(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export type VideoService = ReturnType<typeof createVideoService>;
