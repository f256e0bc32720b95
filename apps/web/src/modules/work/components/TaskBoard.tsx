import type { WorkItem } from '@coderoom/contracts';
import { WORK_ITEM_STATUS_LABEL, WorkItemStatus } from '@coderoom/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormMessage } from '../../../ui/FormMessage';
import { useWorkAction } from '../api/useWorkAction';

const COLUMNS = [
  WorkItemStatus.NotStarted,
  WorkItemStatus.InProgress,
  WorkItemStatus.InReview,
  WorkItemStatus.Done,
];

/**
 * Tasks in columns by status. A card moves by drag and drop, or from the keyboard: focus it and press
 * the left or right arrow key to move it one column.
 */
export function TaskBoard({ tasks }: { tasks: WorkItem[] }) {
  const action = useWorkAction();
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // A moved card is a new element in its new column once the board is fetched again: the keyboard
  // goes to it then, however long the fetch takes.
  const pendingFocus = useRef<{ id: number; status: number } | null>(null);
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    const task = tasks.find((candidate) => candidate.id === pending.id);
    if (task && (task.status ?? WorkItemStatus.NotStarted) === pending.status) {
      pendingFocus.current = null;
      document.getElementById(`work-card-${task.id}`)?.focus();
    }
  }, [tasks]);
  const moveTo = (task: WorkItem, status: number, keepFocus: boolean) => {
    if (task.status === status) return;
    pendingFocus.current = keepFocus ? { id: task.id, status } : null;
    action.mutate(
      { method: 'PUT', path: `/api/workflows/items/${task.id}`, body: { status } },
      {
        onSuccess: () => setAnnouncement(`${task.title} moved to ${WORK_ITEM_STATUS_LABEL[status]}.`),
        onError: () => {
          pendingFocus.current = null;
        },
      },
    );
  };
  return (
    <>
      <p className="muted small" id="work-board-help">
        Drag a card to another column, or focus it and press the left or right arrow key.
      </p>
      {action.error && <FormMessage tone="error">{action.error.message}</FormMessage>}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="work-board">
        {COLUMNS.map((status, index) => {
          const cards = tasks.filter((task) => (task.status ?? WorkItemStatus.NotStarted) === status);
          return (
            <section
              key={status}
              className="work-column"
              aria-labelledby={`work-column-${status}`}
              data-over={over === status || undefined}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(status);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={(event) => {
                event.preventDefault();
                setOver(null);
                const task = tasks.find(
                  (candidate) => String(candidate.id) === event.dataTransfer.getData('text/plain'),
                );
                if (task) moveTo(task, status, false);
              }}
            >
              <h2 id={`work-column-${status}`}>
                {WORK_ITEM_STATUS_LABEL[status]} <span className="work-badge">{cards.length}</span>
              </h2>
              <ul>
                {cards.map((task) => (
                  <li
                    key={task.id}
                    id={`work-card-${task.id}`}
                    className="work-card"
                    draggable
                    // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users move cards with the arrow keys
                    tabIndex={0}
                    aria-describedby="work-board-help"
                    aria-label={`${task.title}, ${WORK_ITEM_STATUS_LABEL[status]}`}
                    onDragStart={(event) => event.dataTransfer.setData('text/plain', String(task.id))}
                    onKeyDown={(event) => {
                      if (event.target !== event.currentTarget) return;
                      const next =
                        event.key === 'ArrowRight'
                          ? COLUMNS[index + 1]
                          : event.key === 'ArrowLeft'
                            ? COLUMNS[index - 1]
                            : undefined;
                      if (next !== undefined) {
                        event.preventDefault();
                        moveTo(task, next, true);
                      }
                    }}
                  >
                    <Link to={`/work/task/${task.id}`}>{task.title}</Link>
                    <div className="work-row-meta">
                      {task.due_date &&
                        task.status !== 4004 &&
                        new Date(task.due_date).getTime() < Date.now() && (
                          <span className="work-badge work-badge-danger">Overdue</span>
                        )}{' '}
                      {task.due_date && `Due ${new Date(task.due_date).toLocaleDateString()}`}
                      {task.assignees.length > 0 &&
                        ` · ${task.assignees.map((person) => person.full_name).join(', ')}`}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}
