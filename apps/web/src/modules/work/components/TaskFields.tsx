import type { WorkItem, WorkMilestone } from '@coderoom/contracts';
import { Priority, WORK_ITEM_STATUS_LABEL, WorkItemStatus } from '@coderoom/domain';
import { useId } from 'react';
import { FormMessage } from '../../../ui/FormMessage';
import { useWorkAction } from '../api/useWorkAction';
import { useWorkCollaborators } from '../api/useWorkCollaborators';

const PRIORITY_LABEL: Record<number, string> = {
  [Priority.None]: 'None',
  [Priority.Low]: 'Low',
  [Priority.Medium]: 'Medium',
  [Priority.High]: 'High',
};

/** Status, priority, due date, milestone (in a project) and assignees of a task; each change saves at once. */
export function TaskFields({ task, milestones }: { task: WorkItem; milestones: WorkMilestone[] }) {
  const action = useWorkAction();
  const people = useWorkCollaborators(task.id);
  const ids = { status: useId(), priority: useId(), due: useId(), milestone: useId() };
  const canEdit = task.access === 'owner' || task.access === 'edit';
  const save = (body: Record<string, unknown>) =>
    action.mutate({ method: 'PUT', path: `/api/workflows/items/${task.id}`, body });
  const candidates = [task.owner, ...(people.data ?? [])].filter(
    (person, index, all) => all.findIndex((other) => other.user_id === person.user_id) === index,
  );
  const assigned = new Set(task.assignees.map((person) => person.user_id));
  return (
    <section className="work-section" aria-labelledby="work-task-fields">
      <h2 id="work-task-fields">Details</h2>
      {action.error && <FormMessage tone="error">{action.error.message}</FormMessage>}
      <div className="work-inline">
        <div className="field">
          <label htmlFor={ids.status}>Status</label>
          <select
            id={ids.status}
            disabled={!canEdit}
            value={task.status ?? WorkItemStatus.NotStarted}
            onChange={(e) => save({ status: Number(e.target.value) })}
          >
            {Object.values(WorkItemStatus).map((status) => (
              <option key={status} value={status}>
                {WORK_ITEM_STATUS_LABEL[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.priority}>Priority</label>
          <select
            id={ids.priority}
            disabled={!canEdit}
            value={task.priority ?? Priority.None}
            onChange={(e) => save({ priority: Number(e.target.value) })}
          >
            {Object.values(Priority).map((priority) => (
              <option key={priority} value={priority}>
                {PRIORITY_LABEL[priority]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.due}>Due date</label>
          <input
            id={ids.due}
            type="date"
            disabled={!canEdit}
            value={task.due_date?.slice(0, 10) ?? ''}
            onChange={(e) =>
              save({
                due_date: e.target.value ? new Date(`${e.target.value}T17:00:00Z`).toISOString() : null,
              })
            }
          />
        </div>
        {milestones.length > 0 && (
          <div className="field">
            <label htmlFor={ids.milestone}>Milestone</label>
            <select
              id={ids.milestone}
              disabled={!canEdit}
              value={task.milestone_id ?? ''}
              onChange={(e) => save({ milestone_id: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">None</option>
              {milestones.map((milestone) => (
                <option key={milestone.id} value={milestone.id}>
                  {milestone.title}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <fieldset>
        <legend>Assignees</legend>
        {candidates.map((person) => (
          <label key={person.user_id} className="work-inline">
            <input
              type="checkbox"
              disabled={!canEdit}
              checked={assigned.has(person.user_id)}
              onChange={(e) => {
                const next = new Set(assigned);
                if (e.target.checked) next.add(person.user_id);
                else next.delete(person.user_id);
                save({ assignee_ids: [...next] });
              }}
            />
            {person.full_name}
          </label>
        ))}
        <p className="muted small">Share the task to assign it to someone else.</p>
      </fieldset>
    </section>
  );
}
