import '../goals.css';
import { formatDate } from '@coderoom/domain';
import { useId, useMemo } from 'react';
import { FormMessage } from '../../../ui/FormMessage';
import { useUserInfo } from '../../session/hooks/useUserInfo';
import { useSetWeeklyGoal } from '../api/useSetWeeklyGoal';
import { useStreak } from '../api/useStreak';
import { useWeeklyGoal } from '../api/useWeeklyGoal';
import { browserTimeZone } from '../browserTimeZone';

const GOAL_CHOICES = [1, 2, 3, 4, 5, 6, 7] as const;

function weekdayOf(date: string, style: 'narrow' | 'long'): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { weekday: style, timeZone: 'UTC' });
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Stands in for the streak while it loads, with the same markup as the loaded one (hidden, so nothing
 * flashes): the card is as tall before as after, and the page below it does not move (CLS).
 */
function StreakPlaceholder() {
  return (
    <>
      <span className="visually-hidden" role="status">
        Loading your streak
      </span>
      <div className="weekly-goal-placeholder" aria-hidden="true">
        <p className="weekly-goal-streak">
          <strong>0</strong>
          <span>days streak</span>
          <span className="muted small">Longest: 0 days</span>
        </p>
        <ol className="week-days">
          {GOAL_CHOICES.map((day) => (
            <li key={day} className="week-day">
              <span>M</span>
              <span className="week-day-dot" />
            </li>
          ))}
        </ol>
        {/* The longest of the summary's sentences, so the real one is never taller. */}
        <p className="muted">0 days of learning this week. Set a goal to keep going.</p>
      </div>
    </>
  );
}

/** The learner's streak, this week's active days and their weekly goal, which they can change here. */
export function WeeklyGoalCard() {
  const userInfo = useUserInfo();
  const user = userInfo.data;
  const signedIn = Boolean(user);
  const timeZone = useMemo(browserTimeZone, []);
  const goal = useWeeklyGoal(signedIn);
  const streak = useStreak(timeZone, signedIn);
  const setGoal = useSetWeeklyGoal();
  const headingId = useId();

  // While the user is still being looked up the card holds its place (no layout shift once it fills in);
  // a visitor who is surely signed out gets nothing.
  if (!signedIn && !userInfo.isLoading) return null;
  const goalDays = setGoal.isPending ? setGoal.variables.days_per_week : (goal.data?.days_per_week ?? null);
  const summary = streak.data;
  const today = summary?.today;

  return (
    <section className="card weekly-goal" aria-labelledby={headingId}>
      <h2 id={headingId}>Weekly goal</h2>
      {streak.isPending || !signedIn ? (
        <StreakPlaceholder />
      ) : summary ? (
        <>
          <p className="weekly-goal-streak">
            <strong>{summary.current_streak}</strong>
            <span>{summary.current_streak === 1 ? 'day streak' : 'days streak'}</span>
            <span className="muted small">Longest: {plural(summary.longest_streak, 'day')}</span>
          </p>
          <ol className="week-days" aria-label="This week">
            {summary.week_days.map((day) => (
              <li
                key={day.date}
                className={`week-day${day.active ? ' week-day-active' : ''}${day.date === today ? ' week-day-today' : ''}`}
                aria-label={`${weekdayOf(day.date, 'long')}, ${formatDate(new Date(`${day.date}T00:00:00Z`))}: ${
                  day.active ? 'learned' : 'no lessons'
                }${day.date === today ? ' (today)' : ''}`}
              >
                <span aria-hidden="true">{weekdayOf(day.date, 'narrow')}</span>
                <span className="week-day-dot" aria-hidden="true">
                  {day.active ? '✓' : ''}
                </span>
              </li>
            ))}
          </ol>
          <p className="muted" aria-live="polite">
            {goalDays
              ? summary.days_active_this_week >= goalDays
                ? `Goal reached: ${plural(summary.days_active_this_week, 'day')} of learning this week.`
                : `${summary.days_active_this_week} of ${plural(goalDays, 'day')} this week.`
              : `${plural(summary.days_active_this_week, 'day')} of learning this week. Set a goal to keep going.`}
          </p>
        </>
      ) : null}
      {streak.error && <FormMessage tone="error">{streak.error.message}</FormMessage>}

      <fieldset className="goal-picker" disabled={goal.isPending || !timeZone}>
        <legend>Days of learning per week</legend>
        <div className="goal-options">
          {GOAL_CHOICES.map((days) => (
            <label key={days} className="goal-option">
              <input
                type="radio"
                name={`${headingId}-goal`}
                value={days}
                checked={goalDays === days}
                aria-label={plural(days, 'day')}
                onChange={() => {
                  if (timeZone) setGoal.mutate({ days_per_week: days, time_zone: timeZone });
                }}
              />
              <span aria-hidden="true">{days}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {!timeZone && (
        <p className="muted small">Your browser does not report a time zone, so the goal cannot be saved.</p>
      )}
      {setGoal.error && (
        <FormMessage tone="error">Could not save your goal: {setGoal.error.message}</FormMessage>
      )}
    </section>
  );
}
