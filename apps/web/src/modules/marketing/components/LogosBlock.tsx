import type { EditorPageWidgetOf } from '@coderoom/contracts';

/** A row of customer or partner logos; a logo without an image shows its name as a word mark. */
export function LogosBlock({ widget }: { widget: EditorPageWidgetOf<'Logos'> }) {
  const { heading, logos } = widget.content;
  return (
    <section className="mk-block mk-logos" aria-label={heading || 'Logos'}>
      {heading ? <h2 className="mk-eyebrow-heading">{heading}</h2> : null}
      <ul>
        {logos.map((logo) => (
          <li key={logo.name}>
            {logo.image_url ? (
              <img src={logo.image_url} alt={logo.name} loading="lazy" />
            ) : (
              <span>{logo.name}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
