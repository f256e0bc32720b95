import { LOGGED_IN_COOKIE } from '@coderoom/contracts';

/**
 * Whether the readable logged-in marker (spec 002 §3.9) is set. Without it nobody is signed in in this
 * browser, and the page does not ask GET /api/user/info: its 401 would be logged by the browser on every
 * public page. The server keeps the marker in step with the session (platform/auth/cookies.ts).
 */
export function hasLoggedInMarker(): boolean {
  // The server renders public pages for visitors without a session only (modules/prerender).
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${LOGGED_IN_COOKIE}=`));
}
