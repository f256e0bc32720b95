import { z } from 'zod';

// Images in content (spec 000 §7 "Image upload-URL GET endpoints", "POST /api/copy-image"; §4 upload
// states; §8 ASSET_UPLOAD_FAILED). Decisions in docs/authoring.md "Media".

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** `page_id=` arrives empty from clients that have no page; empty means absent. */
const optionalId = z.preprocess((value) => (value === '' ? undefined : value), id.optional());

/** Upload states (spec 000 §4). */
export const UploadState = {
  Pending: 'pending',
  Failed: 'failed',
  Uploading: 'uploading',
  Successful: 'successful',
} as const;
export type UploadState = (typeof UploadState)[keyof typeof UploadState];

/** The documents an image can belong to; the last four answer 400 until their areas exist. */
export const ImageDocumentKindSchema = z.enum([
  'collection',
  'page',
  'concept',
  'cloud_lab',
  'shot',
  'marketing_page',
  'workflow_page',
]);
export type ImageDocumentKind = z.infer<typeof ImageDocumentKindSchema>;

/** Asset keys: 32 random lowercase characters and the image format. */
export const ASSET_KEY_PATTERN = /^[a-z0-9]{32}\.(png|jpeg|gif)$/;
/** Where stored images are served; asset URLs are this path plus the key. */
export const ASSET_URL_PREFIX = '/api/assets/';

/** Our uploaded images, root-relative: `/api/assets/{key}`. */
export function isAssetUrl(url: string): boolean {
  return url.startsWith(ASSET_URL_PREFIX) && ASSET_KEY_PATTERN.test(url.slice(ASSET_URL_PREFIX.length));
}

/**
 * An image address an author may store for others to load (a course cover): one of our uploaded
 * images, or an https image elsewhere. Nothing else: a `javascript:` or `data:` URL, plain http, a
 * relative path into our API (`/api/user/…` would be fetched with the reader's cookies), a URL with
 * credentials. An https URL naming a path under `/api/` is refused too, whatever its host, so a cover
 * can never point at our own API except at an asset.
 */
export function isAuthorImageUrl(url: string): boolean {
  if (isAssetUrl(url)) return true;
  if (!/^https:\/\//i.test(url) || /[\s<>"'`\\]/.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname).toLowerCase();
  } catch {
    return false;
  }
  if (path.startsWith('/api/')) return isAssetUrl(parsed.pathname);
  return true;
}

export const AUTHOR_IMAGE_URL_MESSAGE = 'Use an uploaded image or an https:// image address.';

/** An author-supplied image URL field (see `isAuthorImageUrl`). */
export const AuthorImageUrlSchema = z
  .string()
  .trim()
  .max(2_000)
  .refine(isAuthorImageUrl, AUTHOR_IMAGE_URL_MESSAGE);

export const ImageUploadUrlParamsSchema = z.strictObject({ authorId: id, collectionId: id });

/** GET /api/author/{a}/collection/{c}/image/upload-url */
export const ImageUploadUrlQuerySchema = z.strictObject({
  document_kind: ImageDocumentKindSchema,
  page_id: optionalId,
  file_name: z.string().trim().min(1).max(255),
  content_type: z.string().trim().toLowerCase().min(1).max(100),
  size: z.coerce.number().int().positive(),
});
export type ImageUploadUrlQuery = z.infer<typeof ImageUploadUrlQuerySchema>;

export interface ImageUploadUrlResponse {
  /** PUT the file's bytes here with the same Content-Type, before expires_at. */
  upload_url: string;
  /** Where the image will be served once uploaded (a root-relative URL, for Markdown images). */
  asset_url: string;
  expires_at: string;
}

/** The token is the rest of the path (a wildcard parameter). */
export const UploadTokenParamsSchema = z.strictObject({ '*': z.string().min(1).max(1024) });

/** PUT /api/uploads/{token} */
export interface UploadResponse {
  asset_url: string;
  state: typeof UploadState.Successful;
}

/** Any other spelling of a key is simply not found. */
export const AssetParamsSchema = z.strictObject({ key: z.string().max(100) });

/** POST /api/copy-image: copies images the caller can read into a collection the caller can edit. */
export const CopyImageRequestSchema = z.strictObject({
  source_author_id: id,
  source_collection_id: id,
  source_page_id: id.nullable().optional(),
  author_id: id,
  collection_id: id,
  page_id: id.nullable().optional(),
  document_type: ImageDocumentKindSchema.default('page'),
  image_urls: z.array(z.string().trim().min(1).max(2048)).min(1).max(100),
});
export type CopyImageRequest = z.infer<typeof CopyImageRequestSchema>;

export interface CopyImageResponse {
  /** Each URL sent, mapped to the URL of its copy. */
  image_urls: Record<string, string>;
}
