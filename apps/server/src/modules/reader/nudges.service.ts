import type { NudgeInteractionRequest, NudgeState } from '@coderoom/contracts';
import { NUDGE_LOG_RATE, NUDGE_TYPES, type NudgeType } from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import * as repo from './nudges.repository.js';

export interface NudgesDeps {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
}

/** The reader's nudges as one learner met them: the log, and which nudges never to show again. */
export function createNudgesService({ db, clock, rateLimiter }: NudgesDeps) {
  async function state(userId: number): Promise<NudgeState> {
    const dismissed = await repo.findDismissedNudgeTypes(db, userId);
    return {
      dismissed: dismissed.filter((type): type is NudgeType => (NUDGE_TYPES as string[]).includes(type)),
    };
  }

  return {
    state,

    /** Logs one interaction and answers the learner's state, so a dismissal is known at once. */
    async log(userId: number, input: NudgeInteractionRequest): Promise<NudgeState> {
      await rateLimiter.consume(`nudges:user:${userId}`, NUDGE_LOG_RATE);
      await repo.insertNudgeInteraction(db, {
        userId,
        nudgeType: input.nudge_type,
        interaction: input.interaction,
        text: input.text,
        createdAt: clock.now(),
      });
      return state(userId);
    },
  };
}

export type NudgesService = ReturnType<typeof createNudgesService>;
