import { createBoundedCache } from '../cache/boundedCache.js';
import type { Clock } from '../clock.js';
import type { ChangeFeed } from '../db/changes.js';
import type { Db, DbExecutor } from '../db/database.js';
import * as repo from './sessions.repository.js';
import { hashToken, newToken } from './tokens.js';

export type SessionState = 'active' | 'pending_two_factor';

export interface SessionContext {
  sessionId: string;
  userId: number;
  state: SessionState;
  /** The user's platform admin role (users.admin_role), read with the session: null for everyone else. */
  adminRole: number | null;
}

const ACTIVE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// A half-finished two-factor login is only good for setting up or entering the code.
const PENDING_TTL_MS = 10 * 60 * 1000;
// last_seen_at is refreshed at most this often, so reads do not turn into a write per request.
const TOUCH_INTERVAL_MS = 60 * 1000;
/**
 * A resolved session is kept in process this long, so a burst of requests costs one lookup. Revocations
 * reach every process at once through the change feed (platform/db/changes.ts); the time limit covers
 * what the feed does not name (an admin role granted by hand in SQL).
 */
const CACHE_TTL_MS = 5 * 1000;
const CACHE_MAX_ENTRIES = 10_000;

export interface SessionStore {
  create(
    executor: DbExecutor,
    input: { userId: number; state: SessionState; ip: string | null; userAgent: string | null },
  ): Promise<string>;
  resolve(token: string): Promise<SessionContext | null>;
  activate(executor: DbExecutor, sessionId: string): Promise<void>;
  revoke(sessionId: string): Promise<void>;
  revokeAllForUser(executor: DbExecutor, userId: number, exceptSessionId?: string): Promise<void>;
}

export function createSessionStore(db: Db, clock: Clock, changes: ChangeFeed): SessionStore {
  // Keyed by the token's hash (the session id): a token never sits in memory longer than its request.
  const cache = createBoundedCache<string, { context: SessionContext; expiresAt: number }>({
    maxEntries: CACHE_MAX_ENTRIES,
    ttlMs: CACHE_TTL_MS,
    clock,
  });
  changes.on('session', (sessionId) => cache.delete(sessionId));
  changes.on('user', (userId) => cache.deleteWhere((entry) => String(entry.context.userId) === userId));
  changes.onReset(() => cache.clear());

  return {
    async create(executor, { userId, state, ip, userAgent }) {
      const token = newToken();
      const now = clock.now();
      const ttl = state === 'active' ? ACTIVE_TTL_MS : PENDING_TTL_MS;
      await repo.insertSession(executor, {
        id: hashToken(token),
        userId,
        state,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + ttl),
        ip,
        userAgent: userAgent?.slice(0, 512) ?? null,
      });
      return token;
    },

    async resolve(token) {
      const id = hashToken(token);
      const now = clock.now();
      const cached = changes.isLive() ? cache.get(id) : undefined;
      if (cached && cached.expiresAt > now.getTime()) return cached.context;
      const row = await repo.findLiveSession(db, id, now);
      if (!row) return null;
      const context: SessionContext = {
        sessionId: row.id,
        userId: row.userId,
        state: row.state,
        adminRole: row.adminRole,
      };
      let expiresAt = row.expiresAt;
      if (row.state === 'active' && now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        // Sliding expiry: an active session lives 30 days past its last use.
        expiresAt = new Date(now.getTime() + ACTIVE_TTL_MS);
        await repo.updateSession(db, id, { lastSeenAt: now, expiresAt });
      }
      if (changes.isLive()) cache.set(id, { context, expiresAt: expiresAt.getTime() });
      return context;
    },

    async activate(executor, sessionId) {
      const now = clock.now();
      await repo.updateSession(executor, sessionId, {
        state: 'active',
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + ACTIVE_TTL_MS),
      });
      await changes.publish(executor, 'session', sessionId);
    },

    async revoke(sessionId) {
      await repo.deleteSession(db, sessionId);
      await changes.publish(db, 'session', sessionId);
    },

    async revokeAllForUser(executor, userId, exceptSessionId) {
      await repo.deleteSessionsOfUser(executor, userId, exceptSessionId);
      await changes.publish(executor, 'user', userId);
    },
  };
}

/** Removes expired sessions; called from time to time rather than on every request. */
export async function purgeExpiredSessions(db: Db, clock: Clock): Promise<void> {
  await repo.deleteSessionsExpiredBefore(db, clock.now());
}
