import { useEffect, useRef } from 'react';
import { EDITOR_SHORTCUTS, type ShortcutId } from '../utils/editorShortcuts';

export type ShortcutHandlers = Partial<Record<ShortcutId, () => void>>;

/** Binds the editor's shortcuts that have a handler, for the whole window, while `enabled`. */
export function useEditorShortcuts(handlers: ShortcutHandlers, enabled = true) {
  // Handlers change every render; the listener reads the latest without re-binding.
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      for (const shortcut of EDITOR_SHORTCUTS) {
        const handler = latest.current[shortcut.id];
        if (handler && shortcut.matches(event)) {
          event.preventDefault();
          handler();
          return;
        }
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
