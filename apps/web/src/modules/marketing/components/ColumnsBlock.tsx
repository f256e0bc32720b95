import type { EditorPageWidgetOf } from '@coderoom/contracts';

export function ColumnsBlock({ widget }: { widget: EditorPageWidgetOf<'MarketingColumns'> }) {
  const { heading, columns } = widget.content;
  return (
    <section className="mk-block mk-columns">
      {heading ? <h2>{heading}</h2> : null}
      <ul style={{ '--mk-columns': columns.length } as React.CSSProperties}>
        {columns.map((column) => (
          <li key={column.title} className="card">
            {column.image_url ? <img src={column.image_url} alt="" loading="lazy" /> : null}
            <h3>{column.title}</h3>
            {column.text ? <p>{column.text}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
