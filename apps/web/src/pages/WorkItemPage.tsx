import type { WorkItem } from '@coderoom/contracts';
import type { WorkflowItemKindName } from '@coderoom/domain';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { useWorkAction } from '../modules/work/api/useWorkAction';
import { useWorkItem } from '../modules/work/api/useWorkItem';
import { CreateItemForm } from '../modules/work/components/CreateItemForm';
import { DocumentBody } from '../modules/work/components/DocumentBody';
import { ItemList } from '../modules/work/components/ItemList';
import { MilestonesPanel } from '../modules/work/components/MilestonesPanel';
import { RequestReviewForm } from '../modules/work/components/RequestReviewForm';
import { SharePanel } from '../modules/work/components/SharePanel';
import { TaskComments } from '../modules/work/components/TaskComments';
import { TaskFields } from '../modules/work/components/TaskFields';
import { VersionHistory } from '../modules/work/components/VersionHistory';
import { WorkLayout } from '../modules/work/components/WorkLayout';
import { itemPath } from '../modules/work/itemPath';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

const KIND_LABEL: Record<string, string> = {
  project: 'Project',
  private_project: 'Private project',
  folder: 'Folder',
  private_folder: 'Private folder',
  group: 'Group',
  document: 'Document',
  task: 'Task',
  project_task: 'Task',
};

/** What can be created inside an item of this kind (the server's canHold rules). */
function childKinds(kind: string): Array<{ kind: WorkflowItemKindName; label: string }> {
  const inside: Array<{ kind: WorkflowItemKindName; label: string }> = [
    { kind: 'document', label: 'Document' },
    { kind: 'folder', label: 'Folder' },
  ];
  if (kind === 'project' || kind === 'private_project')
    return [{ kind: 'project_task', label: 'Task' }, ...inside];
  if (kind === 'group')
    return [{ kind: 'project', label: 'Project' }, { kind: 'task', label: 'Task' }, ...inside];
  if (kind === 'task' || kind === 'project_task') return [{ kind: 'task', label: 'Sub-task' }];
  return [{ kind: 'task', label: 'Task' }, ...inside];
}

function Header({ item }: { item: WorkItem }) {
  const action = useWorkAction();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(item.title);
  const titleId = useId();
  const canEdit = item.access === 'owner' || item.access === 'edit';
  return (
    <header className="work-header">
      {renaming ? (
        <form
          className="work-inline"
          onSubmit={(event) => {
            event.preventDefault();
            action.mutate(
              { method: 'PUT', path: `/api/workflows/items/${item.id}`, body: { title } },
              { onSuccess: () => setRenaming(false) },
            );
          }}
        >
          <h1 className="visually-hidden">{item.title}</h1>
          <label htmlFor={titleId}>Name</label>
          <input id={titleId} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
          <Button type="submit">Save</Button>
        </form>
      ) : (
        <h1>{item.title}</h1>
      )}
      <div className="work-inline">
        <span className="work-badge">{KIND_LABEL[item.kind] ?? item.kind}</span>
        <Button
          variant="ghost"
          aria-pressed={item.is_starred}
          onClick={() =>
            action.mutate({
              method: 'PUT',
              path: item.is_starred ? '/api/unpinwork' : '/api/pinwork',
              body: { work_item_id: item.id },
            })
          }
        >
          {item.is_starred ? '★ Starred' : '☆ Star'}
        </Button>
        {canEdit && !renaming && (
          <Button variant="secondary" onClick={() => setRenaming(true)}>
            Rename
          </Button>
        )}
        {canEdit && (
          <Button
            variant="danger"
            onClick={() =>
              action.mutate(
                { method: 'PUT', path: `/api/workflows/items/${item.id}/delete` },
                { onSuccess: () => navigate('/work/trash') },
              )
            }
          >
            Delete
          </Button>
        )}
      </div>
      {action.error && <FormMessage tone="error">{action.error.message}</FormMessage>}
    </header>
  );
}

export function WorkItemPage() {
  const id = Number(useParams().id);
  const detail = useWorkItem(id);
  usePageTitle(detail.data?.item.title ?? 'Work');
  if (!Number.isSafeInteger(id) || id <= 0) return <ErrorPage code={404} />;
  if (detail.error instanceof ApiError && detail.error.status === 404) return <ErrorPage code={404} />;
  const data = detail.data;
  const item = data?.item;
  const isTask = item?.kind === 'task' || item?.kind === 'project_task';
  const canEdit = item?.access === 'owner' || item?.access === 'edit';
  return (
    <WorkLayout>
      {detail.isPending && <PageLoading label="Loading" />}
      {detail.error && !(detail.error instanceof ApiError && detail.error.status === 404) && (
        <FormMessage tone="error">{detail.error.message}</FormMessage>
      )}
      {data && item && (
        <>
          {data.breadcrumbs.length > 0 && (
            <nav className="work-breadcrumbs" aria-label="Breadcrumbs">
              <ol>
                {data.breadcrumbs.map((crumb) => (
                  <li key={crumb.id}>
                    <Link to={itemPath(crumb)}>{crumb.title}</Link>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <Header key={item.id} item={item} />
          {item.description && <p>{item.description}</p>}
          {isTask && <TaskFields task={item} milestones={data.milestones} />}
          {(item.kind === 'project' || item.kind === 'private_project') && (
            <MilestonesPanel projectId={item.id} milestones={data.milestones} canEdit={canEdit} />
          )}
          {item.kind === 'document' && <DocumentBody itemId={item.id} body={data.body} canEdit={canEdit} />}
          {item.kind === 'document' && <VersionHistory itemId={item.id} canRestore={canEdit} />}
          {item.kind === 'document' && canEdit && <RequestReviewForm documentId={item.id} />}
          {item.kind !== 'document' && (
            <section className="work-section" aria-labelledby="work-children-heading">
              <h2 id="work-children-heading">{isTask ? 'Sub-tasks' : 'Inside'}</h2>
              {canEdit && <CreateItemForm kinds={childKinds(item.kind)} parentId={item.id} open={false} />}
              <ItemList
                label={isTask ? 'Sub-tasks' : 'Items inside'}
                items={data.children}
                isPending={false}
                error={null}
                empty={isTask ? 'No sub-tasks.' : 'Nothing here yet.'}
              />
            </section>
          )}
          {isTask && <TaskComments taskId={item.id} canComment={item.access !== 'view'} />}
          <SharePanel itemId={item.id} canShare={canEdit && !item.is_private} />
        </>
      )}
    </WorkLayout>
  );
}
