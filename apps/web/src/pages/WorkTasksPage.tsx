import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { useWorkItems } from '../modules/work/api/useWorkItems';
import { CreateItemForm } from '../modules/work/components/CreateItemForm';
import { ItemList } from '../modules/work/components/ItemList';
import { TaskBoard } from '../modules/work/components/TaskBoard';
import { WorkLayout } from '../modules/work/components/WorkLayout';
import { Button } from '../ui/Button';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

export function WorkTasksPage() {
  usePageTitle('Tasks');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'follow_ups' ? 'follow_ups' : 'all';
  const view = params.get('view') === 'list' ? 'list' : 'board';
  const tasks = useWorkItems('task', tab);
  const setView = (next: 'list' | 'board') => {
    const copy = new URLSearchParams(params);
    copy.set('view', next);
    setParams(copy);
  };
  return (
    <WorkLayout>
      <header className="work-header">
        <h1>Tasks</h1>
        <div className="work-inline">
          <Button
            variant={view === 'board' ? 'primary' : 'secondary'}
            aria-pressed={view === 'board'}
            onClick={() => setView('board')}
          >
            Board
          </Button>
          <Button
            variant={view === 'list' ? 'primary' : 'secondary'}
            aria-pressed={view === 'list'}
            onClick={() => setView('list')}
          >
            List
          </Button>
        </div>
      </header>
      <nav className="work-tabs" aria-label="Task tabs">
        <Link to="/work/tasks" aria-current={tab === 'all' ? 'page' : undefined}>
          All tasks
        </Link>
        <Link to="/work/tasks?tab=follow_ups" aria-current={tab === 'follow_ups' ? 'page' : undefined}>
          Follow-ups
        </Link>
      </nav>
      <CreateItemForm kinds={[{ kind: 'task', label: 'Task' }]} open={false} />
      {view === 'list' ? (
        <ItemList
          label="Tasks"
          items={tasks.data}
          isPending={tasks.isPending}
          error={tasks.error}
          empty="No tasks yet."
        />
      ) : tasks.isPending ? (
        <PageLoading label="Loading tasks" />
      ) : tasks.error ? (
        <FormMessage tone="error">{tasks.error.message}</FormMessage>
      ) : (
        <TaskBoard tasks={tasks.data ?? []} />
      )}
    </WorkLayout>
  );
}
