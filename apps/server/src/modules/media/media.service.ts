import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ASSET_KEY_PATTERN,
  ASSET_URL_PREFIX,
  type CopyImageRequest,
  type CopyImageResponse,
  type ImageDocumentKind,
  type ImageUploadUrlQuery,
  type ImageUploadUrlResponse,
  type ProfilePictureResponse,
  type ProfilePictureUploadQuery,
  type UploadResponse,
  UploadState,
  type WorkImageUploadQuery,
} from '@coderoom/contracts';
import { ErrorStatus, FileSize } from '@coderoom/domain';
import type { CollectionRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, forbidden, invalidInput, notFound } from '../../platform/http/errors.js';
import type { Storage, StoredObject } from '../../platform/storage/storage.js';
import { authoringAccess } from '../authoring/authoring.policy.js';
import { ContentErrors } from '../content/content.errors.js';
import type { ContentService } from '../content/content.service.js';
import { MediaErrors, uploadFailed } from './media.errors.js';
import { formatOfContentType, formatOfFileName } from './media.images.js';
import * as repo from './media.repository.js';
import { signUploadToken, verifyUploadToken } from './media.tokens.js';
import { ImageUploadCheck, UploadRejected } from './media.upload.js';

export interface MediaDeps {
  db: Db;
  clock: Clock;
  content: ContentService;
  storage: Storage;
  /** HMAC key of upload links (loadUploadSigningSecret). */
  signingSecret: string;
  /** Origin of upload links. */
  publicUrl: string;
  /** Where a checked profile picture is recorded (the accounts module's settings service). */
  profiles: { setProfilePicture(userId: number, url: string): Promise<void> };
  /** Who may put images into a work document (modules/work decides; it throws 404/403 like its own routes). */
  workDocuments?: { requireEditor(userId: number, itemId: number): Promise<void> };
}

/** Images of work documents (spec 002 §7.2's workflow page images): owned by the uploader, not a collection. */
export const WORK_IMAGE_KIND = 'workflow_page';

/** The document kind of a user's profile picture: owned by the uploader, not by a collection. */
export const PROFILE_PICTURE_KIND = 'profile_picture';

/** Images are capped at the spec's 819200 bytes (000 §9); its 3 MB and 10 MB units are for other files. */
export const IMAGE_SIZE_LIMIT = FileSize.Cap;
/** An upload link is good for a quarter of an hour: time for a slow connection, not for sharing. */
export const UPLOAD_LINK_TTL_SECONDS = 15 * 60;

/** Document kinds whose areas do not exist yet. */
const UNAVAILABLE_KINDS: ReadonlySet<ImageDocumentKind> = new Set([
  'cloud_lab',
  'shot',
  'marketing_page',
  'workflow_page',
]);

/** Images live under images/ in storage, so other kinds of file can sit beside them later. */
const storageKeyOf = (key: string) => `images/${key}`;
const assetUrlOf = (key: string) => `${ASSET_URL_PREFIX}${key}`;
const newAssetKey = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;

export function createMediaService(deps: MediaDeps) {
  const { db, clock, content, storage, signingSecret, publicUrl } = deps;
  /** Editors pass; readers who may not edit get 403; anyone who cannot see the collection gets 404. */
  async function editableCollection(userId: number, authorId: number, collectionId: number) {
    const { viewer, collection } = await content.findForAuthoring(userId, authorId, collectionId);
    const access = authoringAccess(viewer, collection);
    if (access === 'edit') return collection;
    if (access === 'none') throw notFound(ContentErrors.NotFound);
    throw forbidden(MediaErrors.NotAnEditor);
  }

  async function readableCollection(userId: number, authorId: number, collectionId: number) {
    const { viewer, collection } = await content.findForAuthoring(userId, authorId, collectionId);
    if (authoringAccess(viewer, collection) === 'none') throw notFound(ContentErrors.NotFound);
    return collection;
  }

  /** The page an image belongs to (null for collection-wide images), checked against the collection. */
  async function documentPage(
    collection: CollectionRow,
    kind: ImageDocumentKind,
    pageId: number | null | undefined,
  ): Promise<number | null> {
    if (UNAVAILABLE_KINDS.has(kind))
      throw new AppError(ErrorStatus.OperationNotAllowed, MediaErrors.NotAvailableYet);
    if (kind !== 'page') return null;
    if (!pageId) throw invalidInput({ page_id: MediaErrors.PageRequired });
    return (await content.draftPage(collection.id, pageId)).id;
  }

  /** Runs the checked body into storage; a refused or broken body stores nothing. */
  async function store(key: string, body: Readable, check: ImageUploadCheck, contentType: string) {
    // Not stream.pipeline: destroying the request would drop the connection before our 400 is sent.
    body.on('error', (error) => check.destroy(error));
    check.on('error', () => {
      body.unpipe(check);
      body.resume();
    });
    await storage.putObject(storageKeyOf(key), body.pipe(check), { contentType });
  }

  /** Checks an announced image, records it as pending and signs a link to upload it once. */
  async function signedUpload(
    query: { file_name: string; content_type: string; size: number },
    owner: Pick<repo.NewAsset, 'collectionId' | 'pageId' | 'documentKind' | 'uploadedBy' | 'workItemId'>,
  ): Promise<ImageUploadUrlResponse> {
    const format = formatOfFileName(query.file_name);
    if (!format) throw invalidInput({ file_name: MediaErrors.UnsupportedFileType });
    if (formatOfContentType(query.content_type) !== format) {
      throw invalidInput({ content_type: MediaErrors.ContentTypeMismatch });
    }
    if (query.size > IMAGE_SIZE_LIMIT) throw invalidInput({ size: MediaErrors.TooLarge });

    const key = newAssetKey(format.extension);
    await repo.insertAssets(db, [
      { key, ...owner, contentType: format.contentType, size: query.size, state: UploadState.Pending },
    ]);
    const expires = Math.floor(clock.now().getTime() / 1000) + UPLOAD_LINK_TTL_SECONDS;
    const token = signUploadToken(
      { key, contentType: format.contentType, maxSize: query.size, expires },
      signingSecret,
    );
    return {
      upload_url: `${publicUrl}/api/uploads/${token}`,
      asset_url: assetUrlOf(key),
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  return {
    /** GET /api/author/{a}/collection/{c}/image/upload-url */
    async requestUploadUrl(
      userId: number,
      authorId: number,
      collectionId: number,
      query: ImageUploadUrlQuery,
    ): Promise<ImageUploadUrlResponse> {
      const collection = await editableCollection(userId, authorId, collectionId);
      const pageId = await documentPage(collection, query.document_kind, query.page_id);
      return signedUpload(query, {
        collectionId: collection.id,
        pageId,
        documentKind: query.document_kind,
        uploadedBy: userId,
      });
    },

    /** GET /api/user/profile-picture/upload-url: the same checks as any image, owned by the caller. */
    async requestProfilePictureUploadUrl(
      userId: number,
      query: ProfilePictureUploadQuery,
    ): Promise<ImageUploadUrlResponse> {
      return signedUpload(query, {
        collectionId: null,
        pageId: null,
        documentKind: PROFILE_PICTURE_KIND,
        uploadedBy: userId,
      });
    },

    /**
     * GET /api/workflows/items/{id}/image/upload-url: an image for a work document the caller may edit, with
     * every check of a lesson image (format from the name, matching type, the size cap, then the bytes).
     */
    async requestWorkImageUploadUrl(
      userId: number,
      itemId: number,
      query: WorkImageUploadQuery,
    ): Promise<ImageUploadUrlResponse> {
      if (!deps.workDocuments)
        throw new AppError(ErrorStatus.OperationNotAllowed, MediaErrors.NotAvailableYet);
      await deps.workDocuments.requireEditor(userId, itemId);
      return signedUpload(query, {
        collectionId: null,
        pageId: null,
        documentKind: WORK_IMAGE_KIND,
        uploadedBy: userId,
        workItemId: itemId,
      });
    },

    /** PUT /api/user/profile-picture: only a finished profile-picture upload of the caller's own. */
    async setProfilePicture(userId: number, assetUrl: string): Promise<ProfilePictureResponse> {
      const key = keyOfAssetUrl(assetUrl, publicUrl);
      if (!key) throw invalidInput({ asset_url: MediaErrors.NotAnImageUrl(assetUrl) });
      const asset = await repo.findAssetByKey(db, key);
      const isOwnPicture =
        asset?.documentKind === PROFILE_PICTURE_KIND &&
        asset.uploadedBy === userId &&
        asset.state === UploadState.Successful;
      if (!isOwnPicture) throw notFound(MediaErrors.ImageNotFound);
      await deps.profiles.setProfilePicture(userId, assetUrlOf(key));
      return { profile_pic_url: assetUrlOf(key) };
    },

    /** When an account goes: its profile pictures stop being served and their files are removed. */
    async removeProfilePictures(userId: number): Promise<void> {
      const removed = await repo.deleteAssetsOfUploader(db, userId, PROFILE_PICTURE_KIND);
      for (const asset of removed) await storage.deleteObject(storageKeyOf(asset.key));
    },

    /**
     * PUT /api/uploads/{token}: the link is the authorisation. The body must be the announced image
     * format, of the announced type, no larger than announced.
     */
    async upload(
      token: string,
      upload: { contentType: string | undefined; contentLength: number | undefined; body: Readable },
    ): Promise<UploadResponse> {
      const checked = verifyUploadToken(token, signingSecret, clock.now());
      if (!checked.ok) {
        throw forbidden(checked.reason === 'expired' ? MediaErrors.LinkExpired : MediaErrors.LinkInvalid);
      }
      const { grant } = checked;
      const asset = await repo.claimUpload(db, grant.key);
      if (!asset) {
        if (await repo.findAssetByKey(db, grant.key)) {
          throw new AppError(ErrorStatus.AlreadyExists, MediaErrors.LinkUsed);
        }
        throw forbidden(MediaErrors.LinkInvalid);
      }
      const format = formatOfContentType(grant.contentType);
      const check = format && new ImageUploadCheck(format, grant.maxSize, MediaErrors.LargerThanAnnounced);
      try {
        if (!check || formatOfContentType(upload.contentType ?? '') !== format) {
          throw new UploadRejected(MediaErrors.WrongContentType);
        }
        // An honest Content-Length lets us refuse before reading a byte.
        if (upload.contentLength !== undefined && upload.contentLength > grant.maxSize) {
          throw new UploadRejected(MediaErrors.LargerThanAnnounced);
        }
        await store(grant.key, upload.body, check, grant.contentType);
      } catch (error) {
        await repo.failUpload(db, grant.key);
        if (error instanceof UploadRejected) throw uploadFailed(error.reason);
        throw error;
      }
      await repo.completeUpload(db, grant.key, { size: check.bytes, sha256: check.sha256 });
      return { asset_url: assetUrlOf(grant.key), state: UploadState.Successful };
    },

    /** GET /api/assets/{key}: a stored image, for anyone holding its (unguessable) address. */
    async readAsset(key: string): Promise<{ asset: repo.AssetRow; object: StoredObject }> {
      const asset = ASSET_KEY_PATTERN.test(key) ? await repo.findAssetByKey(db, key) : undefined;
      if (!asset || asset.state !== UploadState.Successful) throw notFound(MediaErrors.ImageNotFound);
      const object = await storage.getObject(storageKeyOf(key));
      if (!object) throw notFound(MediaErrors.ImageNotFound);
      return { asset, object };
    },

    /** POST /api/copy-image */
    async copyImages(userId: number, request: CopyImageRequest): Promise<CopyImageResponse> {
      const source = await readableCollection(userId, request.source_author_id, request.source_collection_id);
      const target = await editableCollection(userId, request.author_id, request.collection_id);
      const kind = request.document_type;
      const pageId = await documentPage(target, kind, request.page_id);

      const keyByUrl = new Map<string, string>();
      for (const url of request.image_urls) {
        const key = keyOfAssetUrl(url, publicUrl);
        if (!key) throw invalidInput({ image_urls: MediaErrors.NotAnImageUrl(url) });
        keyByUrl.set(url, key);
      }
      const found = new Map(
        (await repo.findSuccessfulAssets(db, [...new Set(keyByUrl.values())]))
          .filter((asset) => asset.collectionId === source.id)
          .map((asset) => [asset.key, asset]),
      );
      if ([...keyByUrl.values()].some((key) => !found.has(key))) throw notFound(MediaErrors.ImageNotFound);

      const copies = new Map<string, repo.NewAsset>();
      for (const asset of found.values()) {
        const key = newAssetKey(asset.key.split('.').pop() ?? '');
        await storage.copyObject(storageKeyOf(asset.key), storageKeyOf(key), {
          contentType: asset.contentType,
        });
        copies.set(asset.key, {
          key,
          collectionId: target.id,
          pageId,
          documentKind: kind,
          uploadedBy: userId,
          contentType: asset.contentType,
          size: asset.size,
          sha256: asset.sha256,
          state: UploadState.Successful,
        });
      }
      await repo.insertAssets(db, [...copies.values()]);
      const imageUrls: Record<string, string> = {};
      for (const [url, key] of keyByUrl) {
        const copy = copies.get(key);
        if (copy) imageUrls[url] = assetUrlOf(copy.key);
      }
      return { image_urls: imageUrls };
    },
  };
}

/** The asset key of one of our image URLs: root-relative, or absolute on our own origin. */
export function keyOfAssetUrl(url: string, publicUrl: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, publicUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(publicUrl).origin || !parsed.pathname.startsWith(ASSET_URL_PREFIX))
    return null;
  const key = parsed.pathname.slice(ASSET_URL_PREFIX.length);
  return ASSET_KEY_PATTERN.test(key) ? key : null;
}

export type MediaService = ReturnType<typeof createMediaService>;
