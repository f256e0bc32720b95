/** How long after Escape a Tab leaves the terminal: CodeMirror's editors give the same two seconds. */
export const ESCAPE_WINDOW_MS = 2000;

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta']);

/** The parts of a KeyboardEvent the rule reads. */
export interface KeyLike {
  type: string;
  key: string;
}

/**
 * A key filter for xterm.js (attachCustomKeyEventHandler): false leaves the key to the browser. Tab and
 * Shift+Tab belong to the shell (completion), except within two seconds of Escape, when they move focus
 * out of the terminal as anywhere else on the page (WCAG 2.1.2). Escape itself still reaches the shell.
 */
export function escapeThenTab(now: () => number = () => performance.now()): (event: KeyLike) => boolean {
  let escapedAt = Number.NEGATIVE_INFINITY;
  return (event) => {
    const isEscaping = now() - escapedAt <= ESCAPE_WINDOW_MS;
    if (event.key === 'Tab' && isEscaping) {
      if (event.type === 'keydown') escapedAt = Number.NEGATIVE_INFINITY;
      return false;
    }
    if (event.type === 'keydown' && !MODIFIERS.has(event.key)) {
      escapedAt = event.key === 'Escape' ? now() : Number.NEGATIVE_INFINITY;
    }
    return true;
  };
}
