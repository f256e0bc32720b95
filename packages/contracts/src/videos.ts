import { z } from 'zod';
import type { UploadState } from './media.js';

// Lesson videos (spec 000 §7 "Video": upload URL with size and duration, copy-video, stream status and
// stream token; §4 upload states). Decisions in docs/media.md.

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What the worker has made of an upload (the spec's upload states cover the bytes only). */
export const StreamState = {
  /** The upload has not finished. */
  Waiting: 'waiting',
  /** Uploaded; queued for or under ffmpeg. */
  Processing: 'processing',
  Ready: 'ready',
  Failed: 'failed',
} as const;
export type StreamState = (typeof StreamState)[keyof typeof StreamState];

export const VideoPageParamsSchema = z.strictObject({ authorId: id, collectionId: id, pageId: id });

/** POST /api/author/{a}/collection/{c}/page/{p}/video/upload/url */
export const VideoUploadUrlRequestSchema = z.strictObject({
  file_name: z.string().trim().min(1).max(255),
  /** Bytes; the upload must bring exactly these. */
  size: z.number().int().positive(),
  /** Seconds, as the browser read them from the file. */
  duration: z.number().positive(),
});
export type VideoUploadUrlRequest = z.infer<typeof VideoUploadUrlRequestSchema>;

export interface VideoUploadUrlResponse {
  video_id: number;
  /** A tus 1.0.0 upload (HEAD for the offset, PATCH the bytes from it), valid until expires_at. */
  upload_url: string;
  expires_at: string;
  upload_state: UploadState;
}

/** POST /api/author/{a}/collection/{c}/page/{p}/copy-video/upload/url: a ready video of a lesson the caller reads. */
export const CopyVideoRequestSchema = z.strictObject({ video_id: id });

export const VideoIdQuerySchema = z.strictObject({ video_id: id });

/** GET /api/author/video/get-stream-status (and the copy-video answer). */
export interface VideoStreamStatus {
  video_id: number;
  file_name: string;
  upload_state: UploadState;
  stream_state: StreamState;
  size: number;
  received_bytes: number;
  duration: number;
  /** Why the upload or transcoding failed; null otherwise. */
  error_text: string | null;
}

/** GET /api/reader/video/get-stream-token */
export interface VideoStreamTokenResponse {
  token: string;
  /** The HLS playlist, with the token; its segment addresses carry the token too. */
  playlist_url: string;
  expires_at: string;
}

/** The tus upload address's token is the rest of the path (signed tokens are long). */
export const VideoUploadTokenParamsSchema = z.strictObject({ '*': z.string().min(1).max(1024) });

/** Stream files: the playlist and its numbered segments, nothing else. */
export const STREAM_FILE_PATTERN = /^(index\.m3u8|seg_\d{3,5}\.ts)$/;
export const VideoStreamParamsSchema = z.strictObject({
  videoId: id,
  file: z.string().max(32).regex(STREAM_FILE_PATTERN),
});
export const VideoStreamQuerySchema = z.strictObject({ token: z.string().min(1).max(1024) });
