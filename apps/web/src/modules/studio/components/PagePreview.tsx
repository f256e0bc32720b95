import type { Widget } from '@coderoom/contracts';
import { WidgetView } from '../../widgets/components/WidgetView';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { toPreviewWidget } from '../utils/toPreviewWidget';

/** Re-render the preview after a short pause in typing, not on every key. */
const PREVIEW_DELAY_MS = 300;

/** A cheap fingerprint of a widget's content, so a changed widget re-mounts (editors keep their own state). */
function fingerprint(widget: Widget): string {
  const text = JSON.stringify(widget);
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return `${widget.comp_id}-${hash}`;
}

/** The lesson as readers will see it, widget by widget. */
export function PagePreview({ title, widgets }: { title: string; widgets: Widget[] }) {
  const shown = useDebouncedValue(widgets, PREVIEW_DELAY_MS);
  return (
    <section className="studio-preview" aria-label="Live preview">
      <p className="eyebrow">Live preview</p>
      <h2 className="studio-preview-title">{title}</h2>
      {shown.length === 0 ? (
        <p className="muted">Add a widget from the toolbox; it appears here as readers will see it.</p>
      ) : (
        shown.map((widget) => <WidgetView key={fingerprint(widget)} widget={toPreviewWidget(widget)} />)
      )}
    </section>
  );
}
