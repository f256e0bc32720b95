import type { Widget } from '@coderoom/contracts';
import { describe, expect, it } from 'vitest';
import { createWidget } from './createWidget';
import { toPreviewWidget } from './toPreviewWidget';

describe('toPreviewWidget', () => {
  it('shows a code widget as readers get it: hidden cases empty, solution only when shown', () => {
    const widget = createWidget('Code') as Extract<Widget, { type: 'Code' }>;
    widget.content.testCases = [
      { input: '1', output: '2', hidden: false },
      { input: 'secret', output: 'answer', hidden: true },
    ];
    widget.content.solution = 'print(2)';
    const preview = toPreviewWidget(widget) as { content: Record<string, unknown> };
    expect(preview.content.testCases).toEqual([{ input: '1', output: '2', hidden: false }, { hidden: true }]);
    expect(preview.content.solution).toBeUndefined();
    expect(preview.content.hasUnitTests).toBe(false);
  });
});
