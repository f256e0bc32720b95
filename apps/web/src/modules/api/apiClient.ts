import { CSRF_COOKIE, CSRF_HEADER } from '@coderoom/contracts';
import type { z } from 'zod';
import { ApiError } from './ApiError';
import { transport } from './transport';
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
  if (typeof window === 'undefined') return null;
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

/** The CSRF token for a write; the cookie comes with any answer, and a page served from cache may lack it. */
async function csrfToken(): Promise<string> {
  let token = readCookie(CSRF_COOKIE);
  if (!token) {
    await fetch('/api/health', { credentials: 'same-origin' });
    token = readCookie(CSRF_COOKIE);
  }
  return token ?? '';
}

/** An error answer as an ApiError; a 401 sends the user to log in unless the caller said otherwise. */
function failure(status: number, payload: unknown, options: RequestOptions): ApiError {
  const suppress = options.suppressUnauthorizedRedirect ?? false;
  const search = typeof window === 'undefined' ? '' : window.location.search;
  if (shouldRedirectOnUnauthorized(status, { suppress, search })) notifyUnauthorized();
  return ApiError.fromBody(status, payload);
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
  if (method !== 'GET') headers[CSRF_HEADER] = await csrfToken();
  const early = method === 'GET' && options.headers === undefined ? await takeEarlyResponse(path) : null;
  const response =
    early ??
    (await transport.fetch(path, {
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
  if (!response.ok) throw failure(response.status, payload, options);
  return schema.parse(payload);
}

/**
 * A POST whose answer is newline-delimited JSON, read as it arrives: each line is checked against `schema`
 * and handed to `onEvent`. An error answer (plain JSON, sent before any stream starts) throws ApiError like
 * `apiRequest`.
 */
export async function apiStream<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  body: unknown,
  onEvent: (event: z.infer<Schema>) => void,
  options: RequestOptions & { streamType: string },
): Promise<void> {
  const response = await fetch(path, {
    method: 'POST',
    headers: {
      accept: options.streamType,
      'content-type': 'application/json',
      [CSRF_HEADER]: await csrfToken(),
    },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (!response.ok) {
    let payload: unknown = null;
    try {
      payload = await response.json();
    } catch {
      payload = null;
    }
    throw failure(response.status, payload, options);
  }
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith(options.streamType)) {
    throw new ApiError(response.status, 'The answer was not a stream.', {});
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) pending += value;
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line) onEvent(schema.parse(JSON.parse(line)));
      newline = pending.indexOf('\n');
    }
    if (done) break;
  }
  if (pending.trim()) onEvent(schema.parse(JSON.parse(pending)));
}
