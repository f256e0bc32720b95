import { countOf } from '@coderoom/domain';
import '../modules/projects/projects.css';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useProjectTask } from '../modules/projects/api/useProjectTask';
import { useTaskAction } from '../modules/projects/api/useTaskAction';
import { ProjectCodeTask } from '../modules/projects/components/ProjectCodeTask';
import { ProjectLiveTask } from '../modules/projects/components/ProjectLiveTask';
import { ProjectRunJsTask } from '../modules/projects/components/ProjectRunJsTask';
import { ProjectSpaTask } from '../modules/projects/components/ProjectSpaTask';
import { ProjectTaskList } from '../modules/projects/components/ProjectTaskList';
import { ProjectUrlTask } from '../modules/projects/components/ProjectUrlTask';
import { ResetProjectButton } from '../modules/projects/components/ResetProjectButton';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { WidgetView } from '../modules/widgets/components/WidgetView';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

/**
 * /project/:authorId/:collectionId/:projectId/:componentId — one task: its instructions (and the guide
 * in guided attempts), its editor with the learner's saved code (or, for terminal and workspace tasks, the
 * learner's sandbox with a terminal, the app preview and Run tests), Check / Evaluate / Mark done, and the
 * way to the previous and next task.
 */
export function ProjectTaskPage() {
  const params = useParams();
  const address = useMemo(
    () => ({
      authorId: Number(params.authorId),
      collectionId: Number(params.collectionId),
      projectId: Number(params.projectId),
      componentId: Number(params.componentId),
    }),
    [params.authorId, params.collectionId, params.projectId, params.componentId],
  );
  const query = useProjectTask(
    address.authorId,
    address.collectionId,
    address.projectId,
    address.componentId,
  );
  const markDone = useTaskAction(address);
  const navigate = useNavigate();
  usePageTitle(query.data ? `${query.data.component.title} · ${query.data.project.title}` : 'Project task');

  if (query.isPending) return <PageLoading label="Loading the task" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status} />;
  }
  const { project, component, tasks, progress, summary } = query.data;
  const homeUrl = `/projects/${project.slug || 'untitled'}/${project.encoded_id}`;
  const isBegun = progress.mode !== null;
  const index = tasks.findIndex((task) => task.component_id === component.component_id);
  const previous = index > 0 ? tasks[index - 1] : undefined;
  const next = index >= 0 && index < tasks.length - 1 ? tasks[index + 1] : undefined;
  const isCompleted = progress.status === 'completed';
  // The editor starts from the saved code of this attempt; a new attempt starts a fresh editor.
  const editorKey = `${component.component_id}:${progress.current_attempt}`;
  const taskProps = {
    address,
    savedCode: progress.source_code,
    currentAttempt: progress.current_attempt,
    isBegun,
  };

  return (
    <div className="project-task-layout">
      <aside className="project-task-sidebar" aria-label="Project tasks">
        <Link to={homeUrl} className="project-back small">
          ← {project.title}
        </Link>
        <p className="small muted">
          {summary.completed} of {countOf(summary.total, 'task')} completed
        </p>
        <progress className="project-progress" max={summary.total} value={summary.completed}>
          {summary.completed} of {summary.total}
        </progress>
        <ProjectTaskList tasks={tasks} isBegun currentId={component.component_id} />
        {isBegun && (
          <ResetProjectButton
            authorId={address.authorId}
            collectionId={address.collectionId}
            projectId={address.projectId}
            onReset={() => navigate(homeUrl)}
          />
        )}
      </aside>
      <main id="main" className="project-task-main">
        {summary.is_done && (
          <div className="project-done-banner" role="status">
            <strong>Project completed!</strong>{' '}
            {summary.total === 1 ? 'The task is done.' : `All ${summary.total} tasks are done.`}{' '}
            <Link to={homeUrl}>Back to the project</Link>
          </div>
        )}
        <header className="project-task-header">
          <p className="eyebrow">
            Task {component.number} of {tasks.length}
          </p>
          <h1>{component.title}</h1>
          <span
            className={`badge project-status ${isCompleted ? 'is-completed' : ''}`}
            data-testid="task-status"
          >
            {isCompleted ? 'Completed' : 'Not completed'}
          </span>
        </header>
        {!isBegun && (
          <FormMessage tone="error">
            Begin the project to save your work and complete tasks.{' '}
            <Link to={homeUrl}>Go to the project page</Link>
          </FormMessage>
        )}
        <section className="project-instructions" aria-label="Instructions">
          {component.description.map((widget) => (
            <WidgetView key={widget.comp_id} widget={widget} />
          ))}
          {component.guide.length > 0 && (
            <details className="project-guide" open>
              <summary>Guide</summary>
              {component.guide.map((widget) => (
                <WidgetView key={widget.comp_id} widget={widget} />
              ))}
            </details>
          )}
        </section>

        {component.codeContent &&
          (component.type === 'code_widget' || component.type === 'code_evaluation') && (
            <ProjectCodeTask
              key={editorKey}
              {...taskProps}
              code={component.codeContent}
              completion={component.completion}
            />
          )}
        {component.type === 'runjs' && component.runjs && (
          <ProjectRunJsTask key={editorKey} {...taskProps} starter={component.runjs} />
        )}
        {component.type === 'single_page_app' && component.spa && (
          <ProjectSpaTask key={editorKey} {...taskProps} starter={component.spa} />
        )}
        {component.type === 'url_iframe' && component.url && (
          <ProjectUrlTask url={component.url} title={component.title} />
        )}
        {(component.type === 'terminal' || component.type === 'workspace') && component.live && (
          <ProjectLiveTask
            key={editorKey}
            address={address}
            type={component.type}
            live={component.live}
            completion={component.completion}
            isBegun={isBegun}
          />
        )}

        {component.completion === 'mark_done' && (
          <div className="project-mark-done">
            {isCompleted ? (
              <p className="small">You marked this task done.</p>
            ) : (
              <Button
                onClick={() =>
                  markDone.mutate({ action: 'complete', currentAttempt: progress.current_attempt })
                }
                busy={markDone.isPending}
                disabled={!isBegun}
              >
                Mark as done
              </Button>
            )}
            {markDone.isError && <FormMessage tone="error">{markDone.error.message}</FormMessage>}
          </div>
        )}

        <nav className="project-task-nav" aria-label="Tasks">
          {previous ? (
            <Link className="btn btn-secondary" to={previous.url}>
              ← Previous task
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link className="btn btn-primary" to={next.url}>
              Next task →
            </Link>
          ) : (
            <Link className="btn btn-secondary" to={homeUrl}>
              Back to the project
            </Link>
          )}
        </nav>
      </main>
    </div>
  );
}
