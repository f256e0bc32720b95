import type { EditorPageWidgetOf } from '@coderoom/contracts';
import { CtaLink } from './CtaLink';

/** The page's opening: its heading is the page's h1 when the hero comes first (`isFirst`). */
export function HeroFeatureBlock({
  widget,
  isFirst,
}: {
  widget: EditorPageWidgetOf<'HeroFeature'>;
  isFirst: boolean;
}) {
  const { eyebrow, heading, text, image_url, image_alt, cta } = widget.content;
  const Heading = isFirst ? 'h1' : 'h2';
  return (
    <section className={`mk-block mk-hero${image_url ? ' has-image' : ''}`}>
      <div>
        {eyebrow ? <p className="mk-eyebrow">{eyebrow}</p> : null}
        <Heading>{heading}</Heading>
        {text ? <p className="mk-lead">{text}</p> : null}
        {cta ? <CtaLink href={cta.href} label={cta.label} variant="primary" /> : null}
      </div>
      {image_url ? <img src={image_url} alt={image_alt} /> : null}
    </section>
  );
}
