import type { ReaderWidget } from '@coderoom/contracts';
import { CodeWidget } from '../../code/components/CodeWidget';
import { useLiveInteractions } from '../api/useLiveInteractions';
import { liveRefOf } from '../utils/liveRefOf';
import { savedCode } from '../utils/savedCode';
import type { WidgetContext } from '../WidgetContext';
import { LiveActivity } from './LiveActivity';
import { MarkdownText } from './MarkdownText';

type ReaderCodeWidget = Extract<ReaderWidget, { type: 'Code' }>;

/**
 * A lesson's code exercise. With a page in the context, runs, checks and unit tests name the stored
 * widget and the server supplies hidden code and test cases; without one (gallery, previews) the
 * visible cases are all there is.
 */
export function CodeLessonWidget({ widget, context }: { widget: ReaderCodeWidget; context: WidgetContext }) {
  const { content, comp_id: compId } = widget;
  const visibleTestCases = content.testCases.flatMap((testCase) =>
    testCase.hidden ? [] : [{ input: testCase.input, output: testCase.output }],
  );
  const hiddenTestCount = content.testCases.length - visibleTestCases.length;
  const widgetRef = context.page ? { ...context.page, comp_id: compId } : undefined;
  const live = useLiveInteractions(liveRefOf(context, compId));
  return (
    <div className="code-lesson-widget">
      {content.caption && <MarkdownText text={content.caption} className="widget-caption" />}
      <CodeWidget
        settings={{
          language: content.language,
          code: content.code,
          initialCode: savedCode(context.savedData, compId),
          enableStdin: content.enableStdin,
          allowDownload: content.allowDownload,
          treatOutputAsHTML: content.treatOutputAsHTML,
          solution: content.solution,
          runnable: content.runnable,
          judge: content.judge,
          hasUnitTests: content.hasUnitTests,
          hintCount: content.hintCount,
          visibleTestCases,
          hiddenTestCount,
          widgetRef,
          // Only visible cases exist in the browser; the server judges the rest when widgetRef is set.
          testCases: widgetRef
            ? undefined
            : visibleTestCases.map((testCase) => ({
                input: testCase.input,
                expected_output: testCase.output,
              })),
          onRun: (sourceCode) => context.onCodeRun?.(compId, sourceCode),
          onInteraction: live.record,
        }}
      />
      <LiveActivity totals={live.totals} />
    </div>
  );
}
