import { countOf, humanize } from '@coderoom/domain';
import '../modules/cloudlabs/cloudlabs.css';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useBeginCloudLab } from '../modules/cloudlabs/api/useBeginCloudLab';
import { useCloudLabOverview } from '../modules/cloudlabs/api/useCloudLabOverview';
import { CloudLabTaskList } from '../modules/cloudlabs/components/CloudLabTaskList';
import { CLOUD_LABS_NOT_ENABLED } from '../modules/cloudlabs/utils/cloudLabsNotEnabled';
import { MarkdownBlock } from '../modules/reader/components/MarkdownBlock';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

/** /cloudlabs/:slug/:encodedId — what the lab teaches, its variables (names only) and tasks; Start lab. */
function CloudLabHome() {
  const { encodedId = '' } = useParams();
  const query = useCloudLabOverview(encodedId);
  const begin = useBeginCloudLab();
  const navigate = useNavigate();
  usePageTitle(query.data?.title ?? 'Cloud lab');

  if (query.isPending) return <PageLoading label="Loading the cloud lab" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status} />;
  }
  const lab = query.data;
  const { progress } = lab;
  const nextTask = lab.tasks.find((task) => task.status !== 'completed') ?? lab.tasks[0];
  const start = () =>
    begin.mutate(
      { authorId: lab.author_id, collectionId: lab.collection_id, labId: lab.lab_id },
      { onSuccess: () => nextTask && navigate(nextTask.url) },
    );

  return (
    <main id="main" className="page cloudlab-page">
      <header className="page-header">
        <p className="eyebrow">Cloud lab · {humanize(lab.envContent.type)}</p>
        <h1>{lab.title}</h1>
        <p className="lead muted">{lab.summary}</p>
        <div className="cloudlab-facts">
          <span className="badge">{countOf(lab.tasks.length, 'task')}</span>
          {progress.is_begun && (
            <span className="badge">
              {progress.completed} of {progress.total} done
            </span>
          )}
        </div>
      </header>

      {progress.is_done && (
        <div className="cloudlab-done-banner" role="status">
          <strong>Lab completed.</strong> You finished every task.
        </div>
      )}

      <section className="card cloudlab-actions" aria-label="Your lab">
        {lab.can_access_cloudlabs ? (
          <>
            <Button className="btn-large" onClick={start} busy={begin.isPending}>
              {progress.is_begun ? 'Continue lab' : 'Start lab'}
            </Button>
            <p className="small muted">
              The lab runs a shell of your own. Only one cloud lab runs at a time; it stops after 30 minutes
              without use.
            </p>
          </>
        ) : (
          <FormMessage tone="info">{CLOUD_LABS_NOT_ENABLED}</FormMessage>
        )}
        {begin.isError && <FormMessage tone="error">{begin.error.message}</FormMessage>}
        {lab.can_edit && (
          <Link to={`/cloudlabeditor/${lab.author_id}/${lab.collection_id}/${lab.lab_id}`}>Edit lab</Link>
        )}
      </section>

      <div className="cloudlab-columns">
        <section aria-label="About this lab">
          <MarkdownBlock text={lab.content} />
        </section>
        <aside className="card cloudlab-side">
          <h2>Tasks</h2>
          <CloudLabTaskList tasks={lab.tasks} />
          <h2>Lab variables</h2>
          <p className="small muted">Yours alone, in the lab's environment. Read them in the shell:</p>
          <ul className="cloudlab-variables">
            {lab.variables.map((variable) => (
              <li key={variable.name}>
                {variable.name}: <code>${variable.env}</code>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </main>
  );
}

/** Cloud labs are for signed-in learners: a visitor goes to the login page without a refused request. */
export function CloudLabHomePage() {
  return (
    <RequireUser>
      <CloudLabHome />
    </RequireUser>
  );
}
