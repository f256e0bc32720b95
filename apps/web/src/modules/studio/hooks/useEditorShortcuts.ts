import { useEffect, useRef } from 'react';
import { type ShortcutId, shortcutFor } from '../utils/editorShortcuts';

export type ShortcutHandlers = Partial<Record<ShortcutId, () => void>>;

/**
 * Binds the editor's shortcuts that have a handler, for the whole window, while `enabled`. Shortcuts not
 * meant for typing (search, add collaborators, rename) stay quiet while a text field or code editor has focus.
 */
export function useEditorShortcuts(handlers: ShortcutHandlers, enabled = true) {
  // Handlers change every render; the listener reads the latest without re-binding.
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event, (id) => latest.current[id] !== undefined);
      if (!shortcut) return;
      event.preventDefault();
      latest.current[shortcut.id]?.();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
