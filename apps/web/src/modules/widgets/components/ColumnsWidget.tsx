import type { ReaderWidget } from '@coderoom/contracts';
import type { ReactNode } from 'react';

type ColumnsReaderWidget = Extract<ReaderWidget, { type: 'Columns' }>;

/**
 * Two or three widgets side by side; stacked on narrow screens. The parent renders each column, so
 * this file does not import WidgetView (which imports it).
 */
export function ColumnsWidget({
  widget,
  renderChild,
}: {
  widget: ColumnsReaderWidget;
  renderChild: (child: ReaderWidget) => ReactNode;
}) {
  const { comps } = widget.content;
  return (
    <div className={`widget-columns widget-columns-${comps.length}`}>
      {comps.map((child) => (
        <div key={child.comp_id} className="widget-column">
          {renderChild(child)}
        </div>
      ))}
    </div>
  );
}
