import { randomBytes } from 'node:crypto';
import { ETAG_HEADER, IF_MATCH_HEADER } from '@coderoom/contracts';
import { ErrorMessages, ErrorStatus } from '@coderoom/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, invalidInput } from './errors.js';

// The one eTag scheme of every versioned record (docs/decisions.md "eTags"): the record's row stores an
// opaque token, every write replaces it with `newEtag()`, and a write names the token it was based on in
// the `eTag` request header (spec 000 §7; the standard If-Match is accepted too). The write is a
// compare-and-set on that token under the row's lock; the answer carries the new token in `ETag`.

export const EtagMessages = {
  Required: 'Send the eTag of the version you edited in the eTag header.',
} as const;

/** A fresh version token: 16 random characters, safe in a header without quoting rules. */
export function newEtag(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * The token in one header value: `abc`, `"abc"` and `W/"abc"` all name `abc` (we never hand out weak
 * tags, so the weak prefix changes nothing). Only the first of a list is read. Null when empty.
 */
export function parseEtag(value: string | string[] | undefined): string | null {
  const first = (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  if (!first) return null;
  const token = first.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
  return token === '' ? null : token;
}

/** How a token travels in the ETag response header: quoted, as HTTP writes a strong tag. */
export function formatEtag(etag: string): string {
  return `"${etag}"`;
}

/** Whether a write based on `sent` may replace the version `current`. */
export function isCurrentEtag(current: string, sent: string): boolean {
  return current === sent;
}

/** The token a write names: the eTag header, else If-Match; null when neither carries one. */
export function readEtag(request: FastifyRequest): string | null {
  return parseEtag(request.headers[ETAG_HEADER]) ?? parseEtag(request.headers[IF_MATCH_HEADER]);
}

/** The token of a write that must name one: without it the write is refused (400) before anything runs. */
export function requireEtag(request: FastifyRequest): string {
  const etag = readEtag(request);
  if (etag === null) throw invalidInput({ [ETAG_HEADER]: EtagMessages.Required });
  return etag;
}

/** Answers `body` with the record's current token in the ETag header, ready to be sent back. */
export function sendEtag<T>(reply: FastifyReply, etag: string, body: T): T {
  reply.header(ETAG_HEADER, formatEtag(etag));
  return body;
}

/**
 * A save in an editor based on a version that is no longer current: 409, which the studio answers with
 * its Conflicts dialog (spec 000 §8 "already-exists on save").
 */
export function editConflict(): AppError {
  return new AppError(ErrorStatus.AlreadyExists, ErrorMessages.ContentJustUpdated);
}

/**
 * A write to a learner's own versioned record (a note) based on an outdated version: the spec's version
 * mismatch, 505 'Version outdated' (spec 002 §8.1).
 */
export function versionOutdated(errors?: Record<string, string>): AppError {
  return new AppError(ErrorStatus.VersionMismatch, ErrorMessages.VersionOutdated, errors);
}
