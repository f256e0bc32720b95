import '../modules/cloudlabs/cloudlabs.css';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useCloudLabEditor } from '../modules/cloudlabs/api/useCloudLabEditor';
import { LabSettingsForm } from '../modules/cloudlabs/components/LabSettingsForm';
import { LabTaskForm } from '../modules/cloudlabs/components/LabTaskForm';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

/**
 * /cloudlabeditor/:authorId/:collectionId/:labId[/:taskId] — the lab's settings, or one task with its
 * protected check script; a task list to move between them and to add a task.
 */
export function CloudLabEditorPage() {
  const params = useParams();
  const address = useMemo(
    () => ({
      authorId: Number(params.authorId),
      collectionId: Number(params.collectionId),
      labId: Number(params.labId),
    }),
    [params.authorId, params.collectionId, params.labId],
  );
  const isNewTask = params.taskId === 'new';
  const taskId = params.taskId && !isNewTask ? Number(params.taskId) : null;
  const query = useCloudLabEditor(address);
  const navigate = useNavigate();
  usePageTitle(query.data ? `Edit · ${query.data.title}` : 'Cloud lab editor');

  if (query.isPending) return <PageLoading label="Loading the lab" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status} />;
  }
  const lab = query.data;
  const base = `/cloudlabeditor/${address.authorId}/${address.collectionId}/${address.labId}`;
  const task = taskId === null ? null : (lab.tasks.find((entry) => entry.task_id === taskId) ?? null);
  if (taskId !== null && !task) return <ErrorPage code={404} />;
  // Viewer collaborators and reviewers read the lab, checks included, and change nothing.
  const isReadOnly = !lab.can_edit;
  if (isNewTask && isReadOnly) return <ErrorPage code={403} />;

  return (
    <div className="cloudlab-task-layout">
      <aside className="cloudlab-task-sidebar" aria-label="Lab outline">
        <Link to={base} className="cloudlab-back small">
          Lab settings
        </Link>
        <ol className="cloudlab-tasks">
          {lab.tasks.map((entry, index) => (
            <li
              key={entry.task_id}
              className={`cloudlab-task ${entry.task_id === taskId ? 'is-current' : ''}`}
            >
              <Link to={`${base}/${entry.task_id}`}>
                <span className="cloudlab-task-mark" aria-hidden="true">
                  {index + 1}
                </span>
                <span>{entry.title}</span>
              </Link>
            </li>
          ))}
        </ol>
        {!isReadOnly && (
          <Link to={`${base}/new`} className="btn btn-secondary">
            Add task
          </Link>
        )}
        <Link to={lab.url} className="small">
          Open the lab as a learner
        </Link>
      </aside>
      <main id="main" className="cloudlab-task-main">
        <header className="cloudlab-task-header">
          <p className="eyebrow">Cloud lab editor</p>
          <h1>{task ? task.title : isNewTask ? 'New task' : lab.title}</h1>
          {isReadOnly && <p className="muted">Read-only: only the lab's editors can change it.</p>}
        </header>
        {task ? (
          <LabTaskForm key={task.task_id} address={address} task={task} isReadOnly={isReadOnly} />
        ) : isNewTask ? (
          <LabTaskForm
            key="new"
            address={address}
            task={null}
            onSaved={(saved) => {
              const added = saved.tasks.at(-1);
              if (added) navigate(`${base}/${added.task_id}`);
            }}
          />
        ) : (
          <LabSettingsForm address={address} lab={lab} />
        )}
      </main>
    </div>
  );
}
