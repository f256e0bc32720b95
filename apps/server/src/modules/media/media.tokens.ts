import { signFields, verifiedFields } from './media.signing.js';

// Upload links carry their own authorisation: a description of the one upload they allow, signed with
// the server's secret (HMAC-SHA256, media.signing.ts). Anyone holding the link may PUT that file until it
// expires, as with a presigned S3 URL; nothing else can be done with it, and changing any byte breaks the
// signature.

export interface UploadGrant {
  /** The asset key the bytes are stored under. */
  key: string;
  contentType: string;
  /** The most bytes accepted. */
  maxSize: number;
  /** Expiry, in seconds since the epoch. */
  expires: number;
}

export type UploadTokenCheck = { ok: true; grant: UploadGrant } | { ok: false; reason: 'forged' | 'expired' };

export function signUploadToken(grant: UploadGrant, secret: string): string {
  return signFields(
    'upload',
    { k: grant.key, t: grant.contentType, m: grant.maxSize, e: grant.expires },
    secret,
  );
}

function isGrantShape(value: unknown): value is { k: string; t: string; m: number; e: number } {
  if (value === null || typeof value !== 'object') return false;
  const { k, t, m, e } = value as Record<string, unknown>;
  return typeof k === 'string' && typeof t === 'string' && Number.isInteger(m) && Number.isInteger(e);
}

export function verifyUploadToken(token: string, secret: string, now: Date): UploadTokenCheck {
  const parsed = verifiedFields('upload', token, secret);
  if (!isGrantShape(parsed)) return { ok: false, reason: 'forged' };
  if (parsed.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, grant: { key: parsed.k, contentType: parsed.t, maxSize: parsed.m, expires: parsed.e } };
}
