import type { Readable } from 'node:stream';

// Where uploaded files live. Keys are relative, slash-separated names chosen by the server (never by a
// client), so drivers can map them to a path or an object name as they are.

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface Storage {
  readonly driver: 'local' | 's3';
  /**
   * Stores the whole body under the key, or nothing: a body stream that errors (a size cap, a bad
   * signature of content) leaves no object behind.
   */
  putObject(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  getObject(key: string): Promise<StoredObject | null>;
  copyObject(sourceKey: string, targetKey: string, options: { contentType: string }): Promise<void>;
  /** Removes the object; a missing one is not an error. */
  deleteObject(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Every segment starts with a letter or digit, so '.', '..' and absolute paths cannot be spelled. */
export function isValidStorageKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
