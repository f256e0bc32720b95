import { describe, expect, it } from 'vitest';
import { itemEditorTexts } from './itemEditorTexts';

describe('itemEditorTexts', () => {
  it('words every message for the thing edited', () => {
    const { heading, ...texts } = itemEditorTexts('question');
    expect(texts).toEqual({
      saved: 'Question saved.',
      notSaved: 'The question was not saved.',
      saveBeforeMoving: 'Save the question before moving it.',
      orderNotSaved: 'The order was not saved.',
      notDeleted: 'The question was not deleted.',
      save: 'Save question',
      deleteTitle: 'Delete this question?',
    });
  });

  it('heads the editor with the position, or as new before the first save', () => {
    const { heading } = itemEditorTexts('task');
    expect(heading(3)).toBe('Task 3');
    expect(heading(null)).toBe('New task');
  });

  it('capitalizes only the first letter', () => {
    expect(itemEditorTexts('task').saved).toBe('Task saved.');
    expect(itemEditorTexts('project').notSaved).toBe('The project was not saved.');
  });
});
