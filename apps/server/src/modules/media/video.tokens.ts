import { signFields, verifiedFields } from './media.signing.js';

// Video links carry their own authorisation, as image upload links do (media.tokens.ts), in the same
// signed form (media.signing.ts). The purpose is part of what is signed, so an upload token is never a
// stream token and the other way round.
//
// - upload: { v: video id, e: expiry } — whoever holds it may send that video's bytes (tus) until it expires.
// - stream: { v: video id, u: viewer's user id (0 for a visitor), e: expiry } — the playlist and segments of
//   that video, for that viewer, until it expires (minutes: docs/media.md).

export type VideoTokenPurpose = 'video-upload' | 'video-stream';

export interface VideoGrant {
  videoId: number;
  /** The viewer a stream token was made for (0: a logged-out visitor); 0 on upload tokens. */
  userId: number;
  /** Expiry, in seconds since the epoch. */
  expires: number;
}

export type VideoTokenCheck = { ok: true; grant: VideoGrant } | { ok: false; reason: 'forged' | 'expired' };

export function signVideoToken(purpose: VideoTokenPurpose, grant: VideoGrant, secret: string): string {
  return signFields(purpose, { v: grant.videoId, u: grant.userId, e: grant.expires }, secret);
}

function isGrantShape(value: unknown): value is { v: number; u: number; e: number } {
  if (value === null || typeof value !== 'object') return false;
  const { v, u, e } = value as Record<string, unknown>;
  return Number.isInteger(v) && Number.isInteger(u) && Number.isInteger(e);
}

export function verifyVideoToken(
  purpose: VideoTokenPurpose,
  token: string,
  secret: string,
  now: Date,
): VideoTokenCheck {
  const parsed = verifiedFields(purpose, token, secret);
  if (!isGrantShape(parsed)) return { ok: false, reason: 'forged' };
  if (parsed.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, grant: { videoId: parsed.v, userId: parsed.u, expires: parsed.e } };
}
