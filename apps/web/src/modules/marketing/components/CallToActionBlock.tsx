import type { EditorPageWidgetOf } from '@coderoom/contracts';
import { CtaLink } from './CtaLink';

export function CallToActionBlock({ widget }: { widget: EditorPageWidgetOf<'CallToAction'> }) {
  const { heading, text, primary, secondary } = widget.content;
  return (
    <section className="mk-block mk-cta">
      <h2>{heading}</h2>
      {text ? <p>{text}</p> : null}
      <div className="mk-actions">
        <CtaLink href={primary.href} label={primary.label} variant="primary" />
        {secondary ? <CtaLink href={secondary.href} label={secondary.label} variant="secondary" /> : null}
      </div>
    </section>
  );
}
