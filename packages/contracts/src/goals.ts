import { z } from 'zod';

// Weekly goals and streaks (spec 000 §1 "weekly goals and streaks"; docs/decisions.md).

// Names only: bare offsets such as "+05:30" are refused because Postgres reads their sign the other way.
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** True for IANA names the runtime knows (Europe/Berlin, UTC, …). */
export function isKnownTimeZone(name: string): boolean {
  if (name.length > 64 || !TIME_ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z
  .string()
  .refine(isKnownTimeZone, 'is not a known time zone (use an IANA name such as Europe/Berlin)');

export const WeeklyGoalRequestSchema = z.strictObject({
  days_per_week: z.number().int().min(1, 'must be between 1 and 7').max(7, 'must be between 1 and 7'),
  time_zone: timeZone,
});
export type WeeklyGoalRequest = z.infer<typeof WeeklyGoalRequestSchema>;

export const WeeklyGoalResponseSchema = z.object({
  /** Null until the learner sets a goal. */
  days_per_week: z.number().nullable(),
  time_zone: z.string().nullable(),
});
export type WeeklyGoalResponse = z.infer<typeof WeeklyGoalResponseSchema>;

/** GET /api/userdata/streak: the browser's time zone wins over the stored one for this answer. */
export const StreakQuerySchema = z.strictObject({ time_zone: timeZone.optional() });
export type StreakQuery = z.infer<typeof StreakQuerySchema>;

export const StreakResponseSchema = z.object({
  current_streak: z.number(),
  longest_streak: z.number(),
  days_active_this_week: z.number(),
  goal_days: z.number().nullable(),
  /** The time zone the days were counted in, and today's date there. */
  time_zone: z.string(),
  today: z.string(),
  /** Monday to Sunday of the current week, dates as YYYY-MM-DD in that time zone. */
  week_days: z.array(z.object({ date: z.string(), active: z.boolean() })),
});
export type StreakResponse = z.infer<typeof StreakResponseSchema>;
