import type { ReaderWidget, Widget } from '@coderoom/contracts';

/**
 * A stored widget as a reader would receive it, for the editor's live preview: hidden test cases carry
 * no data, unit tests stay out and the solution shows only when the author allows it.
 */
export function toPreviewWidget(widget: Widget): ReaderWidget {
  if (widget.type === 'Columns') {
    return { ...widget, content: { comps: widget.content.comps.map(toPreviewWidget) } };
  }
  if (widget.type !== 'Code') return widget;
  const { testCases, unitTests, solution, hints, ...content } = widget.content;
  return {
    ...widget,
    content: {
      ...content,
      testCases: testCases.map((testCase) =>
        testCase.hidden
          ? { hidden: true as const }
          : { input: testCase.input, output: testCase.output, hidden: false as const },
      ),
      hasUnitTests: unitTests !== undefined,
      hintCount: hints?.filter((hint) => hint.trim() !== '').length ?? 0,
      solution: content.showSolution ? solution : undefined,
    },
  };
}
