import { createHmac, timingSafeEqual } from 'node:crypto';

// The one signing scheme of media links (image uploads, video uploads, video streams): a small JSON
// object, base64url, then a dot and its HMAC-SHA256 under the server's secret. The purpose is signed with
// it, so a token made for one use never passes as another.

function signatureOf(purpose: string, payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}:${payload}`).digest();
}

export function signFields(purpose: string, fields: Record<string, unknown>, secret: string): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${signatureOf(purpose, payload, secret).toString('base64url')}`;
}

/** The signed object, or null when the token is malformed or its signature is not ours for this purpose. */
export function verifiedFields(purpose: string, token: string, secret: string): unknown {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = signatureOf(purpose, payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
