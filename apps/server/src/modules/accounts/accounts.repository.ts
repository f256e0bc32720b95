import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens, type UserRow, users } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for accounts and nothing else: no rules, no permission checks.

export async function findUserById(db: DbExecutor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: DbExecutor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function insertUser(
  db: DbExecutor,
  values: { email: string; fullName: string; passwordHash: string; adminRole?: number | null },
): Promise<UserRow | undefined> {
  // ON CONFLICT keeps two simultaneous sign-ups for one address from both succeeding.
  const [row] = await db
    .insert(users)
    .values({
      email: values.email,
      fullName: values.fullName,
      passwordHash: values.passwordHash,
      adminRole: values.adminRole ?? null,
      checklist: { checklist_selection: [], completion_map: {} },
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export type UserPatch = Partial<Omit<typeof users.$inferInsert, 'id' | 'email' | 'createdAt'>>;

export async function updateUser(
  db: DbExecutor,
  id: number,
  patch: UserPatch,
  at: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: at })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Counts a failed attempt atomically and locks the account when the count reaches the limit. */
export async function recordFailedLogin(
  db: DbExecutor,
  id: number,
  options: { maxAttempts: number; lockUntil: Date },
): Promise<{ failedLoginCount: number; lockedUntil: Date | null } | undefined> {
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`${users.failedLoginCount} + 1`,
      lockedUntil: sql`CASE WHEN ${users.failedLoginCount} + 1 >= ${options.maxAttempts}
        THEN ${options.lockUntil.toISOString()}::timestamptz ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, id))
    .returning({ failedLoginCount: users.failedLoginCount, lockedUntil: users.lockedUntil });
  return row;
}

export async function mergeViewedFlags(db: DbExecutor, id: number, flags: Record<string, true>, at: Date) {
  const [row] = await db
    .update(users)
    .set({ viewedFlags: sql`${users.viewedFlags} || ${JSON.stringify(flags)}::jsonb`, updatedAt: at })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function findNamesAndPictures(db: DbExecutor, ids: number[]) {
  return db
    .select({ user_id: users.id, full_name: users.fullName, profile_pic_url: users.profilePicUrl })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function insertResetToken(
  db: DbExecutor,
  values: { tokenHash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Marks a token used and returns its user in one statement, so a link works exactly once. */
export async function consumeResetToken(
  db: DbExecutor,
  tokenHash: string,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}
