import type { Widget } from '@coderoom/contracts';
import { ColumnsForm } from './ColumnsForm';
import { LeafWidgetForm } from './LeafWidgetForm';

/** The form for any widget. */
export function WidgetForm({ widget, onChange }: { widget: Widget; onChange: (widget: Widget) => void }) {
  if (widget.type === 'Columns') return <ColumnsForm widget={widget} onChange={onChange} />;
  return <LeafWidgetForm widget={widget} onChange={onChange} />;
}
