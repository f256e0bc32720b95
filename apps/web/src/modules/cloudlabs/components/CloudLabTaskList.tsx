import type { CloudLabTaskSummary } from '@coderoom/contracts';
import { Link } from 'react-router';

/** The tasks of a lab with their completion. */
export function CloudLabTaskList({ tasks, currentId }: { tasks: CloudLabTaskSummary[]; currentId?: number }) {
  return (
    <ol className="cloudlab-tasks">
      {tasks.map((task, index) => {
        const done = task.status === 'completed';
        return (
          <li
            key={task.task_id}
            className={`cloudlab-task ${task.task_id === currentId ? 'is-current' : ''}`}
            data-status={task.status}
          >
            <Link to={task.url} aria-current={task.task_id === currentId ? 'page' : undefined}>
              <span className={`cloudlab-task-mark ${done ? 'is-done' : ''}`} aria-hidden="true">
                {done ? '✓' : index + 1}
              </span>
              <span>{task.title}</span>
              <span className="visually-hidden">{done ? ', completed' : ', not completed'}</span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
