// The studio's keyboard shortcuts (spec 000 §2). Letters are matched on event.code so Alt+Shift combos
// work on macOS, where Option changes the typed character.

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
  | 'help';

interface ShortcutDefinition {
  id: ShortcutId;
  keys: string;
  description: string;
  matches: (event: KeyboardEvent) => boolean;
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
  },
  {
    id: 'preview',
    keys: 'Alt + Shift + P',
    description: 'Preview as a reader',
    matches: (e) => altShift(e, 'KeyP'),
  },
  {
    id: 'back',
    keys: 'Alt + Shift + B',
    description: 'Back / exit the editor',
    matches: (e) => altShift(e, 'KeyB'),
  },
  {
    id: 'addLesson',
    keys: 'Alt + Shift + L',
    description: 'Add a lesson',
    matches: (e) => altShift(e, 'KeyL'),
  },
  {
    id: 'addCategory',
    keys: 'Alt + Shift + K',
    description: 'Add a category',
    matches: (e) => altShift(e, 'KeyK'),
  },
  {
    id: 'addModule',
    keys: 'Alt + Shift + M',
    description: 'Add a module',
    matches: (e) => altShift(e, 'KeyM'),
  },
  {
    id: 'moveUp',
    keys: 'Alt + ↑',
    description: 'Move the focused item up',
    matches: (event) => event.altKey && !event.shiftKey && !mod(event) && event.key === 'ArrowUp',
  },
  {
    id: 'moveDown',
    keys: 'Alt + ↓',
    description: 'Move the focused item down',
    matches: (event) => event.altKey && !event.shiftKey && !mod(event) && event.key === 'ArrowDown',
  },
  {
    id: 'clone',
    keys: 'Alt + Shift + C',
    description: 'Copy the focused widget',
    matches: (e) => altShift(e, 'KeyC'),
  },
  {
    id: 'delete',
    keys: 'Alt + Shift + D',
    description: 'Delete the focused item',
    matches: (e) => altShift(e, 'KeyD'),
  },
  {
    id: 'help',
    keys: 'Ctrl/⌘ + /',
    description: 'Show keyboard shortcuts',
    matches: (event) => mod(event) && event.code === 'Slash',
  },
];
