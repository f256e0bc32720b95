import type { EditorPageWidgetOf } from '@coderoom/contracts';

export function TestimonialsBlock({ widget }: { widget: EditorPageWidgetOf<'Testimonials'> }) {
  const { heading, items } = widget.content;
  return (
    <section className="mk-block mk-testimonials">
      {heading ? <h2>{heading}</h2> : null}
      <ul>
        {items.map((item) => (
          <li key={item.quote} className="card">
            <figure>
              <blockquote>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption>
                <strong>{item.name}</strong>
                {item.role ? <span>, {item.role}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
