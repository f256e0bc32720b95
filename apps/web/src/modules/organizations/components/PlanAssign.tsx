import type { OrganizationPlan } from '@coderoom/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useAssignPlan } from '../api/planMutations';
import { usePlanAssignments } from '../api/planQueries';
import { dateOf } from '../utils/dateOf';
import { messageOf } from '../utils/messageOf';
import { AssigneeField, assigneeIds } from './AssigneeField';

/** Assigns a published plan to members or teams with a due date, and lists who has it. */
export function PlanAssign({ organizationId, plan }: { organizationId: number; plan: OrganizationPlan }) {
  const assignments = usePlanAssignments(organizationId, plan.plan_id);
  const assign = useAssignPlan(organizationId, plan.plan_id);
  const [target, setTarget] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const dueId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (!target) {
      setStatus({ tone: 'error', text: 'Choose a member or a team.' });
      return;
    }
    assign.mutate(
      {
        ...assigneeIds(target),
        ...(dueDate ? { due_date: dueDate } : {}),
      },
      {
        onSuccess: (result) =>
          setStatus({
            tone: 'success',
            text: `${plan.title} assigned to ${result.assignments.length} ${result.assignments.length === 1 ? 'person' : 'people'}.`,
          }),
        onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }),
      },
    );
  };

  return (
    <section aria-labelledby="plan-assign-heading" className="org-section">
      <h2 id="plan-assign-heading">Assign this plan</h2>
      <form className="card org-form" onSubmit={submit} noValidate>
        <div className="org-form-row">
          <AssigneeField organizationId={organizationId} value={target} onChange={setTarget} />
          <div className="field">
            <label htmlFor={dueId}>Due date</label>
            <input
              id={dueId}
              type="date"
              value={dueDate}
              onChange={(event) => setDueDate(event.target.value)}
            />
          </div>
        </div>
        <div>
          <Button type="submit" busy={assign.isPending}>
            Assign plan
          </Button>
        </div>
        {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
      </form>
      {assignments.isError ? (
        <p role="alert">The plan's assignments could not be loaded.</p>
      ) : assignments.data && assignments.data.assignments.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take focus to scroll by keyboard (axe scrollable-region-focusable)
        <section className="table-scroll" aria-label="Who has this plan" tabIndex={0}>
          <table className="org-table">
            <caption className="visually-hidden">Who has this plan</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {assignments.data.assignments.map((row) => (
                <tr key={row.assignment_id}>
                  <td>{row.email}</td>
                  <td>{row.due_date ? dateOf(row.due_date) : 'No due date'}</td>
                  <td>
                    {row.completed_at
                      ? row.force_completed
                        ? 'Marked complete'
                        : 'Completed'
                      : 'In progress'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        <p className="muted">Nobody has this plan yet.</p>
      )}
    </section>
  );
}
