import type { WidgetOf } from '@coderoom/contracts';

export function TableWidget({ widget }: { widget: WidgetOf<'Table'> }) {
  const { rows, hasHeader } = widget.content;
  const [head, ...body] = hasHeader ? rows : [undefined, ...rows];
  return (
    <div className="widget-table-scroll">
      <table className="widget-table">
        {head && (
          <thead>
            <tr>
              {head.map((cell, column) => (
                // Cells are positional: a column's index is its identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <th key={column} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {body.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            <tr key={rowIndex}>
              {(row ?? []).map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
