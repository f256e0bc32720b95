import type { MenteesResponse } from '@coderoom/contracts';
import { MENTOR_FEEDBACK_MAX_LENGTH } from '@coderoom/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useGiveFeedback } from '../api/planMutations';
import { useMentees } from '../api/planQueries';
import { dateOf } from '../utils/dateOf';
import { messageOf } from '../utils/messageOf';
import { FeedbackList } from './AssignedPlanView';

type Mentee = MenteesResponse['mentees'][number];

function ProgressCell({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="progress-line">
      <progress max={100} value={percent} aria-label={`${label} progress`} />
      <span>{percent}%</span>
    </div>
  );
}

/** What one mentee has, with progress, and the form for feedback on one of their items. */
function MenteeCard({ organizationId, mentee }: { organizationId: number; mentee: Mentee }) {
  const give = useGiveFeedback(organizationId);
  const [item, setItem] = useState('');
  const [text, setText] = useState('');
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const itemId = useId();
  const textId = useId();
  const name = mentee.full_name ?? mentee.email;
  const rows = [
    ...mentee.plans.map((plan) => ({
      key: `plan:${plan.assignment_id}`,
      title: plan.plan_title,
      kind: `${plan.kind_label} plan`,
      due: plan.due_date,
      percent: plan.percent,
      overdue: plan.is_overdue,
      url: plan.reader_url as string | null,
    })),
    ...mentee.assignments.map((assignment) => ({
      key: `assignment:${assignment.assignment_id}`,
      title: assignment.card.title,
      kind: assignment.card.work_type === 'path' ? 'Path' : 'Course',
      due: assignment.due_date,
      percent: assignment.percent,
      overdue: assignment.is_overdue,
      url: null as string | null,
    })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const [kind, id] = item.split(':');
    if (!kind || !id) {
      setStatus({ tone: 'error', text: 'Choose the item your feedback is about.' });
      return;
    }
    if (!text.trim()) {
      setStatus({ tone: 'error', text: 'Write your feedback first.' });
      return;
    }
    give.mutate(
      {
        mentee_member_id: mentee.member_id,
        ...(kind === 'plan' ? { plan_assignment_id: Number(id) } : { assignment_id: Number(id) }),
        feedback: text.trim(),
      },
      {
        onSuccess: () => {
          setText('');
          setStatus({ tone: 'success', text: `Feedback sent to ${name}.` });
        },
        onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }),
      },
    );
  };

  return (
    <li className="card mentee-card">
      <h2 className="assigned-title">{name}</h2>
      {mentee.full_name && <p className="muted small">{mentee.email}</p>}
      {rows.length === 0 ? (
        <p className="muted">Nothing is assigned to {name} yet.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take focus to scroll by keyboard (axe scrollable-region-focusable)
        <section className="table-scroll" aria-label={`What ${name} is working on`} tabIndex={0}>
          <table className="org-table">
            <caption className="visually-hidden">What {name} is working on</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Due</th>
                <th scope="col">Progress</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <td>
                    {row.url ? <Link to={row.url}>{row.title}</Link> : row.title}
                    <span className="muted small"> · {row.kind}</span>
                    {row.overdue && <span className="badge badge-warning">Overdue</span>}
                  </td>
                  <td>{row.due ? dateOf(row.due) : '—'}</td>
                  <td>
                    <ProgressCell label={`${name}: ${row.title}`} percent={row.percent} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {rows.length > 0 && (
        <form className="org-form mentor-feedback-form" onSubmit={submit} noValidate>
          <h3>Feedback for {name}</h3>
          <div className="field">
            <label htmlFor={itemId}>About</label>
            <select id={itemId} value={item} onChange={(event) => setItem(event.target.value)}>
              <option value="">Choose…</option>
              {rows.map((row) => (
                <option key={row.key} value={row.key}>
                  {row.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={textId}>Feedback</label>
            <textarea
              id={textId}
              className="plan-wide-input"
              rows={3}
              maxLength={MENTOR_FEEDBACK_MAX_LENGTH}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <div>
            <Button type="submit" busy={give.isPending}>
              Send feedback
            </Button>
          </div>
          {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
        </form>
      )}
      {mentee.feedback.length > 0 && (
        <>
          <h3>Feedback you gave</h3>
          <FeedbackList feedback={mentee.feedback} label={`Feedback given to ${name}`} />
        </>
      )}
    </li>
  );
}

/** The mentor dashboard: each mentee's plans and courses with progress, and feedback (001 §6). */
export function MentorDashboard({ organizationId }: { organizationId: number }) {
  const mentees = useMentees(organizationId);
  if (mentees.isPending) {
    return (
      <p className="muted" role="status">
        Loading your mentees…
      </p>
    );
  }
  if (mentees.isError) return <p role="alert">{messageOf(mentees.error)}</p>;
  if (mentees.data.mentees.length === 0) {
    return (
      <div className="card empty-state">
        <p className="muted">
          Nobody is your mentee yet. An admin pairs mentors and mentees in user management.
        </p>
      </div>
    );
  }
  return (
    <ul className="assigned-list mentee-list">
      {mentees.data.mentees.map((mentee) => (
        <MenteeCard key={mentee.member_id} organizationId={organizationId} mentee={mentee} />
      ))}
    </ul>
  );
}
