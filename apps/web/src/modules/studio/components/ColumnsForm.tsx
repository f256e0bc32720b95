import type { WidgetOf } from '@coderoom/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { createLeafWidget, type LeafKind } from '../utils/createLeafWidget';
import { WIDGET_KINDS } from '../utils/widgetKinds';
import { ConfirmDialog } from './ConfirmDialog';
import { LeafWidgetForm } from './LeafWidgetForm';

type Columns = WidgetOf<'Columns'>;
const MIN_COLUMNS = 2;
const MAX_COLUMNS = 3;
const LEAF_KINDS = WIDGET_KINDS.filter((entry) => entry.kind !== 'Columns');

/** Two or three columns, each holding one widget whose kind can be changed. */
export function ColumnsForm({ widget, onChange }: { widget: Columns; onChange: (widget: Columns) => void }) {
  const idPrefix = useId();
  const [pendingChange, setPendingChange] = useState<{ index: number; kind: LeafKind } | null>(null);
  const { comps } = widget.content;
  const setComps = (next: Columns['content']['comps']) => onChange({ ...widget, content: { comps: next } });

  return (
    <div className="stack studio-form">
      <div
        className="studio-columns-editor"
        style={{ gridTemplateColumns: `repeat(${comps.length}, minmax(0, 1fr))` }}
      >
        {comps.map((child, index) => (
          <fieldset className="studio-fieldset" key={child.comp_id}>
            <legend>Column {index + 1}</legend>
            <div className="field">
              <label htmlFor={`${idPrefix}-${index}`}>Widget</label>
              <select
                id={`${idPrefix}-${index}`}
                value={child.type}
                onChange={(event) => setPendingChange({ index, kind: event.target.value as LeafKind })}
              >
                {LEAF_KINDS.map((entry) => (
                  <option key={entry.kind} value={entry.kind}>
                    {entry.label}
                  </option>
                ))}
              </select>
            </div>
            <LeafWidgetForm
              widget={child}
              onChange={(next) => setComps(comps.map((c, at) => (at === index ? next : c)))}
            />
            <Button
              variant="ghost"
              disabled={comps.length <= MIN_COLUMNS}
              onClick={() => setComps(comps.filter((_, at) => at !== index))}
            >
              Remove column
            </Button>
          </fieldset>
        ))}
      </div>
      <Button
        variant="secondary"
        disabled={comps.length >= MAX_COLUMNS}
        onClick={() => setComps([...comps, createLeafWidget('MarkdownEditor')])}
      >
        Add column
      </Button>
      <ConfirmDialog
        open={pendingChange !== null}
        title="Change widget"
        message="Are you sure you want to change this widget? Its content will be lost."
        confirmLabel="Change widget"
        danger
        onConfirm={() => {
          if (pendingChange) {
            setComps(
              comps.map((c, at) => (at === pendingChange.index ? createLeafWidget(pendingChange.kind) : c)),
            );
          }
          setPendingChange(null);
        }}
        onCancel={() => setPendingChange(null)}
      />
    </div>
  );
}
