import { z } from 'zod';

/** Every error answer of the API: `{ errorText, errors? }` (spec 002 §8). */
export const ErrorBodySchema = z.object({
  errorText: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

/** Header carrying the double-submit CSRF token; the value is read from the cookie below. */
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'cr_csrf';
export const SESSION_COOKIE = 'cr_session';
/** Readable marker for the client ("logged-in marker", spec 002 §3.9); never trusted by the server. */
export const LOGGED_IN_COOKIE = 'cr_logged_in';
export const THEME_COOKIE = 'cr_theme';
