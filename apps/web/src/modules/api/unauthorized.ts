import { ErrorStatus } from '@coderoom/domain';

/**
 * Spec 002 §8.2: an unauthorized answer to an ordinary call sends the user to /login, unless the page's
 * query has `ru` or the call asked to be left alone.
 */
export function shouldRedirectOnUnauthorized(
  status: number,
  options: { suppress: boolean; search: string },
): boolean {
  if (status !== ErrorStatus.Unauthorized || options.suppress) return false;
  return !new URLSearchParams(options.search).has('ru');
}

type Handler = () => void;
let handler: Handler | null = null;

/** The router registers how to go to the login page; the API client calls it. */
export function setUnauthorizedHandler(next: Handler | null): void {
  handler = next;
}

export function notifyUnauthorized(): void {
  handler?.();
}
