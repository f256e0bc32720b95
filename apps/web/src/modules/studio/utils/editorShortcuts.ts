// The studio's keyboard shortcuts (spec 000 §2). Letters are matched on event.code so Alt+Shift combos
// work on macOS, where Option changes the typed character.
//
// The spec names the actions (toggle sidebar, search, save, back/exit, preview, add collaborators, add items,
// move, clone, delete, rename, link content) but not their keys; the keys here follow one convention.
// Toggle sidebar and link content are not bound: the editors have no sidebar and no link-content picker yet.

export type ShortcutId =
  | 'save'
  | 'preview'
  | 'back'
  | 'addLesson'
  | 'addCategory'
  | 'addModule'
  | 'moveUp'
  | 'moveDown'
  | 'clone'
  | 'delete'
  | 'search'
  | 'addCollaborators'
  | 'rename'
  | 'help';

interface ShortcutDefinition {
  id: ShortcutId;
  keys: string;
  description: string;
  matches: (event: KeyboardEvent) => boolean;
  /** Also fires while the focus is in a text field or the code editor (Save works there, typing is saved). */
  whileTyping: boolean;
}

/** The part of an event target the typing check reads (an Element in the browser). */
export interface KeyTarget {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
}

const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'file',
  'image',
  'range',
  'color',
]);

/** True when keys pressed at `target` type text: an input, a textarea, a select, contenteditable, code editor. */
export function isTypingTarget(target: KeyTarget | null | undefined): boolean {
  if (!target?.tagName) return false;
  const tag = target.tagName.toUpperCase();
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (target.isContentEditable) return true;
  return Boolean(target.closest?.('.cm-editor, .monaco-editor, [contenteditable="true"]'));
}

const mod = (event: KeyboardEvent) => event.ctrlKey || event.metaKey;
const altShift = (event: KeyboardEvent, code: string) =>
  event.altKey && event.shiftKey && !mod(event) && event.code === code;

export const EDITOR_SHORTCUTS: readonly ShortcutDefinition[] = [
  {
    id: 'save',
    keys: 'Ctrl/⌘ + S',
    description: 'Save',
    matches: (event) => mod(event) && !event.altKey && event.code === 'KeyS',
    whileTyping: true,
  },
  {
    id: 'preview',
    keys: 'Alt + Shift + P',
    description: 'Preview as a reader',
    matches: (e) => altShift(e, 'KeyP'),
    whileTyping: true,
  },
  {
    id: 'back',
    keys: 'Alt + Shift + B',
    description: 'Back / exit the editor',
    matches: (e) => altShift(e, 'KeyB'),
    whileTyping: true,
  },
  {
    id: 'addLesson',
    keys: 'Alt + Shift + L',
    description: 'Add a lesson',
    matches: (e) => altShift(e, 'KeyL'),
    whileTyping: true,
  },
  {
    id: 'addCategory',
    keys: 'Alt + Shift + K',
    description: 'Add a category',
    matches: (e) => altShift(e, 'KeyK'),
    whileTyping: true,
  },
  {
    id: 'addModule',
    keys: 'Alt + Shift + M',
    description: 'Add a module',
    matches: (e) => altShift(e, 'KeyM'),
    whileTyping: true,
  },
  {
    id: 'moveUp',
    keys: 'Alt + ↑',
    description: 'Move the focused item up',
    matches: (event) => event.altKey && !event.shiftKey && !mod(event) && event.key === 'ArrowUp',
    whileTyping: true,
  },
  {
    id: 'moveDown',
    keys: 'Alt + ↓',
    description: 'Move the focused item down',
    matches: (event) => event.altKey && !event.shiftKey && !mod(event) && event.key === 'ArrowDown',
    whileTyping: true,
  },
  {
    id: 'clone',
    keys: 'Alt + Shift + C',
    description: 'Copy the focused widget',
    matches: (e) => altShift(e, 'KeyC'),
    whileTyping: true,
  },
  {
    id: 'delete',
    keys: 'Alt + Shift + D',
    description: 'Delete the focused item',
    matches: (e) => altShift(e, 'KeyD'),
    whileTyping: true,
  },
  {
    id: 'search',
    keys: 'Alt + Shift + S',
    description: 'Search',
    matches: (e) => altShift(e, 'KeyS'),
    whileTyping: false,
  },
  {
    id: 'addCollaborators',
    keys: 'Alt + Shift + A',
    description: 'Add collaborators',
    matches: (e) => altShift(e, 'KeyA'),
    whileTyping: false,
  },
  {
    id: 'rename',
    keys: 'Alt + Shift + R',
    description: 'Rename',
    matches: (e) => altShift(e, 'KeyR'),
    whileTyping: false,
  },
  {
    id: 'help',
    keys: 'Ctrl/⌘ + /',
    description: 'Show keyboard shortcuts',
    matches: (event) => mod(event) && event.code === 'Slash',
    whileTyping: true,
  },
];

/** The shortcut a key press triggers among those with a handler, or null (typing keeps its keys). */
export function shortcutFor(
  event: KeyboardEvent,
  bound: (id: ShortcutId) => boolean,
): ShortcutDefinition | null {
  const typing = isTypingTarget(event.target as KeyTarget | null);
  return (
    EDITOR_SHORTCUTS.find(
      (shortcut) => bound(shortcut.id) && (shortcut.whileTyping || !typing) && shortcut.matches(event),
    ) ?? null
  );
}
