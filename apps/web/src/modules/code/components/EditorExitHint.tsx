/**
 * The way out of a code editor or terminal, where Tab belongs to the code (WCAG 2.1.2): shown while the
 * editor has focus, and read by screen readers through the editor's aria-describedby.
 */
export function EditorExitHint({ id, what = 'editor' }: { id: string; what?: 'editor' | 'terminal' }) {
  return (
    <p id={id} className="editor-exit-hint">
      Press <kbd>Esc</kbd> then <kbd>Tab</kbd> to leave the {what}
    </p>
  );
}
