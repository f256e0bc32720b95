import '../modules/studio/studio.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TeachingSettings } from '../modules/account/components/TeachingSettings';
import { openCloudLabEditor } from '../modules/cloudlabs/api/openCloudLabEditor';
import { openProjectEditor } from '../modules/projects/editor/api';
import { RequireUser } from '../modules/session/components/RequireUser';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { studioKeys } from '../modules/studio/api/studioKeys';
import { useMyCollections } from '../modules/studio/api/useMyCollections';
import { CreateCollectionForm } from '../modules/studio/components/CreateCollectionForm';
import { MyCollectionRow } from '../modules/studio/components/MyCollectionRow';
import { ProgressToast, type ToastState } from '../modules/studio/components/ProgressToast';
import { Button } from '../ui/Button';

const TOAST_MS = 4000;
/** Long enough to read the success toast before the editor opens. */
const OPEN_EDITOR_DELAY_MS = 700;

/** The dashboards of spec 000 §2 (courses, paths, drafts), as tabs over one list. */
const TABS = [
  { id: 'all', label: 'All', empty: 'You have no courses or paths yet. Create your first one above.' },
  { id: 'courses', label: 'Courses', empty: 'You have no courses yet.' },
  { id: 'paths', label: 'Paths', empty: 'You have no paths yet. A path puts published courses in order.' },
  { id: 'drafts', label: 'Drafts', empty: 'No drafts: everything you work on is published and approved.' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function queryFor(tab: TabId, page: number): URLSearchParams {
  const query = new URLSearchParams();
  if (tab === 'courses') query.set('work_type', 'course');
  if (tab === 'paths') query.set('work_type', 'path');
  if (tab === 'drafts') query.set('drafts', 'true');
  query.set('page', String(page));
  return query;
}

function MyCollections() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((entry) => entry.id === params.get('tab')) ?? TABS[0];
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, isPending, isError, isFetching, refetch } = useMyCollections(queryFor(tab.id, page));
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  const goToPage = (next: number) => {
    const query = new URLSearchParams();
    if (tab.id !== 'all') query.set('tab', tab.id);
    if (next > 1) query.set('page', String(next));
    setParams(query);
  };

  return (
    <section className="card section" aria-labelledby="studio-mine-heading">
      <h2 id="studio-mine-heading">My collections</h2>
      <nav className="studio-tabs" aria-label="My collections">
        {TABS.map((entry) => (
          <Link
            key={entry.id}
            className={`studio-tab${entry.id === tab.id ? ' active' : ''}`}
            aria-current={entry.id === tab.id ? 'page' : undefined}
            to={entry.id === 'all' ? '/teach' : `/teach?tab=${entry.id}`}
          >
            {entry.label}
          </Link>
        ))}
      </nav>
      <div aria-busy={isFetching}>
        {isPending ? (
          <p className="muted" role="status">
            Loading your collections…
          </p>
        ) : isError ? (
          <div className="empty-state" role="alert">
            <p>Could not load your collections.</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : data.items.length === 0 ? (
          <p className="muted studio-empty-list">{page > 1 ? 'Nothing on this page.' : tab.empty}</p>
        ) : (
          <ul className="studio-collection-list">
            {data.items.map((item) => (
              <MyCollectionRow key={item.collection_id} item={item} />
            ))}
          </ul>
        )}
      </div>
      {data && pages > 1 && (
        <nav className="studio-pager" aria-label="Pages">
          <Button variant="ghost" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
            Previous
          </Button>
          <span className="small muted">
            Page {page} of {pages} · {data.total} in all
          </span>
          <Button variant="ghost" disabled={page >= pages} onClick={() => goToPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}

function Teach() {
  usePageTitle('Teach');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [toast, setToast] = useState<ToastState | null>(null);
  const { data: user } = useUserInfo();

  useEffect(() => {
    if (!toast || toast.tone === 'progress') return;
    const timer = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <main id="main" className="page page-wide">
      <header className="page-header">
        <h1>Teach</h1>
        <p className="muted">
          Create courses, write lessons with live code, put courses together into paths, and send them for
          review. <Link to="/teach/payouts">Payouts and statements</Link>
        </p>
      </header>

      {user && !user.is_author ? (
        // Not an author yet: one click grants it (docs/account.md); invited collaborators still see their list.
        <section className="card section" aria-labelledby="start-teaching-heading">
          <h2 id="start-teaching-heading">Start teaching</h2>
          <TeachingSettings user={user} />
        </section>
      ) : (
        <CreateCollectionForm
          onToast={setToast}
          onCreated={(created, workType) => {
            void queryClient.invalidateQueries({ queryKey: studioKeys.myCollectionsAll });
            const { author_id: authorId, collection_id: collectionId } = created;
            if (workType === 'standalone_project' || workType === 'standalone_cloud_lab') {
              const open = workType === 'standalone_project' ? openProjectEditor : openCloudLabEditor;
              void open(authorId, collectionId).then(
                (editor) => window.setTimeout(() => navigate(editor), OPEN_EDITOR_DELAY_MS),
                () =>
                  setToast({
                    tone: 'error',
                    text: 'It was created, but its editor could not open. Find it under My collections.',
                  }),
              );
              return;
            }
            const editor =
              workType === 'skill_assessment' || workType === 'questionnaire'
                ? `/assessmenteditor/${authorId}/${collectionId}/${collectionId}${workType === 'questionnaire' ? '?assessment_type=questionnaire' : ''}`
                : `/${workType === 'path' ? 'patheditor' : 'collectioneditor'}/${authorId}/${collectionId}`;
            window.setTimeout(() => navigate(editor), OPEN_EDITOR_DELAY_MS);
          }}
        />
      )}

      <MyCollections />
      <ProgressToast toast={toast} onClose={() => setToast(null)} />
    </main>
  );
}

export function TeachPage() {
  return (
    <RequireUser>
      <Teach />
    </RequireUser>
  );
}
