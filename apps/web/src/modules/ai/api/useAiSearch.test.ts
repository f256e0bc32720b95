import type { AiSearchResponse } from '@coderoom/contracts';
import { describe, expect, it } from 'vitest';
import { foldStreamEvent, type StreamedAnswer } from './useAiSearch';

const answer: AiSearchResponse = {
  mode: 'extractive',
  answer: 'From the lessons',
  passages: [],
  citations: [],
};

function fold(events: Parameters<typeof foldStreamEvent>[1][]): StreamedAnswer | null {
  return events.reduce<StreamedAnswer | null>(foldStreamEvent, null);
}

describe('foldStreamEvent', () => {
  it('shows the passages at once and appends the model text as it arrives', () => {
    const writing = fold([
      { type: 'passages', answer },
      { type: 'delta', text: 'Use a ' },
      { type: 'delta', text: 'WaitGroup [1].' },
    ]);
    expect(writing).toEqual({ answer, written: 'Use a WaitGroup [1].', state: 'writing' });
    expect(foldStreamEvent(writing, { type: 'done', mode: 'generated' })?.state).toBe('generated');
  });

  it('keeps the extract alone when the model failed after writing part of an answer', () => {
    const cut = fold([
      { type: 'passages', answer },
      { type: 'delta', text: 'Use a ' },
      { type: 'done', mode: 'extractive' },
    ]);
    expect(cut).toEqual({ answer, written: '', state: 'extractive' });
  });

  it('treats a generated answer with no text as the extract', () => {
    const empty = fold([
      { type: 'passages', answer },
      { type: 'done', mode: 'generated' },
    ]);
    expect(empty?.state).toBe('extractive');
  });

  it('ignores text that comes before the passages', () => {
    expect(fold([{ type: 'delta', text: 'stray' }])).toBeNull();
  });
});
