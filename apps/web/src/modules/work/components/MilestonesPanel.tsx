import type { WorkMilestone } from '@coderoom/contracts';
import { formatDate } from '@coderoom/domain';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useWorkAction } from '../api/useWorkAction';

/**
 * A project's milestones: its tasks point at them (on the task's page). A milestone a task points at
 * cannot be removed (4003), and a project with milestones stays where it is (4002); the server says so.
 */
export function MilestonesPanel({
  projectId,
  milestones,
  canEdit,
}: {
  projectId: number;
  milestones: WorkMilestone[];
  canEdit: boolean;
}) {
  const action = useWorkAction();
  const ids = { title: useId(), due: useId() };
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  return (
    <section className="work-section" aria-labelledby="work-milestones-heading">
      <h2 id="work-milestones-heading">Milestones</h2>
      {milestones.length === 0 ? (
        <p className="muted">No milestones yet.</p>
      ) : (
        <ul className="work-milestones">
          {milestones.map((milestone) => (
            <li key={milestone.id}>
              <span>
                <strong>{milestone.title}</strong>
                <span className="muted small">
                  {' '}
                  · {milestone.due_date ? `due ${formatDate(new Date(milestone.due_date))}` : 'no due date'}
                </span>
              </span>
              {canEdit && (
                <Button
                  variant="ghost"
                  aria-label={`Remove milestone ${milestone.title}`}
                  onClick={() =>
                    action.mutate({
                      method: 'DELETE',
                      path: `/api/workflows/items/${projectId}/milestones/${milestone.id}`,
                    })
                  }
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form
          className="work-create"
          onSubmit={(event) => {
            event.preventDefault();
            action.mutate(
              {
                method: 'POST',
                path: `/api/workflows/items/${projectId}/milestones`,
                body: { title, due_date: due ? new Date(`${due}T17:00:00Z`).toISOString() : null },
              },
              {
                onSuccess: () => {
                  setTitle('');
                  setDue('');
                },
              },
            );
          }}
        >
          <div className="field">
            <label htmlFor={ids.title}>New milestone</label>
            <input
              id={ids.title}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={200}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={ids.due}>Due date</label>
            <input id={ids.due} type="date" value={due} onChange={(e) => setDue(e.target.value)} />
          </div>
          <Button type="submit" variant="secondary" busy={action.isPending}>
            Add milestone
          </Button>
        </form>
      )}
      {action.error && <FormMessage tone="error">{action.error.message}</FormMessage>}
    </section>
  );
}
