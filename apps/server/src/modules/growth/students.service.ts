import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { StudentConfirmRequest, StudentStartRequest, StudentStatus } from '@coderoom/contracts';
import {
  isSchoolAddress,
  STUDENT_CODE_MAX_ATTEMPTS,
  STUDENT_CODE_TTL_MS,
  STUDENT_PLAN_KEY,
} from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { ComplimentaryPlansService } from '../commerce/complimentary.service.js';
import { StudentErrors } from './students.errors.js';
import * as repo from './students.repository.js';

// The student plan (/github-students, docs/growth.md "Student plan"). A signed-in learner names a school
// address (its domain on the configured list); the worker mails a six-digit code to it; entering the code
// proves the learner reads that mailbox. Then, in one transaction, the learner becomes a scholar (segment
// step 4) and gets the free plan. One school address verifies one account; one account gets it once.

export const STUDENT_CODE_MAIL_JOB = 'growth.student_code_mail';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export interface StudentsDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  plans: ComplimentaryPlansService;
  /** Domains a school address may be at (or below): STUDENT_EMAIL_DOMAINS. */
  schoolDomains: readonly string[];
  publicUrl: string;
}

export function createStudentsService({
  db,
  clock,
  jobs,
  mailer,
  plans,
  schoolDomains,
  publicUrl,
}: StudentsDeps) {
  // The code is made when the mail goes, so it is only ever in the e-mail (the job's payload holds none).
  jobs.handle(STUDENT_CODE_MAIL_JOB, async (payload) => {
    const userId = (payload as { userId?: unknown } | null)?.userId;
    if (typeof userId !== 'number') return;
    const pending = await repo.findVerification(db, userId);
    if (!pending || (await repo.findScholar(db, userId))) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = clock.now();
    await repo.upsertVerification(db, {
      ...pending,
      codeHash: hashCode(code),
      expiresAt: new Date(now.getTime() + STUDENT_CODE_TTL_MS),
      createdAt: now,
    });
    await mailer.send({
      to: pending.schoolEmail,
      subject: 'Your Coderoom student confirmation code',
      text: [
        `Your confirmation code is ${code}.`,
        '',
        `Enter it on ${publicUrl}/github-students within ${STUDENT_CODE_TTL_MS / 60_000} minutes to receive the free student plan.`,
        'If you did not ask for it, ignore this e-mail.',
      ].join('\n'),
    });
  });

  async function assertEligible(userId: number): Promise<void> {
    if (await repo.findScholar(db, userId)) throw StudentErrors.alreadyScholar();
    if (await plans.hasCurrentPlan(userId)) throw StudentErrors.hasPlan();
  }

  async function status(userId: number): Promise<StudentStatus> {
    const scholar = await repo.findScholar(db, userId);
    const pending = scholar ? undefined : await repo.findVerification(db, userId);
    const planExpiresAt = scholar?.verifiedAt
      ? new Date(new Date(scholar.verifiedAt).setUTCMonth(scholar.verifiedAt.getUTCMonth() + 12))
      : null;
    return {
      state: scholar ? 'verified' : pending ? 'pending' : 'none',
      school_email: scholar?.schoolEmail ?? pending?.schoolEmail ?? null,
      code_expires_at: pending ? pending.expiresAt.toISOString() : null,
      verified_at: scholar ? scholar.verifiedAt.toISOString() : null,
      plan_key: STUDENT_PLAN_KEY,
      plan_expires_at: scholar?.subscriptionId && planExpiresAt ? planExpiresAt.toISOString() : null,
    };
  }

  return {
    status,

    async start(userId: number, input: StudentStartRequest): Promise<StudentStatus> {
      await assertEligible(userId);
      const schoolEmail = input.school_email.trim().toLowerCase();
      if (!isSchoolAddress(schoolEmail, schoolDomains)) throw StudentErrors.notSchoolAddress();
      if (await repo.isSchoolEmailUsed(db, schoolEmail)) throw StudentErrors.addressUsed();
      const now = clock.now();
      await db.transaction(async (tx) => {
        // No code yet (an empty hash matches nothing): the mail job makes it.
        await repo.upsertVerification(tx, {
          userId,
          schoolEmail,
          codeHash: '',
          attempts: 0,
          expiresAt: new Date(now.getTime() + STUDENT_CODE_TTL_MS),
          createdAt: now,
        });
        await jobs.enqueue(tx, STUDENT_CODE_MAIL_JOB, { userId });
      });
      return status(userId);
    },

    async confirm(userId: number, input: StudentConfirmRequest): Promise<StudentStatus> {
      await assertEligible(userId);
      const pending = await repo.findVerification(db, userId);
      if (!pending || pending.codeHash === '') throw StudentErrors.noPendingCode();
      if (pending.attempts >= STUDENT_CODE_MAX_ATTEMPTS) throw StudentErrors.tooManyAttempts();
      if (pending.expiresAt.getTime() <= clock.now().getTime()) throw StudentErrors.codeExpired();
      const given = Buffer.from(hashCode(input.code));
      if (!timingSafeEqual(given, Buffer.from(pending.codeHash))) {
        await repo.countWrongAttempt(db, userId);
        throw StudentErrors.codeWrong();
      }
      const granted = await db.transaction(async (tx) => {
        const now = clock.now();
        const scholar = await repo.insertScholar(tx, {
          userId,
          verifiedAt: now,
          schoolEmail: pending.schoolEmail,
        });
        // Another account confirmed this address first (or this one, in a parallel request).
        if (!scholar) return false;
        const subscription = await plans.grantIn(tx, userId, STUDENT_PLAN_KEY, 'student');
        await repo.setScholarSubscription(tx, userId, subscription.id);
        await repo.deleteVerification(tx, userId);
        return true;
      });
      if (!granted) throw StudentErrors.addressUsed();
      return status(userId);
    },
  };
}

export type StudentsService = ReturnType<typeof createStudentsService>;
