import type { EditorQuestion } from '@coderoom/contracts';
import { describe, expect, it } from 'vitest';
import { newQuestionDraft, nextOptionId, toQuestionDraft, toSaveRequest, withKind } from './questionDraft';

const stored: EditorQuestion = {
  question_id: 7,
  position: 0,
  content: {
    kind: 'multiple_answer',
    difficulty: 1002,
    skill: 'Syntax',
    text: 'Pick the even numbers',
    options: [
      { id: 'a', text: '2' },
      { id: 'b', text: '3' },
      { id: 'c', text: '4' },
    ],
    language: null,
    starter_code: null,
  },
  protected_content: { correct_option_ids: ['a', 'c'], explanation: null, test_cases: [], solution: null },
  updated_at: '2026-11-23T00:00:00.000Z',
};

describe('question drafts', () => {
  it('round-trips a stored question through the form state into the serialised save', () => {
    const request = toSaveRequest(toQuestionDraft(stored, 'python3'));
    expect(JSON.parse(request.content)).toEqual(stored.content);
    expect(JSON.parse(request.protected_content)).toEqual(stored.protected_content);
  });

  it('sends only what belongs to the kind and drops empty test rows', () => {
    const draft = {
      ...toQuestionDraft(stored, 'go'),
      kind: 'code' as const,
      solution: 'package main',
      testCases: [
        { input: '1', output: '2' },
        { input: '', output: '' },
      ],
    };
    const request = toSaveRequest(draft);
    expect(JSON.parse(request.content)).toMatchObject({ options: [], language: 'go', starter_code: '' });
    expect(JSON.parse(request.protected_content)).toMatchObject({
      correct_option_ids: [],
      test_cases: [{ input: '1', output: '2' }],
      solution: 'package main',
    });
  });

  it('keeps one correct option when switching to multiple choice', () => {
    const single = withKind(toQuestionDraft(stored, null), 'multiple_choice');
    expect(single.options.map((option) => option.correct)).toEqual([true, false, false]);
  });

  it('numbers new options after the letters in use and starts new questions with two options', () => {
    expect(nextOptionId([{ id: 'a', text: '', correct: false }])).toBe('b');
    const all = Array.from({ length: 26 }, (_, index) => ({
      id: String.fromCharCode(97 + index),
      text: '',
      correct: false,
    }));
    expect(nextOptionId(all)).toBe('o27');
    expect(newQuestionDraft(['Loops'], null)).toMatchObject({ skill: 'Loops', language: 'python3' });
  });
});
