import { DOWNLOADABLE_IMAGE_EXTENSIONS } from '@coderoom/domain';

// The image formats we store (spec 000 §5: png, jpeg, gif) and how to recognise each one by its first
// bytes, so a file's name, its declared type and its content must all agree.

export type ImageExtension = (typeof DOWNLOADABLE_IMAGE_EXTENSIONS)[number];

export interface ImageFormat {
  /** Also the extension of stored keys, so every served image passes the spec's download check. */
  extension: ImageExtension;
  contentType: string;
  signatures: Buffer[];
}

export const IMAGE_FORMATS: Record<ImageExtension, ImageFormat> = {
  png: {
    extension: 'png',
    contentType: 'image/png',
    signatures: [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  },
  jpeg: { extension: 'jpeg', contentType: 'image/jpeg', signatures: [Buffer.from([0xff, 0xd8, 0xff])] },
  gif: {
    extension: 'gif',
    contentType: 'image/gif',
    signatures: [Buffer.from('GIF87a'), Buffer.from('GIF89a')],
  },
};

/** Bytes needed to tell the formats apart: the longest signature. */
export const SIGNATURE_BYTES = 8;

/** 'jpg' is the everyday spelling of jpeg; it is stored as .jpeg. */
const EXTENSION_ALIASES: Record<string, ImageExtension> = { jpg: 'jpeg' };

export function formatOfFileName(fileName: string): ImageFormat | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = fileName.slice(dot + 1).toLowerCase();
  const canonical =
    EXTENSION_ALIASES[extension] ??
    (DOWNLOADABLE_IMAGE_EXTENSIONS as readonly string[]).find((known) => known === extension);
  return canonical ? IMAGE_FORMATS[canonical as ImageExtension] : null;
}

export function formatOfContentType(contentType: string): ImageFormat | null {
  const bare = contentType.split(';')[0]?.trim().toLowerCase();
  return Object.values(IMAGE_FORMATS).find((format) => format.contentType === bare) ?? null;
}

/** Whether the first bytes of a file are those of the given format. */
export function hasSignatureOf(format: ImageFormat, head: Buffer): boolean {
  return format.signatures.some(
    (signature) => head.length >= signature.length && head.subarray(0, signature.length).equals(signature),
  );
}
