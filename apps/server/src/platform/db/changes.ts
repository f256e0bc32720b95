import { sql } from 'drizzle-orm';
import type { Database, DbExecutor } from './database.js';

/**
 * Changes that in-process caches must hear about, whichever API process made them (docs/performance.md,
 * "Caches"): sent with PostgreSQL NOTIFY in the writer's transaction, so every listener hears them when
 * (and only if) it commits; PGlite delivers the same NOTIFY inside its one process.
 */
export type ChangeTopic =
  /** A session was revoked or changed state (key: the session id). */
  | 'session'
  /** Every session of a user must be read again: logout everywhere, password change, role change (key: user id). */
  | 'user'
  /**
   * A collection as readers see it changed: its row, its versions (publish, unpublish, early access), its
   * collaborators, its price or its learner count (key: collection id).
   */
  | 'collection'
  /** What opens content to one user changed: subscriptions, purchases, memberships (key: user id). */
  | 'access'
  /** An organization's terms, subscription, members or teams changed (key: organization id). */
  | 'organization'
  /** A learner's own state changed: visits, completions, pins, certificates, widget data (key: user id). */
  | 'learner';

export interface ChangeFeed {
  /**
   * Tells every process, this one at once and the others when `executor`'s transaction commits (at
   * once outside a transaction).
   */
  publish(executor: DbExecutor, topic: ChangeTopic, key: string | number): Promise<void>;
  on(topic: ChangeTopic, handler: (key: string) => void): void;
  /** Called when changes may have been missed (the listening connection dropped): drop everything. */
  onReset(handler: () => void): void;
  /** False before start and while the listening connection is down: caches must not be trusted then. */
  isLive(): boolean;
  /**
   * Resolves once this process has heard every change committed before the call (a marker NOTIFY sent
   * now arrives after them, the queue being in commit order). Called before a state-changing request
   * answers, so the writer's next read never meets its own stale copy. Empties the caches if the marker
   * does not come back in time.
   */
  sync(executor: DbExecutor): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** How long sync waits for its marker before it gives up on the caches (empties them). */
const SYNC_TIMEOUT_MS = 2_000;

export const CHANGES_CHANNEL = 'coderoom_changes';

export function createChangeFeed(database: Pick<Database, 'listen' | 'kind'>): ChangeFeed {
  const handlers = new Map<ChangeTopic, Array<(key: string) => void>>();
  const resets: Array<() => void> = [];
  let live = false;
  let unlisten: (() => Promise<void>) | null = null;
  const markers = new Map<string, () => void>();
  let markerCount = 0;

  const deliver = (topic: ChangeTopic | 'sync', key: string) => {
    if (topic === 'sync') {
      markers.get(key)?.();
      return;
    }
    for (const handler of handlers.get(topic) ?? []) handler(key);
  };
  const reset = () => {
    for (const handler of resets) handler();
  };

  return {
    async publish(executor, topic, key) {
      deliver(topic, String(key));
      await executor.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${`${topic}:${key}`})`);
    },
    on(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    onReset(handler) {
      resets.push(handler);
    },
    isLive: () => live,
    async sync(executor) {
      // PGlite delivers at commit, before the writer's statement returns: nothing can be in flight.
      if (!live || database.kind === 'pglite') return;
      markerCount += 1;
      const marker = `${process.pid}.${markerCount}.${Math.random().toString(36).slice(2)}`;
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        markers.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      });
      try {
        await executor.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${`sync:${marker}`})`);
        if (!(await heard)) reset();
      } finally {
        clearTimeout(timer);
        markers.delete(marker);
      }
    },
    async start() {
      if (unlisten) return;
      unlisten = await database.listen(CHANGES_CHANNEL, {
        message(payload) {
          const at = payload.indexOf(':');
          if (at > 0) deliver(payload.slice(0, at) as ChangeTopic | 'sync', payload.slice(at + 1));
        },
        lost() {
          live = false;
          reset();
        },
        restored() {
          reset();
          live = true;
        },
      });
      live = true;
    },
    async stop() {
      live = false;
      reset();
      const stop = unlisten;
      unlisten = null;
      await stop?.();
    },
  };
}
