import { Link } from 'react-router';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { useWorkHome } from '../modules/work/api/useWorkHome';
import { WorkLayout } from '../modules/work/components/WorkLayout';
import { itemPath } from '../modules/work/itemPath';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

export function WorkHomePage() {
  usePageTitle('Work');
  const home = useWorkHome();
  const data = home.data;
  return (
    <WorkLayout>
      <header className="work-header">
        <h1>{data?.workspace_name ?? 'Work'}</h1>
        <Link className="btn btn-secondary" to="/work/onboarding">
          Getting started
        </Link>
      </header>
      {home.isPending && <PageLoading label="Loading your work" />}
      {home.error && <FormMessage tone="error">{home.error.message}</FormMessage>}
      {data && (
        <div className="work-grid">
          <section className="work-section" aria-labelledby="work-due-heading">
            <h2 id="work-due-heading">My tasks due soon</h2>
            {data.due_soon.length === 0 ? (
              <p className="muted">Nothing due in the next week.</p>
            ) : (
              <ul>
                {data.due_soon.map((task) => (
                  <li key={task.id}>
                    <Link to={itemPath(task)}>{task.title}</Link>{' '}
                    <span className="muted small">
                      {task.due_date && new Date(task.due_date).getTime() < Date.now() ? 'Overdue · ' : ''}
                      {task.due_date && new Date(task.due_date).toLocaleDateString()}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="work-section" aria-labelledby="work-starred-heading">
            <h2 id="work-starred-heading">Starred</h2>
            {data.starred.length === 0 ? (
              <p className="muted">Star a project or document to keep it here.</p>
            ) : (
              <ul>
                {data.starred.map((item) => (
                  <li key={item.id}>
                    <Link to={itemPath(item)}>{item.title}</Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="work-section" aria-labelledby="work-activity-heading">
            <h2 id="work-activity-heading">Activity</h2>
            {data.activity.length === 0 ? (
              <p className="muted">No activity yet. Create a project to begin.</p>
            ) : (
              <ul>
                {data.activity.map((entry) => (
                  <li key={entry.id}>
                    {entry.actor.full_name}{' '}
                    {entry.action === 'permanently delete'
                      ? 'permanently deleted'
                      : `${entry.action.replace(/e$/, '')}ed`}{' '}
                    {entry.item_id ? (
                      <Link to={itemPath({ id: entry.item_id, kind: entry.item_kind })}>
                        {entry.item_title}
                      </Link>
                    ) : (
                      entry.item_title
                    )}{' '}
                    <span className="muted small">{new Date(entry.created).toLocaleString()}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="work-section" aria-labelledby="work-plan-heading">
            <h2 id="work-plan-heading">Your plan</h2>
            <p>
              {data.limits.documents_used} of {data.limits.documents} documents and{' '}
              {data.limits.projects_used} of {data.limits.projects} projects on the free plan.
            </p>
            <Link to="/pricing">Upgrade for more</Link>
          </section>
        </div>
      )}
    </WorkLayout>
  );
}
