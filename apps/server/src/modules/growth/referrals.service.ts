import { randomInt } from 'node:crypto';
import type { ReferralCheckResponse, ReferralSummary } from '@coderoom/contracts';
import {
  normaliseReferralCode,
  REFERRAL_CODE_PATTERN,
  REFERRAL_CREDIT_CENTS,
  REFERRAL_CREDIT_MAX_PER_PAYMENT_CENTS,
} from '@coderoom/domain';
import type { ReferralRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { GrowthErrors } from './growth.errors.js';
import * as repo from './growth.repository.js';

// Referrals (issue 17, docs/growth.md): each learner has a code; a friend who signs up with it earns the
// referrer a credit, which comes off the referrer's next payment (checkout or renewal) and is marked used
// in the transaction that writes that payment's ledger row.

/** Letters and digits a reader cannot confuse (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const usd = (cents: number) => Math.round(cents) / 100;
const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

/**
 * The credits one payment takes: whole credits, oldest first, while their sum stays under the payment's
 * total (a payment always charges something) and within the per-payment cap.
 */
export function creditsTaken(pending: readonly Pick<ReferralRow, 'creditCents'>[], totalCents: number) {
  const limit = Math.min(REFERRAL_CREDIT_MAX_PER_PAYMENT_CENTS, totalCents - 1);
  let sum = 0;
  let count = 0;
  for (const referral of pending) {
    if (sum + referral.creditCents > limit) break;
    sum += referral.creditCents;
    count += 1;
  }
  return { sum, count };
}

export interface ReferralsDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

export function createReferralsService({ db, clock, publicUrl }: ReferralsDeps) {
  /** The learner's code, made on first use (a clash with another's code draws again). */
  async function codeOf(userId: number): Promise<string> {
    const existing = await repo.findReferralCodeOf(db, userId);
    if (existing) return existing.code;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const inserted = await repo.insertReferralCode(db, userId, newCode(), clock.now());
      if (inserted) return inserted.code;
      const raced = await repo.findReferralCodeOf(db, userId);
      if (raced) return raced.code;
    }
    throw new Error('Could not draw a free referral code');
  }

  async function referrerOf(rawCode: string) {
    const code = normaliseReferralCode(rawCode);
    if (!REFERRAL_CODE_PATTERN.test(code)) return undefined;
    return repo.findReferralCode(db, code);
  }

  return {
    async summary(userId: number): Promise<ReferralSummary> {
      const code = await codeOf(userId);
      const rows = await repo.findReferralsOf(db, userId);
      const total = (status: ReferralRow['status']) =>
        rows
          .filter(({ referral }) => referral.status === status)
          .reduce((sum, { referral }) => sum + referral.creditCents, 0);
      return {
        referral_code: code,
        referral_link: `${publicUrl.replace(/\/$/, '')}/signup?ref=${code}`,
        credit_per_friend_usd: usd(REFERRAL_CREDIT_CENTS),
        credit_pending_usd: usd(total('pending')),
        credit_used_usd: usd(total('credited')),
        friends: rows.map(({ referral, fullName }) => ({
          first_name: firstName(fullName),
          joined_at: referral.createdAt.toISOString(),
          status: referral.status,
          credit_usd: usd(referral.creditCents),
          credited_at: referral.creditedAt?.toISOString() ?? null,
        })),
      };
    },

    async check(rawCode: string): Promise<ReferralCheckResponse> {
      const referrer = await referrerOf(rawCode);
      return {
        is_valid: Boolean(referrer),
        referrer_first_name: referrer ? firstName(referrer.fullName) : null,
      };
    },

    /** Sign-up checks the code before the account is made, so a typo is answered on the form. */
    async assertCode(rawCode: string): Promise<void> {
      if (!(await referrerOf(rawCode))) throw GrowthErrors.unknownReferralCode();
    },

    /** Records the friend's sign-up: the referrer's credit waits for their next payment. */
    async recordSignup(userId: number, rawCode: string): Promise<void> {
      const referrer = await referrerOf(rawCode);
      if (!referrer || referrer.userId === userId) return;
      await repo.insertReferral(db, {
        referrerId: referrer.userId,
        referredUserId: userId,
        code: referrer.code,
        creditCents: REFERRAL_CREDIT_CENTS,
        status: 'pending',
        createdAt: clock.now(),
      });
    },

    /** What the referrer's next payment of `totalCents` takes off (shown in the quote and charged less). */
    async creditFor(userId: number, totalCents: number): Promise<number> {
      if (totalCents <= 1) return 0;
      const pending = (await repo.findReferralsOf(db, userId))
        .map(({ referral }) => referral)
        .filter((referral) => referral.status === 'pending')
        .reverse();
      return creditsTaken(pending, totalCents).sum;
    },

    /**
     * In the transaction of the payment's ledger row: the credits it took are marked used, oldest first,
     * locked so two payments cannot take the same credit.
     */
    async applyCreditIn(
      tx: DbExecutor,
      payment: { id: string; userId: number; referralCreditCents: number },
    ) {
      if (payment.referralCreditCents <= 0) return;
      const pending = await repo.lockPendingReferrals(tx, payment.userId);
      const taken: number[] = [];
      let sum = 0;
      for (const referral of pending) {
        if (sum + referral.creditCents > payment.referralCreditCents) break;
        sum += referral.creditCents;
        taken.push(referral.id);
      }
      await repo.markCredited(tx, taken, payment.id, clock.now());
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
