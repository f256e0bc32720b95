import { createHmac, timingSafeEqual } from 'node:crypto';

// Upload links carry their own authorisation: a description of the one upload they allow, signed with
// the server's secret (HMAC-SHA256). Anyone holding the link may PUT that file until it expires, as with
// a presigned S3 URL; nothing else can be done with it, and changing any byte breaks the signature.

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

function signatureOf(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`upload:${payload}`).digest();
}

export function signUploadToken(grant: UploadGrant, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify({ k: grant.key, t: grant.contentType, m: grant.maxSize, e: grant.expires }),
  ).toString('base64url');
  return `${payload}.${signatureOf(payload, secret).toString('base64url')}`;
}

function isGrantShape(value: unknown): value is { k: string; t: string; m: number; e: number } {
  if (value === null || typeof value !== 'object') return false;
  const { k, t, m, e } = value as Record<string, unknown>;
  return typeof k === 'string' && typeof t === 'string' && Number.isInteger(m) && Number.isInteger(e);
}

export function verifyUploadToken(token: string, secret: string, now: Date): UploadTokenCheck {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'forged' };
  const expected = signatureOf(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'forged' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (!isGrantShape(parsed)) return { ok: false, reason: 'forged' };
  if (parsed.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, grant: { key: parsed.k, contentType: parsed.t, maxSize: parsed.m, expires: parsed.e } };
}
