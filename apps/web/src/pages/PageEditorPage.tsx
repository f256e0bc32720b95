import '../modules/studio/studio.css';
import { type AuthorPage, pageDocumentKey, type Widget, type WidgetKind } from '@coderoom/contracts';
import { DefaultTitle } from '@coderoom/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { SHARED_MAPS, STRUCTURE_KEY } from '../modules/collab/utils/collabDocument';
import { RequireUser } from '../modules/session/components/RequireUser';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { authorPageQuery } from '../modules/studio/api/authorPageQuery';
import { useAuthorCollection } from '../modules/studio/api/useAuthorCollection';
import { CollabStatusBadge } from '../modules/studio/components/CollabStatusBadge';
import { CommentsToggle } from '../modules/studio/components/CommentsToggle';
import { ConfirmDialog } from '../modules/studio/components/ConfirmDialog';
import { ConflictDialog } from '../modules/studio/components/ConflictDialog';
import { PagePreview } from '../modules/studio/components/PagePreview';
import { UnsavedChangesDialog } from '../modules/studio/components/UnsavedChangesDialog';
import { WidgetEditorCard } from '../modules/studio/components/WidgetEditorCard';
import { WidgetToolbox } from '../modules/studio/components/WidgetToolbox';
import { useCollabSession } from '../modules/studio/hooks/useCollabSession';
import { useCollabState } from '../modules/studio/hooks/useCollabState';
import { useConflictDialog } from '../modules/studio/hooks/useDraftSave';
import { useEditorShortcuts } from '../modules/studio/hooks/useEditorShortcuts';
import { type SaveStatus, usePageAutosave } from '../modules/studio/hooks/usePageAutosave';
import { useUnsavedChangesGuard } from '../modules/studio/hooks/useUnsavedChangesGuard';
import { type CollabBinding, CollabContext } from '../modules/studio/state/CollabContext';
import { ImageUploadTargetContext } from '../modules/studio/state/ImageUploadTargetContext';
import { copyWidget } from '../modules/studio/utils/copyWidget';
import { createWidget } from '../modules/studio/utils/createWidget';
import { mergeWidgetLists } from '../modules/studio/utils/mergeWidgetLists';
import { versionHistoryPath } from '../modules/studio/utils/versionHistoryPath';
import { widgetTypesOf } from '../modules/studio/utils/widgetTypesOf';
import { withSharedText } from '../modules/studio/utils/withSharedText';
import { moveItem } from '../modules/widgets/utils/moveItem';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';

// Parts most visits never open load when first opened, keeping them out of the editor's first download.
const CommentsPanel = lazy(async () => ({
  default: (await import('../modules/studio/components/CommentsPanel')).CommentsPanel,
}));
const ShortcutsDialog = lazy(async () => ({
  default: (await import('../modules/studio/components/ShortcutsDialog')).ShortcutsDialog,
}));

import { PageLoading } from '../ui/PageLoading';

const SHORTCUTS = ['save', 'preview', 'back', 'moveUp', 'moveDown', 'clone', 'delete', 'help'] as const;

const STATUS_TEXT: Record<Exclude<SaveStatus, 'error'>, string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  conflict: 'Not saved: this lesson was changed somewhere else',
};

interface Address {
  authorId: number;
  collectionId: number;
  pageId: number;
}

function LoadedPageEditor({ address, page }: { address: Address; page: AuthorPage }) {
  const { authorId, collectionId, pageId } = address;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const collection = useAuthorCollection(authorId, collectionId);
  const [title, setTitle] = useState(page.title);
  const [widgets, setWidgets] = useState<Widget[]>(page.components);
  const [selected, setSelected] = useState<number | null>(null);
  const [pendingDelete, setPendingDelete] = useState<number | null>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const [isCommentsOpen, setIsCommentsOpen] = useState(false);
  const uploadTarget = useMemo(() => ({ authorId, collectionId, pageId }), [authorId, collectionId, pageId]);
  const documentKey = pageDocumentKey(authorId, collectionId, pageId);
  const userInfo = useUserInfo();
  const isCollaborative = collection.data?.collection.enable_collaborative_editor === true;
  const session = useCollabSession({
    isEnabled: isCollaborative,
    authorId,
    collectionId,
    pageId,
    user: userInfo.data ? { id: userInfo.data.user_id, name: userInfo.data.full_name } : null,
  });
  // Markdown text and starter code of a collaborative lesson live in the shared document, which the
  // server saves; the widget list only mirrors them for the preview and for structure saves.
  const collab = useMemo<CollabBinding | null>(
    () =>
      session && {
        session,
        onText: (map, compId, text) => setWidgets((current) => withSharedText(current, map, compId, text)),
      },
    [session],
  );

  // The latest edits, for saves started before React renders them; and the server's page they started
  // from, which a live lesson's structure save merges against when it meets someone else's (409).
  const latest = useRef({ title, widgets });
  latest.current = { title, widgets };
  const base = useRef({ title: page.title, widgets: page.components });

  const pageKey = authorPageQuery(authorId, collectionId, pageId).queryKey;
  const autosave = usePageAutosave({
    pageId,
    initialEtag: page.etag,
    readBody: () => ({
      title: latest.current.title.trim() || DefaultTitle.Lesson,
      components: latest.current.widgets,
      // Our copy of the live texts must not replace what the others typed meanwhile.
      ...(session ? { from_live_session: true } : {}),
    }),
    onSaved: (result) => {
      base.current = { title: result.page.title, widgets: result.page.components };
      queryClient.setQueryData(pageKey, result);
      // Tells the other editors of a live lesson to reload the widget list.
      session?.meta.set(STRUCTURE_KEY, result.page.etag);
    },
  });
  const { status } = autosave;
  // Conflicts → Save: overwrite the newer version with this editor's content (the studio's one flow).
  const conflict = useConflictDialog({
    freshEtag: async () => (await fetchFresh()).page.etag,
    saveOn: (etag) => {
      conflict.close();
      return autosave.saveNow(etag);
    },
  });
  const collabState = useCollabState(session);
  // Live text not yet acknowledged by the server counts as unsaved: leaving would drop it.
  const hasUnsyncedText = collabState?.hasLoaded === true && !collabState.isSynced;
  const isDirty = status !== 'saved' || hasUnsyncedText;
  const blocker = useUnsavedChangesGuard(isDirty);
  usePageTitle(`Edit: ${title || DefaultTitle.Lesson}`);

  // A 409 opens the Conflicts modal once per failed save. In a live lesson the text is merged by the
  // server, whose saves change the eTag all the time: a structure save is simply retried on the new one.
  const [seenConflict, setSeenConflict] = useState(false);
  if (status === 'conflict' && !seenConflict) {
    setSeenConflict(true);
    if (!session) conflict.open();
  } else if (status !== 'conflict' && seenConflict) {
    setSeenConflict(false);
  }
  const statusRef = useRef(status);
  statusRef.current = status;

  const changeWidgets = (next: Widget[]) => {
    setWidgets(next);
    autosave.markEdited();
  };

  const fetchFresh = () =>
    queryClient.fetchQuery({ ...authorPageQuery(authorId, collectionId, pageId), staleTime: 0 });

  /** The server's widgets with the live document's texts, which are newer than any save. */
  const withLiveTexts = (components: Widget[]): Widget[] => {
    if (!session) return components;
    let next = components;
    for (const map of SHARED_MAPS) {
      for (const [compId, text] of session.shared(map).entries()) {
        next = withSharedText(next, map, compId, text.toString());
      }
    }
    return next;
  };

  /** Shows the server's page as it is now: nothing local is unsaved. */
  const takeFresh = (fresh: AuthorPage) => {
    base.current = { title: fresh.title, widgets: fresh.components };
    latest.current = { title: fresh.title, widgets: withLiveTexts(fresh.components) };
    setTitle(latest.current.title);
    setWidgets(latest.current.widgets);
    autosave.reset(fresh.etag);
  };

  /**
   * Live lesson, 409: another editor saved the widget list since ours was loaded. Their list is fetched
   * and our structure changes (additions, removals, moves, field edits) are applied on top of it
   * (mergeWidgetLists), then saved on their eTag, so neither side's change is lost.
   */
  const mergeAndSave = async () => {
    const fresh = (await fetchFresh()).page;
    const mine = latest.current;
    const merged = withLiveTexts(mergeWidgetLists(base.current.widgets, mine.widgets, fresh.components));
    const mergedTitle = mine.title === base.current.title ? fresh.title : mine.title;
    base.current = { title: fresh.title, widgets: fresh.components };
    latest.current = { title: mergedTitle, widgets: merged };
    setTitle(mergedTitle);
    setWidgets(merged);
    await autosave.saveNow(fresh.etag);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: one automatic merge per conflict
  useEffect(() => {
    if (session && status === 'conflict') void mergeAndSave();
  }, [session, status]);

  // Another editor of the live lesson saved the widget list: take theirs unless ours is unsaved (then
  // our save follows, meets theirs with a 409 and merges with it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribed once per session
  useEffect(() => {
    if (!session) return;
    const observer = (_event: unknown, transaction: { local: boolean }) => {
      if (transaction.local || statusRef.current !== 'saved') return;
      void fetchFresh().then((fresh) => {
        if (statusRef.current === 'saved') takeFresh(fresh.page);
      });
    };
    session.meta.observe(observer);
    return () => session.meta.unobserve(observer);
  }, [session]);

  const discardAndReload = async () => takeFresh((await fetchFresh()).page);

  const addWidget = (kind: WidgetKind) => {
    const at = selected === null ? widgets.length : selected + 1;
    changeWidgets([...widgets.slice(0, at), createWidget(kind), ...widgets.slice(at)]);
    setSelected(at);
    window.requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(`[data-widget-index="${at}"] textarea, [data-widget-index="${at}"] input`)
        ?.focus(),
    );
  };

  const move = (index: number, direction: -1 | 1) => {
    const to = index + direction;
    if (to < 0 || to >= widgets.length) return;
    changeWidgets(moveItem(widgets, index, direction));
    setSelected(to);
  };

  const copy = (index: number) => {
    const source = widgets[index];
    if (!source) return;
    changeWidgets([...widgets.slice(0, index + 1), copyWidget(source), ...widgets.slice(index + 1)]);
    setSelected(index + 1);
  };

  const previewUrl = `/collection/page/${authorId}/${collectionId}/${pageId}/draft`;
  const preview = async () => {
    if (status !== 'saved' && !(await autosave.saveNow())) return;
    window.open(previewUrl, '_blank', 'noopener');
  };
  const backUrl = `/collectioneditor/${authorId}/${collectionId}`;

  useEditorShortcuts({
    save: () => void autosave.saveNow(),
    preview: () => void preview(),
    back: () => navigate(backUrl),
    moveUp: () => selected !== null && move(selected, -1),
    moveDown: () => selected !== null && move(selected, 1),
    clone: () => selected !== null && copy(selected),
    delete: () => selected !== null && setPendingDelete(selected),
    help: () => setShowShortcuts(true),
  });

  const courseTitle = collection.data?.collection.title || 'Untitled course';
  return (
    <main id="main" className="studio-page-editor">
      {/* The title is an input here; the page still needs its one heading to name it (WCAG 2.4.6). */}
      <h1 className="visually-hidden">Edit lesson: {title || DefaultTitle.Lesson}</h1>
      <header className="studio-page-editor-bar">
        <div className="studio-page-editor-title">
          <nav className="small muted studio-breadcrumb" aria-label="Breadcrumb">
            <Link to="/teach">Teach</Link> / <Link to={backUrl}>{courseTitle}</Link>
          </nav>
          <input
            className="studio-title-input"
            aria-label="Lesson title"
            value={title}
            placeholder={DefaultTitle.Lesson}
            maxLength={200}
            onChange={(event) => {
              setTitle(event.target.value);
              autosave.markEdited();
            }}
          />
        </div>
        {session && <CollabStatusBadge session={session} />}
        <p className={`small studio-save-status studio-save-${status}`} role="status" aria-live="polite">
          {status === 'error'
            ? `Not saved: ${autosave.errorText}`
            : session && status === 'conflict'
              ? STATUS_TEXT.saving
              : STATUS_TEXT[status]}
        </p>
        <div className="studio-header-actions">
          <Button variant="ghost" onClick={() => setShowShortcuts(true)} aria-label="Keyboard shortcuts">
            ⌨ Shortcuts
          </Button>
          <CommentsToggle
            documentKey={documentKey}
            isOpen={isCommentsOpen}
            onToggle={() => setIsCommentsOpen(!isCommentsOpen)}
          />
          <Link className="btn btn-ghost" to={versionHistoryPath(authorId, collectionId, pageId)}>
            History
          </Link>
          <Button variant="secondary" onClick={() => void preview()}>
            Preview
          </Button>
          <Button
            busy={status === 'saving'}
            disabled={status === 'saved'}
            onClick={() => void autosave.saveNow()}
          >
            Save
          </Button>
        </div>
      </header>
      {status === 'conflict' && !conflict.isOpen && !session && (
        <div className="form-message form-message-error studio-conflict-bar" role="alert">
          This lesson was changed in another tab or by someone else.
          <Button variant="secondary" onClick={conflict.open}>
            Overwrite with my version
          </Button>
          <Button variant="ghost" onClick={() => void discardAndReload()}>
            Discard my changes and load theirs
          </Button>
        </div>
      )}

      <div className="studio-page-editor-body">
        <WidgetToolbox onAdd={addWidget} widgetTypes={widgetTypesOf(widgets)} />
        <ImageUploadTargetContext.Provider value={uploadTarget}>
          <CollabContext.Provider value={collab}>
            <div className="studio-widget-list">
              {widgets.length === 0 && (
                <div className="card section studio-empty">
                  <h2>This lesson is empty</h2>
                  <p className="muted">
                    Pick a widget on the left: Markdown for prose, Code for a runnable exercise, and more.
                  </p>
                </div>
              )}
              {widgets.map((widget, index) => (
                <WidgetEditorCard
                  key={widget.comp_id}
                  widget={widget}
                  index={index}
                  count={widgets.length}
                  isSelected={selected === index}
                  onChange={(next) => changeWidgets(widgets.map((w, at) => (at === index ? next : w)))}
                  onSelect={() => setSelected(index)}
                  onMove={(direction) => move(index, direction)}
                  onCopy={() => copy(index)}
                  onDelete={() => setPendingDelete(index)}
                />
              ))}
            </div>
          </CollabContext.Provider>
        </ImageUploadTargetContext.Provider>
        {/* The threads take the preview's column while open: both are views beside the editing. */}
        {isCommentsOpen ? (
          <Suspense fallback={<div className="studio-comments-panel" aria-busy="true" />}>
            <CommentsPanel documentKey={documentKey} onClose={() => setIsCommentsOpen(false)} />
          </Suspense>
        ) : (
          <PagePreview title={title || DefaultTitle.Lesson} widgets={widgets} />
        )}
      </div>

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete widget"
        message="Are you sure you want to close this widget? Its content will be lost."
        confirmLabel="Delete widget"
        danger
        onConfirm={() => {
          if (pendingDelete !== null) changeWidgets(widgets.filter((_, at) => at !== pendingDelete));
          setPendingDelete(null);
          setSelected(null);
        }}
        onCancel={() => setPendingDelete(null)}
      />
      <ConflictDialog
        open={conflict.isOpen}
        busy={conflict.isOverwriting}
        onSave={conflict.overwrite}
        onCancel={conflict.close}
      />
      {showShortcuts && (
        <Suspense fallback={null}>
          <ShortcutsDialog open onOpenChange={setShowShortcuts} available={SHORTCUTS} />
        </Suspense>
      )}
      <UnsavedChangesDialog blocker={blocker} />
    </main>
  );
}

function PageEditor({ address }: { address: Address }) {
  const query = useQuery(authorPageQuery(address.authorId, address.collectionId, address.pageId));
  if (query.isPending) return <PageLoading label="Loading the lesson" />;
  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status === 403 || status === 404 ? status : 500} />;
  }
  return <LoadedPageEditor address={address} page={query.data.page} />;
}

export function PageEditorPage() {
  const params = useParams();
  const address = {
    authorId: Number(params.authorId),
    collectionId: Number(params.collectionId),
    pageId: Number(params.pageId),
  };
  if (!Object.values(address).every((id) => Number.isSafeInteger(id) && id > 0))
    return <ErrorPage code={404} />;
  return (
    <RequireUser>
      <PageEditor key={`${address.authorId}/${address.collectionId}/${address.pageId}`} address={address} />
    </RequireUser>
  );
}
