import type { Widget } from '@coderoom/contracts';
import { describe, expect, it } from 'vitest';
import { withSharedText } from './withSharedText';

const markdown = (compId: string, text: string): Widget => ({
  type: 'MarkdownEditor',
  comp_id: compId,
  content: { text },
});

describe('withSharedText', () => {
  it('replaces one Markdown text, nested in Columns too, and drops the stale rendering', () => {
    const columns: Widget = {
      type: 'Columns',
      comp_id: 'cols',
      content: { comps: [markdown('left', 'L') as never, markdown('right', 'R') as never] },
    };
    const widgets: Widget[] = [
      { type: 'MarkdownEditor', comp_id: 'a', content: { text: 'old', mdHtml: '<p>old</p>' } },
      columns,
    ];
    const top = withSharedText(widgets, 'markdown', 'a', 'new');
    expect(top[0]).toEqual(markdown('a', 'new'));
    expect(top[1]).toBe(columns);
    const nested = withSharedText(widgets, 'markdown', 'right', 'R2');
    expect(nested[1]).toEqual({
      ...columns,
      content: { comps: [markdown('left', 'L'), markdown('right', 'R2')] },
    });
  });

  it('returns the same list when nothing changes, so React skips the render', () => {
    const widgets = [markdown('a', 'same')];
    expect(withSharedText(widgets, 'markdown', 'a', 'same')).toBe(widgets);
    expect(withSharedText(widgets, 'markdown', 'missing', 'x')).toBe(widgets);
    // A map only writes its own field: 'code' does not touch a Markdown widget.
    expect(withSharedText(widgets, 'code', 'a', 'x')).toBe(widgets);
  });
});
