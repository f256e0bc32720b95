import type { WidgetOf } from '@coderoom/contracts';
import { TableLimits } from '@coderoom/domain';
import { TextField } from '../../../ui/TextField';
import { Checkbox } from './Checkbox';

type Table = WidgetOf<'Table'>;

const clamp = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.round(value) || min));

/** A table of 1–10 rows and 1–4 columns (spec 000 §6). */
export function TableForm({ widget, onChange }: { widget: Table; onChange: (widget: Table) => void }) {
  const { rows, hasHeader } = widget.content;
  const columnCount = rows[0]?.length ?? 1;
  const setRows = (next: string[][]) => onChange({ ...widget, content: { ...widget.content, rows: next } });
  const resize = (rowCount: number, columns: number) => {
    const r = clamp(rowCount, TableLimits.minRows, TableLimits.maxRows);
    const c = clamp(columns, TableLimits.minColumns, TableLimits.maxColumns);
    setRows(Array.from({ length: r }, (_, i) => Array.from({ length: c }, (_, j) => rows[i]?.[j] ?? '')));
  };
  return (
    <div className="stack studio-form">
      <div className="studio-grid-3">
        <TextField
          label="Rows"
          type="number"
          min={TableLimits.minRows}
          max={TableLimits.maxRows}
          value={rows.length}
          onChange={(event) => resize(Number(event.target.value), columnCount)}
        />
        <TextField
          label="Columns"
          type="number"
          min={TableLimits.minColumns}
          max={TableLimits.maxColumns}
          value={columnCount}
          onChange={(event) => resize(rows.length, Number(event.target.value))}
        />
        <Checkbox
          label="First row is a header"
          checked={hasHeader}
          onChange={(checked) => onChange({ ...widget, content: { ...widget.content, hasHeader: checked } })}
        />
      </div>
      <div
        className="studio-table-grid"
        style={{ gridTemplateColumns: `repeat(${columnCount}, minmax(0, 1fr))` }}
      >
        {rows.flatMap((row, i) =>
          row.map((cell, j) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are addressed by position
              key={`${i}-${j}`}
              className={`studio-inline-input${hasHeader && i === 0 ? ' studio-table-header' : ''}`}
              aria-label={`Row ${i + 1}, column ${j + 1}`}
              value={cell}
              maxLength={2000}
              onChange={(event) =>
                setRows(
                  rows.map((r, ri) => (ri === i ? r.map((c, ci) => (ci === j ? event.target.value : c)) : r)),
                )
              }
            />
          )),
        )}
      </div>
    </div>
  );
}
