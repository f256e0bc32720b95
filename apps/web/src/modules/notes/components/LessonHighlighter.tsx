import '../notes.css';
import type { Note } from '@coderoom/contracts';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useUserInfo } from '../../session/hooks/useUserInfo';
import { useCreateHighlight } from '../api/useCreateHighlight';
import { useDeleteNote } from '../api/useDeleteNote';
import { usePageNotes } from '../api/usePageNotes';
import { useUpdateNote } from '../api/useUpdateNote';
import {
  clearHighlights,
  drawHighlights,
  type HighlightAnchor,
  noteIdOf,
  selectionAnchor,
  touchesBlocks,
} from '../utils/highlightDom';
import { HighlightToolbar } from './HighlightToolbar';
import { NoteEditorDialog } from './NoteEditorDialog';

interface LessonHighlighterProps {
  authorId: number;
  collectionId: number;
  pageId: number;
  children: ReactNode;
}

interface PendingSelection {
  anchor: HighlightAnchor;
  position: { top: number; left: number };
  fromKeyboard: boolean;
}

type Editor = { kind: 'new'; anchor: HighlightAnchor } | { kind: 'edit'; note: Note };

/**
 * Lesson content with the learner's highlights and notes: selecting text in a Markdown block offers
 * "Highlight" and "Add note"; saved highlights are drawn as <mark>s, and choosing one edits or deletes it.
 * Logged-out readers get the content as is.
 */
export function LessonHighlighter({ authorId, collectionId, pageId, children }: LessonHighlighterProps) {
  const { data: user } = useUserInfo();
  const signedIn = Boolean(user);
  const notes = usePageNotes({ authorId, workId: collectionId, pageId }, signedIn);
  const create = useCreateHighlight();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<PendingSelection | null>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [status, setStatus] = useState('');

  // Draw the marks, and again whenever the lesson re-renders the blocks they sit in.
  useEffect(() => {
    const container = content.current;
    const list = notes.data;
    if (!container || !list) return;
    let frame = 0;
    const observer = new MutationObserver((mutations) => {
      if (!touchesBlocks(mutations)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(redraw);
    });
    function redraw() {
      if (!container || !list) return;
      observer.disconnect();
      clearHighlights(container);
      drawHighlights(container, list);
      observer.observe(container, { childList: true, subtree: true, characterData: true });
    }
    redraw();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      clearHighlights(container);
    };
  }, [notes.data]);

  // The toolbar goes once the selection does (unless the learner is using the toolbar itself).
  useEffect(() => {
    if (!pending) return;
    const onSelectionChange = () => {
      const selection = document.getSelection();
      const inToolbar = toolbar.current?.contains(document.activeElement) ?? false;
      if ((!selection || selection.isCollapsed) && !inToolbar) setPending(null);
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => document.removeEventListener('selectionchange', onSelectionChange);
  }, [pending]);

  const readSelection = useCallback(
    (fromKeyboard: boolean) => {
      // After the browser has settled the selection for this event.
      window.setTimeout(() => {
        const container = content.current;
        const outer = box.current;
        if (!container || !outer || !signedIn) return;
        const selection = document.getSelection();
        const anchor = selectionAnchor(container, selection);
        if (!anchor || !selection) {
          if (!toolbar.current?.contains(document.activeElement)) setPending(null);
          return;
        }
        const rect = selection.getRangeAt(0).getBoundingClientRect();
        const origin = outer.getBoundingClientRect();
        setPending({
          anchor,
          position: { top: rect.top - origin.top, left: rect.left - origin.left + rect.width / 2 },
          fromKeyboard,
        });
      }, 0);
    },
    [signedIn],
  );

  function openNote(target: EventTarget | null): boolean {
    const noteId = noteIdOf(target);
    const note = noteId === null ? undefined : notes.data?.find((entry) => entry.id === noteId);
    if (!note) return false;
    update.reset();
    remove.reset();
    setEditor({ kind: 'edit', note });
    return true;
  }

  function saveHighlight(anchor: HighlightAnchor, comment: string) {
    create.mutate(
      {
        author_id: authorId,
        work_id: collectionId,
        page_id: pageId,
        widget_id: anchor.widgetId,
        md_child_id: anchor.mdChildId,
        selection_id: `${anchor.start}-${anchor.end}`,
        quote: anchor.quote,
        comment,
      },
      {
        onSuccess: () => {
          document.getSelection()?.removeAllRanges();
          setPending(null);
          setEditor(null);
          setStatus(comment ? 'Note saved.' : 'Highlight saved.');
        },
      },
    );
  }

  const errorText = (error: Error | null) => (error ? error.message : null);

  return (
    <div ref={box} className="lesson-highlighter">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: marks inside are the interactive parts; this only delegates their events */}
      <div
        ref={content}
        onMouseUp={() => readSelection(false)}
        onTouchEnd={() => readSelection(false)}
        onKeyUp={(event) => {
          if (event.shiftKey) readSelection(true);
        }}
        onClick={(event) => {
          if (document.getSelection()?.isCollapsed !== false && openNote(event.target))
            event.preventDefault();
        }}
        onKeyDown={(event) => {
          if ((event.key === 'Enter' || event.key === ' ') && openNote(event.target)) event.preventDefault();
        }}
      >
        {children}
      </div>

      {pending && (
        <div ref={toolbar}>
          <HighlightToolbar
            key={`${pending.anchor.widgetId}:${pending.anchor.mdChildId}:${pending.anchor.start}-${pending.anchor.end}`}
            position={pending.position}
            busy={create.isPending}
            focusOnShow={pending.fromKeyboard}
            onHighlight={() => saveHighlight(pending.anchor, '')}
            onAddNote={() => {
              create.reset();
              setEditor({ kind: 'new', anchor: pending.anchor });
              setPending(null);
            }}
            onDismiss={() => setPending(null)}
          />
        </div>
      )}
      {pending && create.error && !editor && (
        <p className="highlight-error" role="alert">
          Could not save the highlight: {create.error.message}
        </p>
      )}

      {editor?.kind === 'new' && (
        <NoteEditorDialog
          title="Add a note"
          quote={editor.anchor.quote}
          initialComment=""
          busy={create.isPending}
          error={errorText(create.error)}
          onSave={(comment) => saveHighlight(editor.anchor, comment)}
          onClose={() => setEditor(null)}
        />
      )}
      {editor?.kind === 'edit' && (
        <NoteEditorDialog
          key={editor.note.id}
          title={editor.note.comment ? 'Edit note' : 'Add a note'}
          quote={editor.note.quote}
          initialComment={editor.note.comment}
          busy={update.isPending || remove.isPending}
          error={errorText(update.error ?? remove.error)}
          onSave={(comment) =>
            update.mutate(
              { id: editor.note.id, comment, etag: editor.note.etag },
              {
                onSuccess: () => {
                  setEditor(null);
                  setStatus('Note saved.');
                },
              },
            )
          }
          onDelete={() =>
            remove.mutate(editor.note.id, {
              onSuccess: () => {
                setEditor(null);
                setStatus('Highlight deleted.');
              },
            })
          }
          onClose={() => setEditor(null)}
        />
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
