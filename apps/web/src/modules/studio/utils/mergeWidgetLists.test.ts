import type { Widget } from '@coderoom/contracts';
import { describe, expect, it } from 'vitest';
import { mergeWidgetLists } from './mergeWidgetLists';

const md = (compId: string, text = compId): Widget => ({
  type: 'MarkdownEditor',
  comp_id: compId,
  content: { text },
});
const ids = (widgets: Widget[]) => widgets.map((widget) => widget.comp_id);
const base = [md('a'), md('b'), md('c')];

describe('mergeWidgetLists', () => {
  it('keeps a widget each side added, each where it was put', () => {
    const mine = [md('a'), md('mine'), md('b'), md('c')];
    const theirs = [md('a'), md('b'), md('c'), md('theirs')];
    expect(ids(mergeWidgetLists(base, mine, theirs))).toEqual(['a', 'mine', 'b', 'c', 'theirs']);
  });

  it('keeps their addition when we removed a widget, and our removal', () => {
    const mine = [md('a'), md('c')];
    const theirs = [md('a'), md('b'), md('x'), md('c')];
    expect(ids(mergeWidgetLists(base, mine, theirs))).toEqual(['a', 'x', 'c']);
  });

  it('applies our move on top of their list', () => {
    const mine = [md('b'), md('a'), md('c')];
    const theirs = [md('a'), md('b'), md('x'), md('c')];
    expect(ids(mergeWidgetLists(base, mine, theirs))).toEqual(['b', 'a', 'x', 'c']);
  });

  it('applies their move and their removal while we added', () => {
    const mine = [md('a'), md('b'), md('c'), md('new')];
    const theirs = [md('c'), md('a')];
    // Ours stays after the widget it followed on our side.
    expect(ids(mergeWidgetLists(base, mine, theirs))).toEqual(['c', 'new', 'a']);
  });

  it('keeps a widget one side removed and the other changed, with the change', () => {
    const edited = [md('a'), md('b', 'b edited'), md('c')];
    const merged = mergeWidgetLists(base, edited, [md('a'), md('c')]);
    expect(merged).toEqual([md('a'), md('b', 'b edited'), md('c')]);
    expect(mergeWidgetLists(base, [md('a'), md('c')], edited)).toEqual(edited);
  });

  it('merges field changes of one widget made on both sides, ours winning only on the same field', () => {
    const code = (content: Partial<{ code: string; language: string; solution: string }>): Widget =>
      ({
        type: 'Code',
        comp_id: 'k',
        content: { code: 'print(1)', language: 'python', solution: '', ...content },
      }) as Widget;
    const merged = mergeWidgetLists(
      [code({})],
      [code({ solution: 'print(2)', code: 'mine' })],
      [code({ language: 'python3', code: 'theirs' })],
    );
    expect(merged).toEqual([code({ solution: 'print(2)', language: 'python3', code: 'mine' })]);
  });

  it('takes their copy of a widget we did not change, ignoring the rendered Markdown', () => {
    const rendered: Widget = {
      type: 'MarkdownEditor',
      comp_id: 'a',
      content: { text: 'a', mdHtml: '<p>a</p>' },
    };
    const merged = mergeWidgetLists([rendered], [md('a')], [md('a', 'theirs')]);
    expect(merged).toEqual([md('a', 'theirs')]);
  });

  it('merges the children of Columns as a list', () => {
    const columns = (comps: Widget[]): Widget => ({
      type: 'Columns',
      comp_id: 'cols',
      content: { comps: comps as never },
    });
    const merged = mergeWidgetLists(
      [columns([md('l'), md('r')])],
      [columns([md('l'), md('mine'), md('r')])],
      [columns([md('l')])],
    );
    expect(merged).toEqual([columns([md('l'), md('mine')])]);
  });
});
