import type { ScheduledReport, WorkPerson } from '@coderoom/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ROLES = [
  { key: 'assignees_list', legend: 'Assignees', hint: 'They get the report task to write.' },
  { key: 'reviewers_list', legend: 'Reviewers', hint: 'They may comment on it.' },
  { key: 'watchers_list', legend: 'Watchers', hint: 'They may read it.' },
] as const;
type RoleKey = (typeof ROLES)[number]['key'];
type RepeatType = 'days' | 'weeks' | 'months';

/** What the create and edit calls take (POST and PUT /api/workflows/scheduled-reports). */
export interface ReportFormValues {
  title: string;
  description: string;
  repeat_every: number;
  repeat_type: RepeatType;
  repeat_on_weekday: number | null;
  repeat_on_date: number | null;
  next_scheduled_date: string;
  assignees_list: number[];
  reviewers_list: number[];
  watchers_list: number[];
}

interface ReportFormProps {
  /** The report being edited; none when scheduling a new one. */
  report?: ScheduledReport;
  /** People who may be named on the report (editing only). */
  candidates?: WorkPerson[];
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: ReportFormValues) => void;
  onCancel?: () => void;
}

/** A report's date as the date field shows it (the day in UTC, when reports run). */
function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

/** The fields of a scheduled report (spec 002 §3.1); people are chosen only when editing. */
export function ReportForm({ report, candidates, submitLabel, busy, onSubmit, onCancel }: ReportFormProps) {
  const ids = {
    title: useId(),
    description: useId(),
    every: useId(),
    type: useId(),
    weekday: useId(),
    date: useId(),
    next: useId(),
  };
  const [title, setTitle] = useState(report?.item.title ?? '');
  const [description, setDescription] = useState(report?.item.description ?? '');
  const [every, setEvery] = useState(report?.repeat_every ?? 1);
  const [type, setType] = useState<RepeatType>((report?.repeat_type as RepeatType | undefined) ?? 'weeks');
  const [weekday, setWeekday] = useState(report?.repeat_on_weekday ?? 1);
  const [monthDay, setMonthDay] = useState(report?.repeat_on_date ?? 1);
  const [next, setNext] = useState(report ? dayOf(report.next_scheduled_date) : '');
  const [people, setPeople] = useState<Record<RoleKey, Set<number>>>(() => ({
    assignees_list: new Set(report?.assignees_list.map((person) => person.user_id)),
    reviewers_list: new Set(report?.reviewers_list.map((person) => person.user_id)),
    watchers_list: new Set(report?.watchers_list.map((person) => person.user_id)),
  }));
  const toggle = (role: RoleKey, userId: number, on: boolean) =>
    setPeople((current) => {
      const changed = new Set(current[role]);
      if (on) changed.add(userId);
      else changed.delete(userId);
      return { ...current, [role]: changed };
    });
  // The time of day a report keeps when only its date is edited; new reports run at 09:00 UTC.
  const time = report ? report.next_scheduled_date.slice(10) : 'T09:00:00.000Z';

  return (
    <form
      className="work-report-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({
          title,
          description,
          repeat_every: every,
          repeat_type: type,
          repeat_on_weekday: type === 'weeks' ? weekday : null,
          repeat_on_date: type === 'months' ? monthDay : null,
          next_scheduled_date: new Date(`${next}${time}`).toISOString(),
          assignees_list: [...people.assignees_list],
          reviewers_list: [...people.reviewers_list],
          watchers_list: [...people.watchers_list],
        });
      }}
    >
      <div className="field">
        <label htmlFor={ids.title}>Report title</label>
        <input
          id={ids.title}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
          maxLength={200}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.description}>Description</label>
        <textarea
          id={ids.description}
          rows={2}
          maxLength={20_000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="work-report-repeat">
        <div className="field">
          <label htmlFor={ids.every}>Repeat every</label>
          <input
            id={ids.every}
            type="number"
            min={1}
            max={365}
            required
            value={every}
            onChange={(e) => setEvery(Number(e.target.value))}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.type}>Unit</label>
          <select id={ids.type} value={type} onChange={(e) => setType(e.target.value as RepeatType)}>
            <option value="days">Days</option>
            <option value="weeks">Weeks</option>
            <option value="months">Months</option>
          </select>
        </div>
        {type === 'weeks' && (
          <div className="field">
            <label htmlFor={ids.weekday}>On</label>
            <select id={ids.weekday} value={weekday} onChange={(e) => setWeekday(Number(e.target.value))}>
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={index}>
                  {day}
                </option>
              ))}
            </select>
          </div>
        )}
        {type === 'months' && (
          <div className="field">
            <label htmlFor={ids.date}>On day</label>
            <input
              id={ids.date}
              type="number"
              min={1}
              max={31}
              required
              value={monthDay}
              onChange={(e) => setMonthDay(Number(e.target.value))}
              aria-describedby={`${ids.date}-hint`}
            />
            <span id={`${ids.date}-hint`} className="muted small">
              A shorter month uses its last day.
            </span>
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.next}>{report ? 'Next report on' : 'First report on'}</label>
          <input id={ids.next} type="date" value={next} onChange={(e) => setNext(e.target.value)} required />
        </div>
      </div>
      {candidates && (
        <div className="work-report-people">
          {ROLES.map((role) => (
            <fieldset key={role.key}>
              <legend>{role.legend}</legend>
              <p className="muted small">{role.hint}</p>
              {candidates.map((person) => (
                <label key={person.user_id} className="work-inline">
                  <input
                    type="checkbox"
                    checked={people[role.key].has(person.user_id)}
                    onChange={(e) => toggle(role.key, person.user_id, e.target.checked)}
                  />
                  {person.full_name}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      )}
      <div className="work-inline">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
