import { ErrorStatus } from '@coderoom/domain';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { AppError, PlatformMessages } from './errors.js';
import * as repo from './rateLimit.repository.js';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit against `key`; throws a 429 with Retry-After once the window's limit is passed. */
  consume(key: string, rule: RateRule, message?: string): Promise<void>;
}

/**
 * Fixed-window counters in Postgres: every API instance shares them, and a restart does not reset an
 * attacker's budget. One upsert per hit.
 */
export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  let hitsSincePurge = 0;
  return {
    async consume(key, rule, message = PlatformMessages.RateLimited) {
      const nowMs = clock.now().getTime();
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(nowMs / windowMs) * windowMs);
      const hits = await repo.countHit(db, key, windowStart);
      hitsSincePurge += 1;
      if (hitsSincePurge >= 500) {
        hitsSincePurge = 0;
        await repo.deleteWindowsBefore(db, new Date(nowMs - 24 * 60 * 60 * 1000));
      }
      if (hits > rule.limit) {
        const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - nowMs) / 1000));
        throw new AppError(ErrorStatus.RateLimit, message, undefined, { 'retry-after': String(retryAfter) });
      }
    },
  };
}
