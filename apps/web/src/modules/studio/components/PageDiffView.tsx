import type { PageDiffResponse } from '@coderoom/contracts';
import type { WidgetChange } from '@coderoom/domain';
import { widgetLabel } from '../utils/widgetLabel';
import { LineDiffView } from './LineDiffView';

const CHANGE_LABEL: Record<WidgetChange, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
};

const FIELD_LABEL = { title: 'Title', summary: 'Summary', estimated_minutes: 'Estimated minutes' } as const;

/** What changed from a saved state to the current draft: page fields, then widget by widget. */
export function PageDiffView({ diff }: { diff: PageDiffResponse }) {
  if (!diff.has_changes) {
    return <p className="studio-diff-none">The current draft is the same as this saved state.</p>;
  }
  return (
    <div className="studio-page-diff">
      {diff.fields.map((field) => (
        <LineDiffView key={field.field} diff={field.diff} label={FIELD_LABEL[field.field]} />
      ))}
      {diff.widgets.map((widget) => (
        <section
          key={widget.comp_id}
          className={`studio-widget-diff studio-widget-diff-${widget.change}`}
          aria-label={`${widgetLabel(widget.type)} widget ${widget.change}`}
        >
          <h3>
            <span className={`badge studio-change-badge studio-change-${widget.change}`}>
              {CHANGE_LABEL[widget.change]}
            </span>{' '}
            {widgetLabel(widget.type)}
            {widget.previous_type && (
              <span className="small muted"> (was {widgetLabel(widget.previous_type)})</span>
            )}
            {widget.moved && <span className="small muted"> · moved</span>}
            {widget.parent_comp_id && <span className="small muted"> · in a Columns widget</span>}
          </h3>
          {widget.fields.map((field) => (
            <LineDiffView key={field.path} diff={field.diff} label={field.path} />
          ))}
        </section>
      ))}
      {diff.unchanged_widgets > 0 && (
        <p className="small muted">
          {diff.unchanged_widgets} other widget{diff.unchanged_widgets === 1 ? '' : 's'} unchanged.
        </p>
      )}
    </div>
  );
}
