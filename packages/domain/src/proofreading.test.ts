import { describe, expect, it } from 'vitest';
import { ProofreadingState } from './content.js';
import {
  applyTextEdits,
  diffWords,
  editsOverlap,
  locateText,
  PROOFREADING_MOVES,
  ProofreadingMessages,
} from './proofreading.js';

describe('the proofreading moves', () => {
  it('chain from edit back to edit through every state, each made by one kind of person', () => {
    const { submit, claim, finish_pass, send_to_author, incorporate, approve } = PROOFREADING_MOVES;
    const path = [submit, claim, finish_pass, send_to_author, incorporate, approve];
    expect(path.map((move) => move.from)).toEqual([101, 102, 103, 104, 105, 106]);
    expect(path.map((move) => move.to)).toEqual([102, 103, 104, 105, 106, 101]);
    expect(path.map((move) => move.by)).toEqual([
      'author',
      'proofreader',
      'proofreader',
      'admin',
      'author',
      'admin',
    ]);
  });

  it('names the move and the state in a refusal', () => {
    expect(ProofreadingMessages.IllegalMove('approve', ProofreadingState.Edit)).toBe(
      '"Approve and publish" is not possible while the article is "Edit".',
    );
  });
});

describe('placing and applying text edits', () => {
  it('finds the only occurrence, or the one at the given offset', () => {
    expect(locateText('a cat sat', 'cat')).toBe(2);
    expect(locateText('a cat sat on a cat', 'cat')).toBe('ambiguous');
    expect(locateText('a cat sat on a cat', 'cat', 15)).toBe(15);
    expect(locateText('a cat sat', 'cat', 3)).toBeNull();
    expect(locateText('a cat sat', 'dog')).toBeNull();
    expect(locateText('a cat sat', '')).toBeNull();
  });

  it('applies edits from the end so earlier offsets stay right', () => {
    const text = 'Teh cat and teh dog';
    const edits = [
      { offset: 0, original: 'Teh', replacement: 'The' },
      { offset: 12, original: 'teh', replacement: 'the big' },
    ];
    expect(applyTextEdits(text, edits)).toBe('The cat and the big dog');
    expect(applyTextEdits(text, [...edits].reverse())).toBe('The cat and the big dog');
  });

  it('sees overlapping edits and lets touching ones pass', () => {
    const a = { offset: 0, original: 'abc', replacement: '' };
    expect(editsOverlap(a, { offset: 2, original: 'cd', replacement: '' })).toBe(true);
    expect(editsOverlap(a, { offset: 3, original: 'de', replacement: '' })).toBe(false);
  });
});

describe('diffWords', () => {
  it('keeps runs of unchanged text together and marks the changed words', () => {
    expect(diffWords('the quick fox', 'the slow fox')).toEqual([
      { change: 'equal', text: 'the ' },
      { change: 'removed', text: 'quick' },
      { change: 'added', text: 'slow' },
      { change: 'equal', text: ' fox' },
    ]);
    expect(diffWords('same', 'same')).toEqual([{ change: 'equal', text: 'same' }]);
  });
});
