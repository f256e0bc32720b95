import type { Clock } from '../clock.js';

/**
 * An in-process map with a size bound (least recently used entries go first) and, optionally, a time to
 * live read from the injected clock. For derived data only: what it holds must be fetchable again, and
 * whatever can change under it is dropped by its owner (docs/performance.md, "Caches").
 */
export interface BoundedCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  /** Drops every entry the predicate names. */
  deleteWhere(predicate: (value: V, key: K) => boolean): void;
  clear(): void;
  readonly size: number;
}

export function createBoundedCache<K, V>(options: {
  maxEntries: number;
  ttlMs?: number;
  clock?: Clock;
}): BoundedCache<K, V> {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  const now = () => (options.clock ? options.clock.now().getTime() : Date.now());
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (options.ttlMs !== undefined && entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: options.ttlMs === undefined ? Infinity : now() + options.ttlMs });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(predicate) {
      for (const [key, entry] of entries) if (predicate(entry.value, key)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
