// Streak rules, pure so they can be checked without a database. Days are calendar dates "YYYY-MM-DD"
// in the learner's time zone; weeks run Monday to Sunday.

/** The calendar date of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Date arithmetic on calendar dates only, so daylight-saving changes cannot shift a day. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** Monday of the week holding `day`. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

export interface StreakSummary {
  currentStreak: number;
  longestStreak: number;
  daysActiveThisWeek: number;
  weekDays: Array<{ date: string; active: boolean }>;
}

/**
 * `activeDays` are the days with at least one completed lesson. The current streak is the run of
 * consecutive active days ending today, or ending yesterday while today is still open.
 */
export function summarizeStreak(activeDays: readonly string[], today: string): StreakSummary {
  const active = new Set(activeDays.filter((day) => day <= today));
  const sorted = [...active].sort();

  let longestStreak = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of sorted) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    longestStreak = Math.max(longestStreak, run);
    previous = day;
  }

  let currentStreak = 0;
  let cursor = active.has(today) ? today : addDays(today, -1);
  while (active.has(cursor)) {
    currentStreak += 1;
    cursor = addDays(cursor, -1);
  }

  const monday = weekStart(today);
  const weekDays = Array.from({ length: 7 }, (_, index) => {
    const date = addDays(monday, index);
    return { date, active: active.has(date) };
  });
  return {
    currentStreak,
    longestStreak,
    daysActiveThisWeek: weekDays.filter((day) => day.active).length,
    weekDays,
  };
}
