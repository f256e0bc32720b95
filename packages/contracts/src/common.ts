import { z } from 'zod';

/** Every error answer of the API: `{ errorText, errors? }` (spec 002 §8). */
export const ErrorBodySchema = z.object({
  errorText: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * The body of a state-changing call that takes its input from the path alone: `{}` or nothing. Anything else
 * is refused like an unknown field, so a client that sends data it thinks is used learns it is not.
 */
export const EmptyBodySchema = z.strictObject({});

export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

/** Header carrying the double-submit CSRF token; the value is read from the cookie below. */
export const CSRF_HEADER = 'x-csrf-token';
/**
 * Saves of a versioned record name the version they were based on in this header (spec 000 §7 "eTag
 * header"); the answer carries the new one in the ETag response header. A stale one is refused.
 */
export const ETAG_HEADER = 'etag';
/** The standard conditional header, accepted as well as ETAG_HEADER. */
export const IF_MATCH_HEADER = 'if-match';
export const CSRF_COOKIE = 'cr_csrf';
export const SESSION_COOKIE = 'cr_session';
/** Readable marker for the client ("logged-in marker", spec 002 §3.9); never trusted by the server. */
export const LOGGED_IN_COOKIE = 'cr_logged_in';
export const THEME_COOKIE = 'cr_theme';
