import { describe, expect, it } from 'vitest';
import { addDays, dayIn, summarizeStreak, weekStart } from './goals.streak.js';

describe('dayIn', () => {
  it('reads the calendar date in the given time zone', () => {
    const instant = new Date('2024-03-10T07:30:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2024-03-10');
    expect(dayIn(instant, 'America/Los_Angeles')).toBe('2024-03-09');
    expect(dayIn(new Date('2024-03-10T20:00:00Z'), 'Pacific/Kiritimati')).toBe('2024-03-11');
  });
});

describe('calendar arithmetic', () => {
  it('crosses month and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2024-03-10')).toBe('2024-03-04'); // a Sunday
    expect(weekStart('2024-03-04')).toBe('2024-03-04');
  });
});

describe('summarizeStreak', () => {
  const today = '2024-03-13'; // a Wednesday

  it('counts the run ending today', () => {
    const summary = summarizeStreak(['2024-03-11', '2024-03-12', '2024-03-13'], today);
    expect(summary.currentStreak).toBe(3);
    expect(summary.longestStreak).toBe(3);
  });

  it('keeps a run ending yesterday alive while today is open', () => {
    expect(summarizeStreak(['2024-03-11', '2024-03-12'], today).currentStreak).toBe(2);
  });

  it('breaks the run after a day without learning', () => {
    const summary = summarizeStreak(['2024-03-01', '2024-03-02', '2024-03-03', '2024-03-11'], today);
    expect(summary.currentStreak).toBe(0);
    expect(summary.longestStreak).toBe(3);
  });

  it('lists this week Monday to Sunday with its active days', () => {
    const summary = summarizeStreak(['2024-03-03', '2024-03-11', '2024-03-13'], today);
    expect(summary.weekDays.map((day) => day.date)).toEqual([
      '2024-03-11',
      '2024-03-12',
      '2024-03-13',
      '2024-03-14',
      '2024-03-15',
      '2024-03-16',
      '2024-03-17',
    ]);
    expect(summary.weekDays.filter((day) => day.active).map((day) => day.date)).toEqual([
      '2024-03-11',
      '2024-03-13',
    ]);
    expect(summary.daysActiveThisWeek).toBe(2);
  });

  it('has nothing to count without activity', () => {
    expect(summarizeStreak([], today)).toMatchObject({
      currentStreak: 0,
      longestStreak: 0,
      daysActiveThisWeek: 0,
    });
  });
});
