import type { Clock } from '../clock.js';
import type { Db, DbExecutor } from '../db/database.js';
import * as repo from './sessions.repository.js';
import { hashToken, newToken } from './tokens.js';

export type SessionState = 'active' | 'pending_two_factor';

export interface SessionContext {
  sessionId: string;
  userId: number;
  state: SessionState;
}

const ACTIVE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// A half-finished two-factor login is only good for setting up or entering the code.
const PENDING_TTL_MS = 10 * 60 * 1000;
// last_seen_at is refreshed at most this often, so reads do not turn into a write per request.
const TOUCH_INTERVAL_MS = 60 * 1000;

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

export function createSessionStore(db: Db, clock: Clock): SessionStore {
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
      const row = await repo.findLiveSession(db, id, now);
      if (!row) return null;
      if (row.state === 'active' && now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        // Sliding expiry: an active session lives 30 days past its last use.
        await repo.updateSession(db, id, {
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + ACTIVE_TTL_MS),
        });
      }
      return { sessionId: row.id, userId: row.userId, state: row.state };
    },

    async activate(executor, sessionId) {
      const now = clock.now();
      await repo.updateSession(executor, sessionId, {
        state: 'active',
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + ACTIVE_TTL_MS),
      });
    },

    async revoke(sessionId) {
      await repo.deleteSession(db, sessionId);
    },

    async revokeAllForUser(executor, userId, exceptSessionId) {
      await repo.deleteSessionsOfUser(executor, userId, exceptSessionId);
    },
  };
}

/** Removes expired sessions; called from time to time rather than on every request. */
export async function purgeExpiredSessions(db: Db, clock: Clock): Promise<void> {
  await repo.deleteSessionsExpiredBefore(db, clock.now());
}
