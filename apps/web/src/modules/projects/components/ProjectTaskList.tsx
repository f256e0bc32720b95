import type { ProjectTaskSummary } from '@coderoom/contracts';
import { Link } from 'react-router';

const TYPE_LABEL: Record<ProjectTaskSummary['type'], string> = {
  code_widget: 'Code',
  code_evaluation: 'Code evaluation',
  runjs: 'Web page',
  single_page_app: 'Single page app',
  url_iframe: 'Web link',
  terminal: 'Terminal',
  workspace: 'Workspace',
};

/** The tasks of a project with their completion; links only once the project is begun. */
export function ProjectTaskList({
  tasks,
  isBegun,
  currentId,
}: {
  tasks: ProjectTaskSummary[];
  isBegun: boolean;
  currentId?: number;
}) {
  return (
    <ol className="project-tasks">
      {tasks.map((task, index) => {
        const done = task.status === 'completed';
        const body = (
          <>
            <span className={`project-task-mark ${done ? 'is-done' : ''}`} aria-hidden="true">
              {done ? '✓' : index + 1}
            </span>
            <span className="project-task-title">{task.title}</span>
            <span className="project-task-type small muted">{TYPE_LABEL[task.type]}</span>
            <span className="visually-hidden">{done ? ', completed' : ', not completed'}</span>
          </>
        );
        return (
          <li
            key={task.component_id}
            className={`project-task ${task.component_id === currentId ? 'is-current' : ''}`}
            data-status={task.status}
          >
            {isBegun ? (
              <Link to={task.url} aria-current={task.component_id === currentId ? 'page' : undefined}>
                {body}
              </Link>
            ) : (
              <div>{body}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
