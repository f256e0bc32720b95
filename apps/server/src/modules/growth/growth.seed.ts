import { REFERRAL_CREDIT_CENTS } from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './growth.repository.js';

// Demo growth data (docs/growth.md): learner@coderoom.dev has a referral code and two friends who joined
// with it, so /refer-a-friend shows a filled page. Running it again changes nothing.

export const DEMO_REFERRAL_CODE = 'LEARNER1';

export async function seedGrowthDemo(
  db: Db,
  clock: Clock,
  demo: { referrerId: number; friendIds: number[] },
): Promise<void> {
  const now = clock.now();
  await repo.insertReferralCode(db, demo.referrerId, DEMO_REFERRAL_CODE, now);
  const code = (await repo.findReferralCodeOf(db, demo.referrerId))?.code ?? DEMO_REFERRAL_CODE;
  for (const [index, friendId] of demo.friendIds.entries()) {
    await repo.insertReferral(db, {
      referrerId: demo.referrerId,
      referredUserId: friendId,
      code,
      creditCents: REFERRAL_CREDIT_CENTS,
      status: 'pending',
      createdAt: new Date(now.getTime() - (index + 1) * 86_400_000),
    });
  }
}
