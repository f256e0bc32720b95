import '../modules/studio/studio.css';
import type { AuthorCollectionResponse } from '@coderoom/contracts';
import { CourseReviewState, DefaultTitle, isOfflineStatus, WorkType } from '@coderoom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { openCloudLabEditor } from '../modules/cloudlabs/api/openCloudLabEditor';
import { openProjectEditor } from '../modules/projects/editor/api';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { authorCollectionQuery } from '../modules/studio/api/authorCollectionQuery';
import { useAuthorCollection } from '../modules/studio/api/useAuthorCollection';
import { useCreatePage } from '../modules/studio/api/useCreatePage';
import { useUpdateCollection } from '../modules/studio/api/useUpdateCollection';
import { CollaboratorsPanel } from '../modules/studio/components/CollaboratorsPanel';
import { CollectionDetailsForm } from '../modules/studio/components/CollectionDetailsForm';
import { ConfirmDialog } from '../modules/studio/components/ConfirmDialog';
import { ConflictDialog } from '../modules/studio/components/ConflictDialog';
import { OfflineSwitch } from '../modules/studio/components/OfflineSwitch';
import { ReviewChecklistPanel } from '../modules/studio/components/ReviewChecklistPanel';
import { ShortcutsDialog } from '../modules/studio/components/ShortcutsDialog';
import { TocEditor } from '../modules/studio/components/TocEditor';
import { UnsavedChangesDialog } from '../modules/studio/components/UnsavedChangesDialog';
import { useDraftSave } from '../modules/studio/hooks/useDraftSave';
import { useEditorShortcuts } from '../modules/studio/hooks/useEditorShortcuts';
import { type EditorMessage, useReviewActions } from '../modules/studio/hooks/useReviewActions';
import { focusAddCollaborator, focusRenameField } from '../modules/studio/utils/focusEditorField';
import { moveTocItem } from '../modules/studio/utils/moveTocItem';
import { newCompId } from '../modules/studio/utils/newCompId';
import { removeTocItem } from '../modules/studio/utils/removeTocItem';
import { reviewStateLabel } from '../modules/studio/utils/reviewStateLabel';
import { type CollectionDraft, toCollectionDraft } from '../modules/studio/utils/toCollectionDraft';
import { toCollectionRequest } from '../modules/studio/utils/toCollectionRequest';
import type { TocSelection } from '../modules/studio/utils/tocSelection';
import { versionHistoryPath } from '../modules/studio/utils/versionHistoryPath';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

const SHORTCUTS = [
  'save',
  'preview',
  'back',
  'addLesson',
  'addCategory',
  'moveUp',
  'moveDown',
  'delete',
  'addCollaborators',
  'rename',
  'help',
] as const;

type Message = EditorMessage;

function titleOfRow(draft: CollectionDraft, row: TocSelection): string {
  if (row.kind === 'category') return draft.categories[row.category]?.title.trim() || DefaultTitle.Category;
  const lessons = row.category === -1 ? draft.loose : draft.categories[row.category]?.lessons;
  return lessons?.[row.lesson]?.title.trim() || DefaultTitle.Lesson;
}

function CollectionEditor({ authorId, collectionId }: { authorId: number; collectionId: number }) {
  const query = useAuthorCollection(authorId, collectionId);
  if (query.isPending) return <PageLoading label="Loading the course" />;
  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status === 403 || status === 404 ? status : 500} />;
  }
  // Paths list courses, not lessons: they have their own editor.
  if (query.data.collection.work_type === 'path') {
    return <Navigate replace to={`/patheditor/${authorId}/${collectionId}`} />;
  }
  return <LoadedCollectionEditor authorId={authorId} collectionId={collectionId} loaded={query.data} />;
}

function LoadedCollectionEditor({
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
  const update = useUpdateCollection(authorId, collectionId);
  const createPage = useCreatePage();

  const [selection, setSelection] = useState<TocSelection | null>(null);
  const [pendingDelete, setPendingDelete] = useState<TocSelection | null>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [focusPageId, setFocusPageId] = useState<number | null>(null);

  const collection = query.data?.collection ?? loaded.collection;
  usePageTitle(`Edit: ${collection.title || 'Untitled course'}`);
  const drafts = useDraftSave({
    initialDraft: () => toCollectionDraft(loaded),
    initialEtag: loaded.etag,
    toRequest: toCollectionRequest,
    save: (draft, etag) => update.mutateAsync({ etag, request: toCollectionRequest(draft) }),
    fromSaved: (result: AuthorCollectionResponse) => ({
      draft: toCollectionDraft(result),
      etag: result.etag,
    }),
    freshEtag: async () =>
      (await queryClient.fetchQuery({ ...authorCollectionQuery(authorId, collectionId), staleTime: 0 })).etag,
    notSaved: 'Could not save.',
    onSettled: (outcome) => {
      if (outcome.ok) {
        setMessage({ tone: 'success', text: 'Saved.' });
      } else if (!outcome.failure.isConflict) {
        const { error } = outcome;
        setMessage({ tone: 'error', text: error instanceof ApiError ? error.errorText : 'Could not save.' });
      }
    },
  });
  const { draft, setDraft, isDirty, etag, conflict, blocker } = drafts;
  const adopt = (result: AuthorCollectionResponse) => drafts.adopt(toCollectionDraft(result), result.etag);

  // Later server changes (after a review decision, a publish) while nothing is being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: adopt only on new server data
  useEffect(() => {
    if (query.data && !isDirty && query.data.etag !== etag) adopt(query.data);
  }, [query.data]);

  // A new lesson's title is ready to be typed over.
  useEffect(() => {
    if (focusPageId === null) return;
    const input = document.querySelector<HTMLInputElement>(`[data-page-id="${focusPageId}"] input`);
    input?.focus();
    input?.select();
    setFocusPageId(null);
  }, [focusPageId]);

  const save = async (): Promise<boolean> => {
    setMessage(null);
    return (await drafts.submit()).ok;
  };

  const addLesson = async (category: number) => {
    if (isDirty && !(await save())) return;
    setMessage(null);
    try {
      const created = await createPage.mutateAsync({
        author_id: authorId,
        collection_id: collectionId,
        // The hidden __default category is index 0 on the server.
        category_index: category + 1,
      });
      const fresh = await queryClient.fetchQuery({
        ...authorCollectionQuery(authorId, collectionId),
        staleTime: 0,
      });
      adopt(fresh);
      setFocusPageId(created.page.page_id);
    } catch (error) {
      setMessage({
        tone: 'error',
        text: error instanceof ApiError ? error.errorText : 'Could not add the lesson.',
      });
    }
  };

  const addCategory = () => {
    setDraft({ ...draft, categories: [...draft.categories, { key: newCompId(), title: '', lessons: [] }] });
    setSelection({ kind: 'category', category: draft.categories.length });
    window.requestAnimationFrame(() =>
      document
        .querySelector<HTMLInputElement>('.studio-category:last-of-type .studio-category-title')
        ?.focus(),
    );
  };

  const move = (row: TocSelection, direction: -1 | 1) => {
    const moved = moveTocItem(draft, row, direction);
    setDraft({ ...draft, ...moved.toc });
    setSelection(moved.selection);
  };

  const { submit, publish, submitForReview, publishUpdate } = useReviewActions({
    authorId,
    collectionId,
    isDirty,
    save: () => save(),
    setMessage,
  });

  const previewUrl = `/collection/${authorId}/${collectionId}/draft`;
  const lastCategory = draft.categories.length - 1;
  useEditorShortcuts({
    save: () => void save(),
    preview: () => navigate(previewUrl),
    back: () => navigate('/teach'),
    addLesson: () => void addLesson(selection?.category ?? lastCategory),
    addCategory,
    moveUp: () => selection && move(selection, -1),
    moveDown: () => selection && move(selection, 1),
    delete: () => selection && setPendingDelete(selection),
    addCollaborators: focusAddCollaborator,
    rename: focusRenameField,
    help: () => setShowShortcuts(true),
  });

  const isApproved =
    collection.review_state === CourseReviewState.Approved ||
    collection.review_state === CourseReviewState.ApprovedForEarlyAccess;
  const isInReview = collection.review_state === CourseReviewState.SubmittedForReview;
  const lastReview = collection.last_review;

  return (
    <main id="main" className="page page-wide studio-collection-editor">
      <nav className="small muted studio-breadcrumb" aria-label="Breadcrumb">
        <Link to="/teach">Teach</Link> / <span>{collection.title || 'Untitled course'}</span>
      </nav>
      <header className="studio-editor-header">
        <div>
          <h1>{draft.title.trim() || 'Untitled course'}</h1>
          <p className="small muted">
            <span className={`badge studio-state studio-state-${collection.review_state}`}>
              {reviewStateLabel(collection.review_state)}
            </span>{' '}
            {isOfflineStatus(collection.status) && (
              <>
                <span className="badge studio-state studio-state-offline">Offline</span>{' '}
              </>
            )}
            {isDirty ? 'Unsaved changes' : 'All changes saved'}
          </p>
        </div>
        <div className="studio-header-actions">
          <Button variant="ghost" onClick={() => setShowShortcuts(true)} aria-label="Keyboard shortcuts">
            ⌨ Shortcuts
          </Button>
          <Link className="btn btn-ghost" to={versionHistoryPath(authorId, collectionId)}>
            History
          </Link>
          {collection.work_type === WorkType.Course && (
            <Link className="btn btn-ghost" to={`/collectioneditor/${authorId}/${collectionId}/learner-help`}>
              Learner help
            </Link>
          )}
          {collection.work_type === 'standalone_cloud_lab' && (
            <Button
              variant="secondary"
              onClick={() =>
                void openCloudLabEditor(authorId, collectionId).then((editor) => navigate(editor))
              }
            >
              Edit lab
            </Button>
          )}
          {collection.work_type === 'standalone_project' && (
            <Button
              variant="secondary"
              onClick={() =>
                void openProjectEditor(authorId, collectionId).then((editor) => navigate(editor))
              }
            >
              Edit project
            </Button>
          )}
          {(collection.work_type === 'skill_assessment' || collection.work_type === 'questionnaire') && (
            <Link
              className="btn btn-secondary"
              to={`/assessmenteditor/${authorId}/${collectionId}/${collectionId}${collection.work_type === 'questionnaire' ? '?assessment_type=questionnaire' : ''}`}
            >
              Edit questions
            </Link>
          )}
          <Link className="btn btn-secondary" to={previewUrl}>
            Preview
          </Link>
          {isApproved ? (
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
          )}
          <Button busy={update.isPending} disabled={!isDirty} onClick={() => void save()}>
            Save
          </Button>
        </div>
      </header>

      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      {collection.review_state === CourseReviewState.Unapproved && lastReview?.reason && (
        <FormMessage tone="info">Reviewer's note: {lastReview.reason}</FormMessage>
      )}

      {collection.work_type === 'course' && !isApproved && !isInReview && (
        <div className="card section">
          <ReviewChecklistPanel authorId={authorId} collectionId={collectionId} audience="author" />
        </div>
      )}
      <OfflineSwitch collection={collection} />
      <CollectionDetailsForm
        draft={draft}
        onChange={(patch) => setDraft({ ...draft, ...patch })}
        {...(collection.work_type === 'course' ? { cover: { authorId, collectionId } } : {})}
      />
      <TocEditor
        toc={draft}
        selection={selection}
        isAddingLesson={createPage.isPending}
        pageEditorUrl={(pageId) => `/pageeditor/${authorId}/${collectionId}/${pageId}`}
        onChange={(toc) => setDraft({ ...draft, ...toc })}
        onSelect={setSelection}
        onMove={move}
        onDelete={setPendingDelete}
        onAddCategory={addCategory}
        onAddLesson={(category) => void addLesson(category)}
      />
      <CollaboratorsPanel authorId={authorId} collectionId={collectionId} />

      <ConfirmDialog
        open={pendingDelete !== null}
        title={pendingDelete?.kind === 'category' ? 'Delete category' : 'Delete lesson'}
        message={
          pendingDelete
            ? `Permanently delete "${titleOfRow(draft, pendingDelete)}"${
                pendingDelete.kind === 'category' ? ' and every lesson in it' : ''
              }? This takes effect when you save.`
            : ''
        }
        confirmLabel="Delete"
        danger
        onConfirm={() => {
          if (pendingDelete) setDraft({ ...draft, ...removeTocItem(draft, pendingDelete) });
          setPendingDelete(null);
          setSelection(null);
        }}
        onCancel={() => setPendingDelete(null)}
      />
      <ConflictDialog
        open={conflict.isOpen}
        busy={conflict.isOverwriting}
        onSave={conflict.overwrite}
        onCancel={conflict.close}
      />
      <ShortcutsDialog open={showShortcuts} onOpenChange={setShowShortcuts} available={SHORTCUTS} />
      <UnsavedChangesDialog blocker={blocker} />
    </main>
  );
}

export function CollectionEditorPage() {
  const params = useParams();
  const authorId = Number(params.authorId);
  const collectionId = Number(params.collectionId);
  if (!Number.isSafeInteger(authorId) || !Number.isSafeInteger(collectionId)) return <ErrorPage code={404} />;
  return (
    <RequireUser>
      <CollectionEditor key={`${authorId}/${collectionId}`} authorId={authorId} collectionId={collectionId} />
    </RequireUser>
  );
}
