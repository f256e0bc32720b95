import { describe, expect, it } from 'vitest';
import {
  EDITOR_SHORTCUTS,
  isTypingTarget,
  type KeyTarget,
  type ShortcutId,
  shortcutFor,
} from './editorShortcuts';

const press = (code: string, modifiers: Partial<KeyboardEvent> = {}, target: KeyTarget | null = null) =>
  ({
    code,
    key: code.replace(/^Key/, '').toLowerCase(),
    altKey: false,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    target,
    ...modifiers,
  }) as unknown as KeyboardEvent;
const altShift = (code: string, target: KeyTarget | null = null) =>
  press(code, { altKey: true, shiftKey: true }, target);
const all = () => true;

const body: KeyTarget = { tagName: 'BODY', closest: () => null };
const textField: KeyTarget = { tagName: 'INPUT', type: 'text', closest: () => null };
const checkbox: KeyTarget = { tagName: 'INPUT', type: 'checkbox', closest: () => null };
const textarea: KeyTarget = { tagName: 'TEXTAREA', closest: () => null };
// CodeMirror's content is a contenteditable div inside .cm-editor.
const codeEditor: KeyTarget = { tagName: 'DIV', isContentEditable: true, closest: () => ({}) };

describe('editor shortcuts', () => {
  it('maps the search, add-collaborators and rename keys with the labels the dialog shows', () => {
    const byId = (id: ShortcutId) => EDITOR_SHORTCUTS.find((shortcut) => shortcut.id === id);
    expect(byId('search')).toMatchObject({ keys: 'Alt + Shift + S', description: 'Search' });
    expect(byId('addCollaborators')).toMatchObject({
      keys: 'Alt + Shift + A',
      description: 'Add collaborators',
    });
    expect(byId('rename')).toMatchObject({ keys: 'Alt + Shift + R', description: 'Rename' });
    expect(shortcutFor(altShift('KeyS', body), all)?.id).toBe('search');
    expect(shortcutFor(altShift('KeyA', body), all)?.id).toBe('addCollaborators');
    expect(shortcutFor(altShift('KeyR', body), all)?.id).toBe('rename');
  });

  it('gives every key combination to one shortcut only', () => {
    const keys = EDITOR_SHORTCUTS.map((shortcut) => shortcut.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps Save (Ctrl+S) apart from Search (Alt+Shift+S)', () => {
    expect(shortcutFor(press('KeyS', { ctrlKey: true }, body), all)?.id).toBe('save');
    expect(shortcutFor(press('KeyS', { altKey: true }, body), all)).toBeNull();
    expect(shortcutFor(press('KeyS', { shiftKey: true }, body), all)).toBeNull();
  });

  it('leaves the new shortcuts to typing in text fields and the code editor, but still saves there', () => {
    for (const target of [textField, textarea, codeEditor]) {
      expect(shortcutFor(altShift('KeyS', target), all)).toBeNull();
      expect(shortcutFor(altShift('KeyA', target), all)).toBeNull();
      expect(shortcutFor(altShift('KeyR', target), all)).toBeNull();
      expect(shortcutFor(press('KeyS', { metaKey: true }, target), all)?.id).toBe('save');
    }
    expect(shortcutFor(altShift('KeyR', checkbox), all)?.id).toBe('rename');
  });

  it('matches only the shortcuts the editor binds', () => {
    expect(shortcutFor(altShift('KeyS', body), (id) => id !== 'search')).toBeNull();
    expect(shortcutFor(altShift('KeyR', body), (id) => id === 'rename')?.id).toBe('rename');
  });

  it('tells typing targets from others', () => {
    expect(isTypingTarget(textField)).toBe(true);
    expect(isTypingTarget({ tagName: 'input', type: 'email' })).toBe(true);
    expect(isTypingTarget(codeEditor)).toBe(true);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
