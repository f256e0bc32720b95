import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  emailChangeTokens,
  loginFailures,
  passwordResetTokens,
  type UserRow,
  users,
} from '../../db/schema.js';
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
  values: {
    email: string;
    fullName: string;
    passwordHash: string;
    adminRole?: number | null;
    isAuthor?: boolean;
    nextOnboardingStage?: string | null;
  },
): Promise<UserRow | undefined> {
  // ON CONFLICT keeps two simultaneous sign-ups for one address from both succeeding.
  const [row] = await db
    .insert(users)
    .values({
      email: values.email,
      fullName: values.fullName,
      passwordHash: values.passwordHash,
      adminRole: values.adminRole ?? null,
      isAuthor: values.isAuthor ?? false,
      nextOnboardingStage: values.nextOnboardingStage ?? null,
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

export async function findLoginLock(db: DbExecutor, emailKey: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.emailKey, emailKey))
    .limit(1);
  return row?.lockedUntil ?? null;
}

/**
 * Counts a failed login for an address in one upsert, and locks it when the count reaches the limit. A
 * count whose last failure is older than `freshSince` starts again from one.
 */
export async function recordLoginFailure(
  db: DbExecutor,
  emailKey: string,
  options: { maxAttempts: number; now: Date; lockUntil: Date; freshSince: Date },
): Promise<Date | null> {
  const count = sql`CASE WHEN ${loginFailures.updatedAt} < ${options.freshSince.toISOString()}::timestamptz
    THEN 1 ELSE ${loginFailures.failures} + 1 END`;
  const [row] = await db
    .insert(loginFailures)
    .values({
      emailKey,
      failures: 1,
      lockedUntil: options.maxAttempts <= 1 ? options.lockUntil : null,
      updatedAt: options.now,
    })
    .onConflictDoUpdate({
      target: loginFailures.emailKey,
      set: {
        failures: count,
        lockedUntil: sql`CASE WHEN ${count} >= ${options.maxAttempts}
          THEN ${options.lockUntil.toISOString()}::timestamptz ELSE ${loginFailures.lockedUntil} END`,
        updatedAt: options.now,
      },
    })
    .returning({ lockedUntil: loginFailures.lockedUntil });
  return row?.lockedUntil ?? null;
}

export async function clearLoginFailures(db: DbExecutor, emailKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.emailKey, emailKey));
}

/**
 * Records a used one-time-code step, only if it is later than the last one used: true when this call
 * claimed it. One statement, so two logins racing with the same code cannot both win.
 */
export async function claimTotpStep(db: DbExecutor, id: number, step: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step, updatedAt: at })
    .where(and(eq(users.id, id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
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

/** The user of a reset token that is unused and unexpired, without using it up. */
export async function findLiveResetToken(
  db: DbExecutor,
  tokenHash: string,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/** Ends every outstanding reset link of a user (a newer link was sent, or the password changed). */
export async function invalidateResetTokens(db: DbExecutor, userId: number, at: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
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

export async function updateEmail(db: DbExecutor, id: number, email: string, at: Date) {
  const [row] = await db.update(users).set({ email, updatedAt: at }).where(eq(users.id, id)).returning();
  return row;
}

export async function deleteUser(db: DbExecutor, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** A newer request replaces any earlier link, so only the last address asked for can be confirmed. */
export async function replaceEmailChangeToken(
  db: DbExecutor,
  values: { tokenHash: string; userId: number; newEmail: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, values.userId));
  await db.insert(emailChangeTokens).values(values);
}

export async function findPendingEmailChange(db: DbExecutor, userId: number, now: Date) {
  const [row] = await db
    .select({ newEmail: emailChangeTokens.newEmail, expiresAt: emailChangeTokens.expiresAt })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.userId, userId),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the caller's link used and returns the address it confirms, in one statement (works once). */
export async function consumeEmailChangeToken(
  db: DbExecutor,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(emailChangeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChangeTokens.tokenHash, tokenHash),
        eq(emailChangeTokens.userId, userId),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, now),
      ),
    )
    .returning({ newEmail: emailChangeTokens.newEmail });
  return row?.newEmail ?? null;
}
