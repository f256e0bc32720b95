import type { StreamState, UploadState } from '@coderoom/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { bigint, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for lesson videos; migration 0095_videos.sql is the source of truth.

export const videos = pgTable('videos', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  pageId: bigint('page_id', { mode: 'number' }).notNull(),
  uploadedBy: bigint('uploaded_by', { mode: 'number' }),
  fileName: text('file_name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  durationSeconds: doublePrecision('duration_seconds').notNull(),
  receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
  uploadState: text('upload_state').$type<UploadState>().notNull(),
  streamState: text('stream_state').$type<StreamState>().notNull(),
  errorText: text('error_text'),
  width: integer('width'),
  height: integer('height'),
  copiedFrom: bigint('copied_from', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type VideoRow = typeof videos.$inferSelect;
export type NewVideo = typeof videos.$inferInsert;

export async function insertVideo(db: DbExecutor, values: NewVideo): Promise<VideoRow> {
  const [row] = await db.insert(videos).values(values).returning();
  if (!row) throw new Error('video insert returned no row');
  return row;
}

export async function findVideo(db: DbExecutor, id: number): Promise<VideoRow | undefined> {
  const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
  return row;
}

/** Bytes arrived: the count the staged file holds, and 'uploading' unless the upload already ended. */
export async function recordReceived(db: DbExecutor, id: number, receivedBytes: number, now: Date) {
  await db
    .update(videos)
    .set({ receivedBytes, uploadState: 'uploading', updatedAt: now })
    .where(and(eq(videos.id, id), inArray(videos.uploadState, ['pending', 'uploading', 'failed'])));
}

/** Every byte is in and stored: the worker's turn. Undefined when another request finished it first. */
export async function completeUpload(
  db: DbExecutor,
  id: number,
  size: number,
  now: Date,
): Promise<VideoRow | undefined> {
  const [row] = await db
    .update(videos)
    .set({
      receivedBytes: size,
      uploadState: 'successful',
      streamState: 'processing',
      errorText: null,
      updatedAt: now,
    })
    .where(and(eq(videos.id, id), inArray(videos.uploadState, ['pending', 'uploading'])))
    .returning();
  return row;
}

export async function failVideo(
  db: DbExecutor,
  id: number,
  failure: { uploadState?: UploadState; errorText: string },
  now: Date,
) {
  await db
    .update(videos)
    .set({
      ...(failure.uploadState ? { uploadState: failure.uploadState } : {}),
      streamState: 'failed',
      errorText: failure.errorText,
      updatedAt: now,
    })
    .where(eq(videos.id, id));
}

export async function markReady(
  db: DbExecutor,
  id: number,
  facts: { width: number | null; height: number | null; durationSeconds: number },
  now: Date,
) {
  await db
    .update(videos)
    .set({ streamState: 'ready', errorText: null, ...facts, updatedAt: now })
    .where(and(eq(videos.id, id), eq(videos.streamState, 'processing')));
}
