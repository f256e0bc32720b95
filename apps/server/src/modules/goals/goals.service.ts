import type { StreakQuery, StreakResponse, WeeklyGoalRequest, WeeklyGoalResponse } from '@coderoom/contracts';
import type { LearningGoalRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './goals.repository.js';
import { dayIn, summarizeStreak } from './goals.streak.js';

export interface GoalsDeps {
  db: Db;
  clock: Clock;
}

/** Days are counted in UTC for a learner whose browser never told us their time zone. */
const FALLBACK_TIME_ZONE = 'UTC';

function presentGoal(row: LearningGoalRow | undefined): WeeklyGoalResponse {
  return { days_per_week: row?.daysPerWeek ?? null, time_zone: row?.timeZone ?? null };
}

export function createGoalsService({ db, clock }: GoalsDeps) {
  return {
    async getGoal(userId: number): Promise<WeeklyGoalResponse> {
      return presentGoal(await repo.findGoal(db, userId));
    },

    async setGoal(userId: number, input: WeeklyGoalRequest): Promise<WeeklyGoalResponse> {
      const row = await repo.upsertGoal(
        db,
        userId,
        { daysPerWeek: input.days_per_week, timeZone: input.time_zone },
        clock.now(),
      );
      return presentGoal(row);
    },

    /** The browser's current time zone (when sent) wins, so a travelling learner's "today" is theirs. */
    async streak(userId: number, query: StreakQuery): Promise<StreakResponse> {
      const goal = await repo.findGoal(db, userId);
      const timeZone = query.time_zone ?? goal?.timeZone ?? FALLBACK_TIME_ZONE;
      const days = await repo.activeDays(db, userId, timeZone);
      const today = dayIn(clock.now(), timeZone);
      const summary = summarizeStreak(days, today);
      return {
        current_streak: summary.currentStreak,
        longest_streak: summary.longestStreak,
        days_active_this_week: summary.daysActiveThisWeek,
        goal_days: goal?.daysPerWeek ?? null,
        time_zone: timeZone,
        today,
        week_days: summary.weekDays,
      };
    },
  };
}

export type GoalsService = ReturnType<typeof createGoalsService>;
