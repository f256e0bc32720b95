import { CSRF_COOKIE, CSRF_HEADER } from '@coderoom/contracts';
import type { z } from 'zod';
import { ApiError } from './ApiError';
import { notifyUnauthorized, shouldRedirectOnUnauthorized } from './unauthorized';

export interface RequestOptions {
  /** Do not apply the 401 → /login rule (login forms, the user-info probe). */
  suppressUnauthorizedRedirect?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the author studio's If-Match eTag or Content-Encoding. */
  headers?: Record<string, string>;
}

declare global {
  interface Window {
    /** Requests public/early-data.js started before the app loaded, by path; each is taken once. */
    __coderoomEarly?: Record<string, Promise<Response> | undefined>;
  }
}

/** The answer public/early-data.js already asked for, if any; later calls for the same path fetch anew. */
async function takeEarlyResponse(path: string): Promise<Response | null> {
  const early = window.__coderoomEarly;
  const pending = early?.[path];
  if (!early || !pending) return null;
  early[path] = undefined;
  try {
    return await pending;
  } catch {
    return null;
  }
}

function readCookie(name: string): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The only way the web app talks to the API: JSON in and out (optionally pre-compressed), the CSRF header on every write, answers
 * checked against the contract schema, errors as ApiError.
 */
export async function apiRequest<Schema extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: Schema,
  body?: unknown,
  options: RequestOptions = {},
): Promise<z.infer<Schema>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    let token = readCookie(CSRF_COOKIE);
    if (!token) {
      // The cookie comes with any answer; a page served from cache may not have it yet.
      await fetch('/api/health', { credentials: 'same-origin' });
      token = readCookie(CSRF_COOKIE);
    }
    headers[CSRF_HEADER] = token ?? '';
  }
  const early = method === 'GET' && options.headers === undefined ? await takeEarlyResponse(path) : null;
  const response =
    early ??
    (await fetch(path, {
      method,
      headers,
      // A Blob is an already-encoded JSON body (a compressed page save); anything else is serialised here.
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    }));
  const text = await response.text();
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  if (!response.ok) {
    const error = ApiError.fromBody(response.status, payload);
    const suppress = options.suppressUnauthorizedRedirect ?? false;
    if (shouldRedirectOnUnauthorized(response.status, { suppress, search: window.location.search })) {
      notifyUnauthorized();
    }
    throw error;
  }
  return schema.parse(payload);
}
