import { defaultKeymap } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import * as Y from 'yjs';
import { EditorExitHint } from '../../code/components/EditorExitHint';
import type { CollabSession } from '../createCollabSession';
import type { SharedMap } from '../utils/collabDocument';

interface CollaborativeTextFieldProps {
  session: CollabSession;
  /** Which shared field (Markdown text, starter code). */
  map: SharedMap;
  compId: string;
  /** The widget's text as the page was loaded; seeds the shared text if the document has none yet. */
  initialText: string;
  label: string;
  placeholder: string;
  /** Monospace without spell-check (the editor is monospace anyway; this only sets the class). */
  isCode?: boolean;
  /** Every change of the shared text, local or remote (for the preview; the server saves the text). */
  onText: (text: string) => void;
}

/**
 * A widget's text field bound to the lesson's live document: CodeMirror 6 with y-codemirror.next, so
 * edits merge character by character and the other editors' cursors and selections show with their
 * names.
 */
export function CollaborativeTextField({
  session,
  map,
  compId,
  initialText,
  label,
  placeholder: placeholderText,
  isCode = false,
  onText,
}: CollaborativeTextFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const hintId = useId();
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const callbacks = useRef({ onText, initialText });
  callbacks.current = { onText, initialText };
  // Bumped when the map's entry for this widget is replaced (another editor created it first).
  const [binding, setBinding] = useState(0);

  useEffect(() => {
    const observer = (event: Y.YMapEvent<Y.Text>) => {
      if (event.keysChanged.has(compId)) setBinding((count) => count + 1);
    };
    const texts = session.shared(map);
    texts.observe(observer);
    return () => texts.unobserve(observer);
  }, [session, map, compId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `binding` rebinds to a replaced Y.Text
  useEffect(() => {
    if (!state.hasLoaded || !host.current) return;
    const texts = session.shared(map);
    let text = texts.get(compId);
    if (!text) {
      // A widget added after the document was loaded: its text starts as the widget's own.
      text = new Y.Text(callbacks.current.initialText);
      texts.set(compId, text);
    }
    const shared = text;
    const undoManager = new Y.UndoManager(shared);
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: shared.toString(),
        extensions: [
          keymap.of([...yUndoManagerKeymap, ...defaultKeymap]),
          EditorView.lineWrapping,
          placeholder(placeholderText),
          EditorState.readOnly.of(state.isReadOnly),
          EditorView.contentAttributes.of({
            'aria-labelledby': labelId,
            'aria-describedby': hintId,
            tabindex: '0',
            'data-comp-id': compId,
            spellcheck: isCode ? 'false' : 'true',
          }),
          yCollab(shared, session.provider.awareness, { undoManager }),
        ],
      }),
    });
    const observer = () => callbacks.current.onText(shared.toString());
    shared.observe(observer);
    if (shared.toString() !== callbacks.current.initialText) observer();
    return () => {
      shared.unobserve(observer);
      view.destroy();
      undoManager.destroy();
    };
  }, [
    session,
    map,
    compId,
    state.hasLoaded,
    state.isReadOnly,
    binding,
    labelId,
    hintId,
    placeholderText,
    isCode,
  ]);

  return (
    <div className={`field studio-textarea collab-field${isCode ? ' collab-field-code' : ''}`}>
      <span className="collab-field-label" id={labelId}>
        {label}
      </span>
      {!state.hasLoaded && <p className="small muted">Connecting to the live document…</p>}
      <div className="has-exit-hint">
        <div className="collab-field-editor" ref={host} />
        <EditorExitHint id={hintId} />
      </div>
    </div>
  );
}
