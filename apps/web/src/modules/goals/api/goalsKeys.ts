/** Query keys of weekly goals and streaks. */
export const goalsKeys = {
  all: ['goals'] as const,
  goal: ['goals', 'weekly-goal'] as const,
  streak: (timeZone: string | null) => ['goals', 'streak', timeZone] as const,
};
