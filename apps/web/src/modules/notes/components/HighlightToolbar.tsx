import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/Button';

interface HighlightToolbarProps {
  /** Where the selection ends, relative to the highlighter's box. */
  position: { top: number; left: number };
  busy: boolean;
  /** Keyboard selections move focus here, so the actions are one Tab away at most. */
  focusOnShow: boolean;
  onHighlight: () => void;
  onAddNote: () => void;
  onDismiss: () => void;
}

/** The small bar over a text selection in a lesson. */
export function HighlightToolbar({
  position,
  busy,
  focusOnShow,
  onHighlight,
  onAddNote,
  onDismiss,
}: HighlightToolbarProps) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnShow) first.current?.focus();
  }, [focusOnShow]);

  return (
    <div
      role="toolbar"
      aria-label="Selected text"
      className="highlight-toolbar"
      style={{ top: position.top, left: position.left }}
      // A click on the bar must not clear the selection it acts on.
      onMouseDown={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
    >
      {/* A plain button: the design-system Button does not pass a ref through. */}
      <button
        ref={first}
        type="button"
        className="btn btn-ghost"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={onHighlight}
      >
        Highlight
      </button>
      <Button variant="ghost" disabled={busy} onClick={onAddNote}>
        Add note
      </Button>
    </div>
  );
}
