import '../modules/studio/studio.css';
import type { AuthorCollectionResponse, CollectionCard } from '@coderoom/contracts';
import { PATH_COURSES_MAX } from '@coderoom/contracts';
import { CourseReviewState } from '@coderoom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { authorCollectionQuery } from '../modules/studio/api/authorCollectionQuery';
import { studioKeys } from '../modules/studio/api/studioKeys';
import { useAuthorCollection } from '../modules/studio/api/useAuthorCollection';
import { useSavePath } from '../modules/studio/api/useSavePath';
import { CollaboratorsPanel } from '../modules/studio/components/CollaboratorsPanel';
import { CollectionDetailsForm } from '../modules/studio/components/CollectionDetailsForm';
import { ConflictDialog } from '../modules/studio/components/ConflictDialog';
import { CourseSearchPanel } from '../modules/studio/components/CourseSearchPanel';
import { PathCourseList } from '../modules/studio/components/PathCourseList';
import { ShortcutsDialog } from '../modules/studio/components/ShortcutsDialog';
import { UnsavedChangesDialog } from '../modules/studio/components/UnsavedChangesDialog';
import { useDraftSave } from '../modules/studio/hooks/useDraftSave';
import { useEditorShortcuts } from '../modules/studio/hooks/useEditorShortcuts';
import { type EditorMessage, useReviewActions } from '../modules/studio/hooks/useReviewActions';
import {
  focusAddCollaborator,
  focusCourseSearch,
  focusRenameField,
} from '../modules/studio/utils/focusEditorField';
import { moveListItem } from '../modules/studio/utils/moveListItem';
import { reviewStateLabel } from '../modules/studio/utils/reviewStateLabel';
import { toPathDraft } from '../modules/studio/utils/toPathDraft';
import { toPathRequest } from '../modules/studio/utils/toPathRequest';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

const SHORTCUTS = [
  'save',
  'preview',
  'back',
  'moveUp',
  'moveDown',
  'delete',
  'search',
  'addCollaborators',
  'rename',
  'help',
] as const;

type Message = EditorMessage;

/** Keeps keyboard focus on a moved course's buttons, which React re-renders in the new place. */
function focusMoveButton(collectionId: number, direction: -1 | 1) {
  window.requestAnimationFrame(() => {
    const row = document.querySelector(`.studio-path-course[data-collection-id="${collectionId}"]`);
    const buttons = row?.querySelectorAll<HTMLButtonElement>('.studio-row-actions button') ?? [];
    const [up, down] = [buttons[0], buttons[1]];
    const preferred = direction === -1 ? up : down;
    (preferred && !preferred.disabled ? preferred : direction === -1 ? down : up)?.focus();
  });
}

function PathEditor({ authorId, collectionId }: { authorId: number; collectionId: number }) {
  const query = useAuthorCollection(authorId, collectionId);
  if (query.isPending) return <PageLoading label="Loading the path" />;
  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status === 403 || status === 404 ? status : 500} />;
  }
  if (query.data.collection.work_type !== 'path') {
    return <Navigate replace to={`/collectioneditor/${authorId}/${collectionId}`} />;
  }
  return <LoadedPathEditor authorId={authorId} collectionId={collectionId} loaded={query.data} />;
}

function LoadedPathEditor({
  authorId,
  collectionId,
  loaded,
}: {
  authorId: number;
  collectionId: number;
  loaded: AuthorCollectionResponse;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useAuthorCollection(authorId, collectionId);
  const update = useSavePath(authorId, collectionId);

  const [selected, setSelected] = useState<number | null>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [announcement, setAnnouncement] = useState('');

  const collection = query.data?.collection ?? loaded.collection;
  const canEdit = collection.can_edit;
  usePageTitle(`Edit path: ${collection.title || 'Untitled path'}`);
  const drafts = useDraftSave({
    initialDraft: () => toPathDraft(loaded),
    initialEtag: loaded.etag,
    toRequest: toPathRequest,
    save: (draft, etag) => update.mutateAsync({ etag, request: toPathRequest(draft) }),
    fromSaved: (result: AuthorCollectionResponse) => ({ draft: toPathDraft(result), etag: result.etag }),
    freshEtag: async () =>
      (await queryClient.fetchQuery({ ...authorCollectionQuery(authorId, collectionId), staleTime: 0 })).etag,
    notSaved: 'Could not save.',
    onSettled: (outcome) => {
      if (outcome.ok) {
        void queryClient.invalidateQueries({ queryKey: studioKeys.myCollectionsAll });
        setMessage({ tone: 'success', text: 'Saved.' });
      } else if (!outcome.failure.isConflict) {
        const { error } = outcome;
        setMessage({ tone: 'error', text: error instanceof ApiError ? error.errorText : 'Could not save.' });
      }
    },
  });
  const { draft, setDraft, isDirty, etag, conflict, blocker } = drafts;
  const adopt = (result: AuthorCollectionResponse) => drafts.adopt(toPathDraft(result), result.etag);

  // Later server changes (a review decision, a publish) while nothing is being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: adopt only on new server data
  useEffect(() => {
    if (query.data && !isDirty && query.data.etag !== etag) adopt(query.data);
  }, [query.data]);

  const save = async (): Promise<boolean> => {
    setMessage(null);
    return (await drafts.submit()).ok;
  };

  const addCourse = (course: CollectionCard) => {
    if (draft.courses.some((entry) => entry.collection_id === course.collection_id)) return;
    if (draft.courses.length >= PATH_COURSES_MAX) {
      setMessage({ tone: 'error', text: `A path lists at most ${PATH_COURSES_MAX} courses.` });
      return;
    }
    setDraft({ ...draft, courses: [...draft.courses, course] });
    setAnnouncement(`Added ${course.title} as course ${draft.courses.length + 1}.`);
  };

  const move = (index: number, direction: -1 | 1) => {
    const course = draft.courses[index];
    const target = index + direction;
    if (!course || target < 0 || target >= draft.courses.length) return;
    setDraft({ ...draft, courses: moveListItem(draft.courses, index, direction) });
    setSelected(target);
    setAnnouncement(`Moved ${course.title} to position ${target + 1} of ${draft.courses.length}.`);
    focusMoveButton(course.collection_id, direction);
  };

  const remove = (index: number) => {
    const course = draft.courses[index];
    if (!course) return;
    const rest = draft.courses.filter((_, position) => position !== index);
    setDraft({ ...draft, courses: rest });
    setSelected(null);
    setAnnouncement(`Removed ${course.title}. This takes effect when you save.`);
    // The removed row took focus with it: hand it to the row that took its place, or to the search.
    const next = rest[Math.min(index, rest.length - 1)];
    window.requestAnimationFrame(() =>
      (next
        ? document.querySelector<HTMLElement>(
            `.studio-path-course[data-collection-id="${next.collection_id}"] .studio-collection-title`,
          )
        : document.getElementById('studio-course-search')
      )?.focus(),
    );
  };

  const { submit, publish, submitForReview, publishUpdate } = useReviewActions({
    authorId,
    collectionId,
    isDirty,
    save: () => save(),
    setMessage,
  });

  const previewUrl = `/collection/${authorId}/${collectionId}/draft`;
  useEditorShortcuts({
    save: () => void save(),
    preview: () => navigate(previewUrl),
    back: () => navigate('/teach'),
    moveUp: () => selected !== null && move(selected, -1),
    moveDown: () => selected !== null && move(selected, 1),
    delete: () => selected !== null && remove(selected),
    ...(canEdit ? { search: focusCourseSearch } : {}),
    addCollaborators: focusAddCollaborator,
    rename: focusRenameField,
    help: () => setShowShortcuts(true),
  });

  const isApproved =
    collection.review_state === CourseReviewState.Approved ||
    collection.review_state === CourseReviewState.ApprovedForEarlyAccess;
  const isInReview = collection.review_state === CourseReviewState.SubmittedForReview;
  const lastReview = collection.last_review;
  const chosen = new Set(draft.courses.map((course) => course.collection_id));

  return (
    <main id="main" className="page page-wide studio-collection-editor studio-path-editor">
      <nav className="small muted studio-breadcrumb" aria-label="Breadcrumb">
        <Link to="/teach?tab=paths">Teach</Link> / <span>{collection.title || 'Untitled path'}</span>
      </nav>
      <header className="studio-editor-header">
        <div>
          <h1>{draft.title.trim() || 'Untitled path'}</h1>
          <p className="small muted">
            <span className="badge">Path</span>{' '}
            <span className={`badge studio-state studio-state-${collection.review_state}`}>
              {reviewStateLabel(collection.review_state)}
            </span>{' '}
            {isDirty ? 'Unsaved changes' : 'All changes saved'}
          </p>
        </div>
        <div className="studio-header-actions">
          <Button variant="ghost" onClick={() => setShowShortcuts(true)} aria-label="Keyboard shortcuts">
            ⌨ Shortcuts
          </Button>
          <Link className="btn btn-secondary" to={previewUrl}>
            Preview
          </Link>
          {collection.live_version && (
            <Link className="btn btn-ghost" to={collection.url}>
              Path page
            </Link>
          )}
          {canEdit &&
            (isApproved ? (
              <Button variant="secondary" busy={publish.isPending} onClick={() => void publishUpdate()}>
                Publish changes
              </Button>
            ) : (
              <Button
                variant="secondary"
                busy={submit.isPending}
                disabled={isInReview}
                onClick={() => void submitForReview()}
              >
                {isInReview ? 'In review' : 'Submit for review'}
              </Button>
            ))}
          {canEdit && (
            <Button busy={update.isPending} disabled={!isDirty} onClick={() => void save()}>
              Save
            </Button>
          )}
        </div>
      </header>

      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      {!canEdit && (
        <FormMessage tone="info">You can read this path's draft; only its editors can change it.</FormMessage>
      )}
      {collection.review_state === CourseReviewState.Unapproved && lastReview?.reason && (
        <FormMessage tone="info">Reviewer's note: {lastReview.reason}</FormMessage>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      <fieldset className="studio-path-fieldset" disabled={!canEdit}>
        <legend className="visually-hidden">Path</legend>
        <section className="card section studio-toc" aria-labelledby="studio-path-courses-heading">
          <div className="studio-section-head">
            <h2 id="studio-path-courses-heading">Courses</h2>
            <span className="small muted">
              {draft.courses.length} {draft.courses.length === 1 ? 'course' : 'courses'} · learners take them
              in this order
            </span>
          </div>
          <PathCourseList
            courses={draft.courses}
            selected={selected}
            onSelect={setSelected}
            onMove={move}
            onRemove={remove}
          />
        </section>
        {canEdit && <CourseSearchPanel chosen={chosen} onAdd={addCourse} />}
        <CollectionDetailsForm draft={draft} onChange={(patch) => setDraft({ ...draft, ...patch })} />
      </fieldset>
      <CollaboratorsPanel authorId={authorId} collectionId={collectionId} />

      <ConflictDialog
        open={conflict.isOpen}
        busy={conflict.isOverwriting}
        onSave={conflict.overwrite}
        onCancel={conflict.close}
      />
      <ShortcutsDialog
        open={showShortcuts}
        onOpenChange={setShowShortcuts}
        available={canEdit ? SHORTCUTS : SHORTCUTS.filter((id) => id !== 'search')}
      />
      <UnsavedChangesDialog blocker={blocker} />
    </main>
  );
}

export function PathEditorPage() {
  const params = useParams();
  const authorId = Number(params.authorId);
  const collectionId = Number(params.collectionId);
  if (!Number.isSafeInteger(authorId) || !Number.isSafeInteger(collectionId)) return <ErrorPage code={404} />;
  return (
    <RequireUser>
      <PathEditor key={`${authorId}/${collectionId}`} authorId={authorId} collectionId={collectionId} />
    </RequireUser>
  );
}
