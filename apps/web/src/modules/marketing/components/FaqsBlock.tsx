import type { EditorPageWidgetOf } from '@coderoom/contracts';

/** Questions as native disclosure widgets: keyboard and screen readers work without script. */
export function FaqsBlock({ widget }: { widget: EditorPageWidgetOf<'Faqs'> }) {
  const { heading, items } = widget.content;
  return (
    <section className="mk-block mk-faqs">
      {heading ? <h2>{heading}</h2> : null}
      {items.map((item) => (
        <details key={item.question}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </section>
  );
}
