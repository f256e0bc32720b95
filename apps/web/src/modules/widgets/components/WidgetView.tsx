import type { ReaderWidget } from '@coderoom/contracts';
import type { ReactNode } from 'react';
import type { WidgetContext } from '../WidgetContext';
import '../widgets.css';
import { VideoWidget } from '../../video/components/VideoWidget';
import { AndroidWidget } from './AndroidWidget';
import { CodeLessonWidget } from './CodeLessonWidget';
import { ColumnsWidget } from './ColumnsWidget';
import { MarkdownWidget } from './MarkdownWidget';
import { PermutationWidget } from './PermutationWidget';
import { QuizWidget } from './QuizWidget';
import { RichTextWidget } from './RichTextWidget';
import { RunJsWidget } from './RunJsWidget';
import { SlidesWidget } from './SlidesWidget';
import { SpaWidget } from './SpaWidget';
import { TabbedCodeWidget } from './TabbedCodeWidget';
import { TableWidget } from './TableWidget';
import { TerminalWidget } from './TerminalWidget';
import { UnsupportedWidget } from './UnsupportedWidget';
import { VncWidget } from './VncWidget';
import { WebpackBinWidget } from './WebpackBinWidget';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';

type KnownWidget = Exclude<ReaderWidget, { unsupported: true }>;

const NO_CONTEXT: WidgetContext = {};

function renderKnown(widget: KnownWidget, context: WidgetContext): ReactNode {
  switch (widget.type) {
    case 'MarkdownEditor':
      return <MarkdownWidget widget={widget} />;
    case 'SlateHTML':
      return <RichTextWidget widget={widget} />;
    case 'Code':
      return <CodeLessonWidget widget={widget} context={context} />;
    case 'TabbedCode':
      return <TabbedCodeWidget widget={widget} />;
    case 'RunJS':
      return <RunJsWidget widget={widget} context={context} />;
    case 'SPA':
      return <SpaWidget widget={widget} />;
    case 'CanvasAnimation':
      return <SlidesWidget widget={widget} context={context} />;
    case 'Permutation':
      return <PermutationWidget widget={widget} />;
    case 'Table':
      return <TableWidget widget={widget} />;
    case 'Quiz':
      return <QuizWidget widget={widget} />;
    case 'Video':
      return <VideoWidget widget={widget} />;
    case 'WebpackBin':
      return <WebpackBinWidget widget={widget} />;
    case 'Terminal':
      return <TerminalWidget widget={widget} context={context} />;
    case 'VNC':
      return <VncWidget widget={widget} context={context} />;
    case 'Android':
      return <AndroidWidget widget={widget} context={context} />;
    case 'Columns':
      return (
        <ColumnsWidget
          widget={widget}
          renderChild={(child) => <WidgetView widget={child} context={context} />}
        />
      );
    default:
      // Content newer than this app that the server did not flag.
      return <UnsupportedWidget type={(widget as { type: string }).type} />;
  }
}

/**
 * One lesson widget. The wrapper carries id={comp_id}, so /lesson#comp_id deep links land on it, and
 * data-comp-id, which notes and highlights anchor on.
 */
export function WidgetView({
  widget,
  context = NO_CONTEXT,
}: {
  widget: ReaderWidget;
  context?: WidgetContext;
}) {
  const isUnsupported = 'unsupported' in widget && widget.unsupported === true;
  return (
    <div className="widget" id={widget.comp_id} data-comp-id={widget.comp_id} data-widget-type={widget.type}>
      <WidgetErrorBoundary type={widget.type}>
        {isUnsupported ? (
          <UnsupportedWidget type={widget.type} />
        ) : (
          renderKnown(widget as KnownWidget, context)
        )}
      </WidgetErrorBoundary>
    </div>
  );
}
