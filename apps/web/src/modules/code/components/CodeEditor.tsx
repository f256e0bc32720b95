import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import type { LanguageId } from '@coderoom/contracts';
import { useEffect, useId, useRef } from 'react';
import { resolveTheme } from '../../theme/resolveTheme';
import { prefersDark } from '../../theme/themeDom';
import { useThemeChoice } from '../../theme/themeStore';
import { codeEditorTheme } from '../codeEditorTheme';
import { loadLanguageExtension } from '../languageSupport';
import { EditorExitHint } from './EditorExitHint';

interface CodeEditorProps {
  value: string;
  language: LanguageId;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onRun: () => void;
  label: string;
}

/**
 * CodeMirror 6 with the language's highlighting; follows the page's light or dark theme. Tab indents, so
 * Escape then Tab leaves (CodeMirror's tab-focus escape), which the editor announces and shows on focus.
 */
export function CodeEditor({ value, language, onChange, onRun, label }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  const themeSlot = useRef(new Compartment());
  const callbacks = useRef({ onChange, onRun });
  callbacks.current = { onChange, onRun };
  const themeChoice = useThemeChoice();
  const hintId = useId();

  // Created once; later prop changes are dispatched into the same editor so undo history survives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once per mount
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          keymap.of([
            {
              key: 'Mod-Enter',
              run: () => {
                callbacks.current.onRun();
                return true;
              },
            },
            indentWithTab,
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          languageSlot.current.of([]),
          themeSlot.current.of(codeEditorTheme(resolveTheme(themeChoice, prefersDark()) === 'dark')),
          // tabindex: axe and some browsers only count tabindexed elements as a scroller's focusable content.
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-describedby': hintId, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
  }, []);

  // The grammar arrives after the editor is up; a later language switch wins over an earlier load.
  useEffect(() => {
    let current = true;
    void loadLanguageExtension(language).then((extension) => {
      if (current) view.current?.dispatch({ effects: languageSlot.current.reconfigure(extension) });
    });
    return () => {
      current = false;
    };
  }, [language]);

  useEffect(() => {
    const dark = resolveTheme(themeChoice, prefersDark()) === 'dark';
    view.current?.dispatch({ effects: themeSlot.current.reconfigure(codeEditorTheme(dark)) });
  }, [themeChoice]);

  // Outside changes (reset, show solution, language switch) replace the document.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return (
    <div className="code-editor has-exit-hint">
      <div ref={host} />
      <EditorExitHint id={hintId} />
    </div>
  );
}
