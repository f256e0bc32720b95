import { describe, expect, it } from 'vitest';
import { moveListItem } from './moveListItem';

describe('moveListItem', () => {
  it('moves an item one place up or down', () => {
    expect(moveListItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveListItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list as it is at either end or for an unknown position', () => {
    expect(moveListItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveListItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveListItem(['a', 'b'], 5, -1)).toEqual(['a', 'b']);
  });

  it('does not change the list it was given', () => {
    const items = ['a', 'b'];
    moveListItem(items, 0, 1);
    expect(items).toEqual(['a', 'b']);
  });
});
