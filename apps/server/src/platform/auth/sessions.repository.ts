import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { type SessionRow, sessions, users } from '../../db/schema.js';
import type { DbExecutor } from '../db/database.js';

// SQL for sessions (0001_platform_and_accounts.sql); the store in sessions.ts holds the rules.

export async function insertSession(db: DbExecutor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export type LiveSessionRow = Pick<SessionRow, 'id' | 'userId' | 'state' | 'lastSeenAt' | 'expiresAt'> & {
  adminRole: number | null;
};

/**
 * The session with this id while it has not expired, with the one column of its user every request may
 * need (the platform admin role) and nothing else of the user: no password hash, no second-factor secret.
 * The foreign key deletes a user's sessions with the user.
 */
export async function findLiveSession(
  db: DbExecutor,
  id: string,
  now: Date,
): Promise<LiveSessionRow | undefined> {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      state: sessions.state,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      adminRole: users.adminRole,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function updateSession(
  db: DbExecutor,
  id: string,
  patch: Partial<Pick<SessionRow, 'state' | 'lastSeenAt' | 'expiresAt'>>,
): Promise<void> {
  await db.update(sessions).set(patch).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbExecutor, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Every session of the user, but the one named in `exceptId`. */
export async function deleteSessionsOfUser(db: DbExecutor, userId: number, exceptId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId),
    );
}

export async function deleteSessionsExpiredBefore(db: DbExecutor, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
