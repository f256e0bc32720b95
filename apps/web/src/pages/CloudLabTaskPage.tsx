import { countOf } from '@coderoom/domain';
import '../modules/cloudlabs/cloudlabs.css';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useCloudLabTask } from '../modules/cloudlabs/api/useCloudLabTask';
import { CheckTaskPanel } from '../modules/cloudlabs/components/CheckTaskPanel';
import { CloudLabTaskList } from '../modules/cloudlabs/components/CloudLabTaskList';
import { CloudShell } from '../modules/cloudlabs/components/CloudShell';
import { useLabSession } from '../modules/cloudlabs/hooks/useLabSession';
import { MarkdownBlock } from '../modules/reader/components/MarkdownBlock';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

/**
 * /cloudlab/:authorId/:collectionId/:labId/:taskId — one task of a cloud lab: its instructions, the lab's
 * CloudShell (started on arrival, shared by all tasks of the lab), "Check my work", progress and Stop lab.
 */
function CloudLabTask() {
  const params = useParams();
  const address = useMemo(
    () => ({
      authorId: Number(params.authorId),
      collectionId: Number(params.collectionId),
      labId: Number(params.labId),
    }),
    [params.authorId, params.collectionId, params.labId],
  );
  const taskId = Number(params.taskId);
  const query = useCloudLabTask(address, taskId);
  const session = useLabSession(address, query.data?.lab.can_access_cloudlabs ?? null);
  usePageTitle(query.data ? `${query.data.task.title} · ${query.data.lab.title}` : 'Cloud lab');

  if (query.isPending) return <PageLoading label="Loading the task" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status} />;
  }
  const { lab, task } = query.data;
  const homeUrl = `/cloudlabs/${lab.slug || 'untitled'}/${lab.encoded_id}`;
  const index = lab.tasks.findIndex((entry) => entry.task_id === task.task_id);
  const previous = index > 0 ? lab.tasks[index - 1] : undefined;
  const next = index >= 0 && index < lab.tasks.length - 1 ? lab.tasks[index + 1] : undefined;
  const isCompleted = task.status === 'completed';

  return (
    <div className="cloudlab-task-layout">
      <aside className="cloudlab-task-sidebar" aria-label="Lab tasks">
        <Link to={homeUrl} className="cloudlab-back small">
          ← {lab.title}
        </Link>
        <p className="small muted" data-testid="lab-progress">
          {lab.progress.completed} of {countOf(lab.progress.total, 'task')} completed
        </p>
        <progress className="cloudlab-progress" max={lab.progress.total} value={lab.progress.completed}>
          {lab.progress.completed} of {lab.progress.total}
        </progress>
        <CloudLabTaskList tasks={lab.tasks} currentId={task.task_id} />
        <p className="small muted">
          Your keys: <code>$ACCESS_KEY_ID</code>, <code>$SECRET_ACCESS_KEY</code>
        </p>
      </aside>
      <main id="main" className="cloudlab-task-main">
        {lab.progress.is_done && (
          <div className="cloudlab-done-banner" role="status">
            <strong>Lab completed!</strong>{' '}
            {lab.progress.total === 1 ? 'The task is done.' : `All ${lab.progress.total} tasks are done.`}{' '}
            Stop the lab when you have finished exploring.
          </div>
        )}
        <header className="cloudlab-task-header">
          <p className="eyebrow">
            Task {index + 1} of {lab.tasks.length}
          </p>
          <h1>{task.title}</h1>
          <span
            className={`badge cloudlab-status ${isCompleted ? 'is-completed' : ''}`}
            data-testid="task-status"
          >
            {isCompleted ? 'Completed' : 'Not completed'}
          </span>
        </header>
        <section className="cloudlab-instructions" aria-label="Instructions">
          <MarkdownBlock text={task.instructions} />
        </section>
        <CloudShell session={session} />
        <CheckTaskPanel
          key={task.task_id}
          address={address}
          taskId={task.task_id}
          isRunning={session.state === 'running'}
        />
        <nav className="cloudlab-task-nav" aria-label="Tasks">
          {previous ? <Link to={previous.url}>← {previous.title}</Link> : <span />}
          {next && <Link to={next.url}>{next.title} →</Link>}
        </nav>
      </main>
    </div>
  );
}

/** Cloud labs are for signed-in learners: a visitor goes to the login page without a refused request. */
export function CloudLabTaskPage() {
  return (
    <RequireUser>
      <CloudLabTask />
    </RequireUser>
  );
}
