import { UploadState } from '@coderoom/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for uploaded images. The table is defined here rather than in db/schema.ts because only this
// module reads it; migration 0008_media.sql is its source of truth.

export const assets = pgTable('assets', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull(),
  collectionId: bigint('collection_id', { mode: 'number' }),
  pageId: bigint('page_id', { mode: 'number' }),
  /** The work document an image was uploaded into (migration 0063). */
  workItemId: bigint('work_item_id', { mode: 'number' }),
  documentKind: text('document_kind').notNull(),
  uploadedBy: bigint('uploaded_by', { mode: 'number' }),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256'),
  state: text('state').$type<UploadState>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AssetRow = typeof assets.$inferSelect;
export type NewAsset = typeof assets.$inferInsert;

export async function insertAssets(db: DbExecutor, values: NewAsset[]): Promise<AssetRow[]> {
  if (values.length === 0) return [];
  return db.insert(assets).values(values).returning();
}

export async function findAssetByKey(db: DbExecutor, key: string): Promise<AssetRow | undefined> {
  const [row] = await db.select().from(assets).where(eq(assets.key, key)).limit(1);
  return row;
}

export async function findSuccessfulAssets(db: DbExecutor, keys: string[]): Promise<AssetRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(assets)
    .where(and(inArray(assets.key, keys), eq(assets.state, UploadState.Successful)));
}

/**
 * Moves a pending (or earlier failed) upload to 'uploading'; undefined when the link was used already
 * or an upload is under way, so two PUTs of one link cannot both write.
 */
export async function claimUpload(db: DbExecutor, key: string): Promise<AssetRow | undefined> {
  const [row] = await db
    .update(assets)
    .set({ state: UploadState.Uploading })
    .where(and(eq(assets.key, key), inArray(assets.state, [UploadState.Pending, UploadState.Failed])))
    .returning();
  return row;
}

export async function completeUpload(
  db: DbExecutor,
  key: string,
  stored: { size: number; sha256: string },
): Promise<void> {
  await db
    .update(assets)
    .set({ state: UploadState.Successful, size: stored.size, sha256: stored.sha256 })
    .where(and(eq(assets.key, key), eq(assets.state, UploadState.Uploading)));
}

export async function failUpload(db: DbExecutor, key: string): Promise<void> {
  await db
    .update(assets)
    .set({ state: UploadState.Failed })
    .where(and(eq(assets.key, key), eq(assets.state, UploadState.Uploading)));
}

/** Removes the uploader's assets of one kind and answers them, so their files can be removed too. */
export async function deleteAssetsOfUploader(
  db: DbExecutor,
  uploadedBy: number,
  documentKind: string,
): Promise<AssetRow[]> {
  return db
    .delete(assets)
    .where(and(eq(assets.uploadedBy, uploadedBy), eq(assets.documentKind, documentKind)))
    .returning();
}
