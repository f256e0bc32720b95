import { describe, expect, it } from 'vitest';
import { nextReportDate } from './work.js';

// The repeat rule of scheduled reports (spec 002 §3.1).
describe('nextReportDate', () => {
  const monday = new Date('2026-11-30T09:00:00Z');

  it('adds days', () => {
    expect(
      nextReportDate(monday, { every: 3, type: 'days', onWeekday: null, onDate: null }).toISOString(),
    ).toBe('2026-12-03T09:00:00.000Z');
  });

  it('adds weeks and lands on the chosen weekday', () => {
    const weekly = { every: 1, type: 'weeks', onWeekday: 1, onDate: null } as const;
    expect(nextReportDate(monday, weekly).toISOString()).toBe('2026-12-07T09:00:00.000Z');
    // Every two weeks, on Wednesdays: two weeks on, then forward to the Wednesday.
    expect(nextReportDate(monday, { ...weekly, every: 2, onWeekday: 3 }).toISOString()).toBe(
      '2026-12-16T09:00:00.000Z',
    );
  });

  it('adds months on the chosen date, clamped to the month end', () => {
    const jan31 = new Date('2026-01-31T09:00:00Z');
    expect(
      nextReportDate(jan31, { every: 1, type: 'months', onWeekday: null, onDate: 31 }).toISOString(),
    ).toBe('2026-02-28T09:00:00.000Z');
    expect(
      nextReportDate(jan31, { every: 2, type: 'months', onWeekday: null, onDate: 15 }).toISOString(),
    ).toBe('2026-03-15T09:00:00.000Z');
  });
});
