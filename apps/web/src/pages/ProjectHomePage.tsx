import '../modules/projects/projects.css';
import { countOf, ProjectAttemptMode } from '@coderoom/domain';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useBeginProject } from '../modules/projects/api/useBeginProject';
import { useProjectOverview } from '../modules/projects/api/useProjectOverview';
import { ProjectTaskList } from '../modules/projects/components/ProjectTaskList';
import { ResetProjectButton } from '../modules/projects/components/ResetProjectButton';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { WidgetView } from '../modules/widgets/components/WidgetView';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

const DIFFICULTY_LABEL = { easy: 'Easy', medium: 'Medium', hard: 'Hard' } as const;

/** /projects/:slug/:encodedId — what the project builds, its prerequisites and tasks; Begin, Continue, Reset. */
export function ProjectHomePage() {
  const { encodedId = '' } = useParams();
  const query = useProjectOverview(encodedId);
  const { data: user } = useUserInfo();
  const begin = useBeginProject();
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(query.data?.title ?? 'Project');

  if (query.isPending) return <PageLoading label="Loading the project" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status === 401 ? 404 : status} />;
  }
  const project = query.data;
  const progress = project.progress;
  const isBegun = Boolean(progress?.mode);
  const nextTask = project.tasks.find((task) => task.status !== 'completed') ?? project.tasks[0];
  const address = {
    authorId: project.author_id,
    collectionId: project.collection_id,
    projectId: project.project_id,
  };
  const start = (mode: (typeof ProjectAttemptMode)[keyof typeof ProjectAttemptMode]) =>
    begin.mutate({ ...address, mode }, { onSuccess: () => nextTask && navigate(nextTask.url) });

  return (
    <main id="main" className="page project-page">
      <header className="page-header">
        <p className="eyebrow">Project{project.language_topic ? ` · ${project.language_topic}` : ''}</p>
        <h1>{project.title}</h1>
        <p className="lead muted">{project.summary}</p>
        <div className="project-facts">
          <span className={`badge project-difficulty is-${project.difficulty}`}>
            {DIFFICULTY_LABEL[project.difficulty]}
          </span>
          <span className="badge">{countOf(project.tasks.length, 'task')}</span>
          {progress && isBegun && (
            <span className="badge">
              {progress.mode === ProjectAttemptMode.Guided ? 'Guided attempt' : 'Unguided attempt'} ·{' '}
              {progress.completed} of {progress.total} done
            </span>
          )}
        </div>
      </header>

      {progress?.is_done && (
        <div className="project-done-banner" role="status">
          <strong>Project completed.</strong> You finished every task. Reset the project to build it again.
        </div>
      )}

      <section className="card project-actions" aria-label="Your attempt">
        {!user ? (
          <Link
            className="btn btn-primary btn-large"
            to={`/login?returnUrl=${encodeURIComponent(location.pathname)}`}
          >
            Log in to begin
          </Link>
        ) : isBegun ? (
          <div className="project-action-row">
            {nextTask && (
              <Link className="btn btn-primary btn-large" to={nextTask.url}>
                {progress?.is_done
                  ? 'Review tasks'
                  : progress?.completed
                    ? 'Continue project'
                    : 'Open first task'}
              </Link>
            )}
            <ResetProjectButton {...address} />
          </div>
        ) : (
          <>
            <div className="project-modes">
              <div className="project-mode">
                <Button
                  className="btn-large"
                  onClick={() => start(ProjectAttemptMode.Guided)}
                  disabled={begin.isPending}
                >
                  Begin guided
                </Button>
                <p className="small muted">Every task comes with step-by-step hints.</p>
              </div>
              <div className="project-mode">
                <Button
                  variant="secondary"
                  className="btn-large"
                  onClick={() => start(ProjectAttemptMode.Unguided)}
                  disabled={begin.isPending}
                >
                  Begin unguided
                </Button>
                <p className="small muted">Only the task descriptions: work it out yourself.</p>
              </div>
            </div>
            {progress && progress.current_attempt > 1 && (
              <p className="small muted">Attempt {progress.current_attempt}: your earlier work was reset.</p>
            )}
          </>
        )}
        {begin.isError && (
          <p role="alert" className="form-message form-message-error">
            {begin.error.message}
          </p>
        )}
      </section>

      <div className="project-columns">
        <div className="project-main">
          {project.description.length > 0 && (
            <section aria-labelledby="about-heading" className="project-section">
              <h2 id="about-heading">About this project</h2>
              {project.description.map((widget) => (
                <WidgetView key={widget.comp_id} widget={widget} />
              ))}
            </section>
          )}
          <section aria-labelledby="tasks-heading" className="project-section">
            <h2 id="tasks-heading">Tasks</h2>
            <ProjectTaskList tasks={project.tasks} isBegun={isBegun} />
          </section>
        </div>
        <aside className="project-aside">
          {(project.pre_reqs.length > 0 || project.pre_requisite_projects.length > 0) && (
            <section aria-labelledby="prereq-heading" className="card project-side-card">
              <h2 id="prereq-heading">Prerequisites</h2>
              <ul>
                {project.pre_reqs.map((text) => (
                  <li key={text}>{text}</li>
                ))}
                {project.pre_requisite_projects.map((card) => (
                  <li key={card.collection_id}>
                    Project: <Link to={card.url}>{card.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {project.relevant_courses.length > 0 && (
            <section aria-labelledby="courses-heading" className="card project-side-card">
              <h2 id="courses-heading">Relevant courses</h2>
              <ul>
                {project.relevant_courses.map((card) => (
                  <li key={card.collection_id}>
                    <Link to={card.url}>{card.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {project.udata_files.length > 0 && (
            <section aria-labelledby="files-heading" className="card project-side-card">
              <h2 id="files-heading">Data files</h2>
              {project.udata_files.map((file) => (
                <details key={file.id} className="project-file">
                  <summary>{file.name}</summary>
                  <pre className="output">{file.content}</pre>
                </details>
              ))}
            </section>
          )}
        </aside>
      </div>
    </main>
  );
}
