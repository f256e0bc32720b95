import { eq, sql } from 'drizzle-orm';
import { githubScholars, studentVerifications } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL of the student plan (/github-students, docs/growth.md "Student plan").

export type StudentVerificationRow = typeof studentVerifications.$inferSelect;
export type ScholarRow = typeof githubScholars.$inferSelect;

export async function findScholar(db: DbExecutor, userId: number): Promise<ScholarRow | undefined> {
  const [row] = await db.select().from(githubScholars).where(eq(githubScholars.userId, userId));
  return row;
}

export async function isSchoolEmailUsed(db: DbExecutor, schoolEmail: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: githubScholars.userId })
    .from(githubScholars)
    .where(sql`lower(${githubScholars.schoolEmail}) = lower(${schoolEmail})`);
  return row !== undefined;
}

/** A scholar row, unless the user or the school address has one already (then undefined). */
export async function insertScholar(
  db: DbExecutor,
  values: typeof githubScholars.$inferInsert,
): Promise<ScholarRow | undefined> {
  const [row] = await db.insert(githubScholars).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findVerification(
  db: DbExecutor,
  userId: number,
): Promise<StudentVerificationRow | undefined> {
  const [row] = await db.select().from(studentVerifications).where(eq(studentVerifications.userId, userId));
  return row;
}

/** Starts (or restarts) a verification: a new address or code replaces the previous one. */
export async function upsertVerification(db: DbExecutor, values: StudentVerificationRow): Promise<void> {
  await db
    .insert(studentVerifications)
    .values(values)
    .onConflictDoUpdate({
      target: studentVerifications.userId,
      set: {
        schoolEmail: values.schoolEmail,
        codeHash: values.codeHash,
        attempts: 0,
        expiresAt: values.expiresAt,
        createdAt: values.createdAt,
      },
    });
}

export async function countWrongAttempt(db: DbExecutor, userId: number): Promise<void> {
  await db
    .update(studentVerifications)
    .set({ attempts: sql`${studentVerifications.attempts} + 1` })
    .where(eq(studentVerifications.userId, userId));
}

export async function deleteVerification(db: DbExecutor, userId: number): Promise<void> {
  await db.delete(studentVerifications).where(eq(studentVerifications.userId, userId));
}

export async function setScholarSubscription(
  db: DbExecutor,
  userId: number,
  subscriptionId: number,
): Promise<void> {
  await db.update(githubScholars).set({ subscriptionId }).where(eq(githubScholars.userId, userId));
}
