import type { ChangeFeed } from '../db/changes.js';

/**
 * A per-process cache of rows the read path needs on every request (docs/performance.md, "Caches"),
 * kept right by the change feed: its owner drops entries on the topics that can change them, and the
 * whole cache empties when the feed may have missed something. While the feed is not live (before it
 * starts, while its connection is down, or without a feed at all) every read goes to the database.
 *
 * A load that races a change is not kept: if anything was dropped while the statement ran, its answer
 * may predate the write, so it serves this one request and the next one reads again. At most
 * `maxEntries` are kept, the least recently used going first. Entries may belong to a group (a user, a
 * collection) so that one notification drops all of the group's entries without a scan.
 */
export interface FeedCache<K, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  delete(key: K): void;
  /** Drops every entry of the group (the `groupOf` given at creation). */
  deleteGroup(group: string): void;
  deleteWhere(predicate: (value: V, key: K) => boolean): void;
  clear(): void;
}

export function createFeedCache<K, V>(
  changes: Pick<ChangeFeed, 'isLive' | 'onReset'> | undefined,
  options: { maxEntries: number; groupOf?: (key: K) => string },
): FeedCache<K, V> {
  const entries = new Map<K, V>();
  const groups = new Map<string, Set<K>>();
  // Moves on every drop: a load that saw it move keeps its answer to itself.
  let generation = 0;

  const remove = (key: K) => {
    if (!entries.delete(key) || !options.groupOf) return;
    const group = options.groupOf(key);
    const members = groups.get(group);
    members?.delete(key);
    if (members?.size === 0) groups.delete(group);
  };
  const store = (key: K, value: V) => {
    remove(key);
    entries.set(key, value);
    if (options.groupOf) {
      const group = options.groupOf(key);
      const members = groups.get(group) ?? new Set<K>();
      members.add(key);
      groups.set(group, members);
    }
    while (entries.size > options.maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      remove(oldest.value);
    }
  };
  const clear = () => {
    generation += 1;
    entries.clear();
    groups.clear();
  };
  changes?.onReset(clear);

  return {
    async get(key, load) {
      if (!changes?.isLive()) return load();
      if (entries.has(key)) {
        const value = entries.get(key) as V;
        // Map keeps insertion order: re-inserting marks the entry as the most recently used.
        entries.delete(key);
        entries.set(key, value);
        return value;
      }
      const startedAt = generation;
      const value = await load();
      if (generation === startedAt && changes.isLive()) store(key, value);
      return value;
    },
    delete(key) {
      generation += 1;
      remove(key);
    },
    deleteGroup(group) {
      generation += 1;
      for (const key of groups.get(group) ?? []) entries.delete(key);
      groups.delete(group);
    },
    deleteWhere(predicate) {
      generation += 1;
      for (const [key, value] of entries) if (predicate(value, key)) remove(key);
    },
    clear,
  };
}
