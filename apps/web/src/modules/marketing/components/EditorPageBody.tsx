import type { EditorPageWidget } from '@coderoom/contracts';
import { MarketingWidgetType } from '@coderoom/domain';
import { MarkdownWidget } from '../../widgets/components/MarkdownWidget';
import { B2BPricingBlock } from './B2BPricingBlock';
import { B2CPricingBlock } from './B2CPricingBlock';
import { CallToActionBlock } from './CallToActionBlock';
import { CarouselBlock } from './CarouselBlock';
import { ColumnsBlock } from './ColumnsBlock';
import { FaqsBlock } from './FaqsBlock';
import { HeroFeatureBlock } from './HeroFeatureBlock';
import { HtmlBlock } from './HtmlBlock';
import { LeadFormBlock } from './LeadFormBlock';
import { LogosBlock } from './LogosBlock';
import { TestimonialsBlock } from './TestimonialsBlock';

interface EditorPageBodyProps {
  widgets: readonly EditorPageWidget[];
  /** The published page (lead forms send to it); null in the editor's preview. */
  pageId: number | null;
  /** The page's h1 is a leading hero's heading; pages without one render their own h1. */
  heroIsTitle: boolean;
}

function Widget({
  widget,
  pageId,
  isFirst,
}: {
  widget: EditorPageWidget;
  pageId: number | null;
  isFirst: boolean;
}) {
  switch (widget.type) {
    case 'MarkdownEditor':
      return (
        <div className="mk-block mk-prose">
          <MarkdownWidget widget={{ ...widget, content: { ...widget.content } }} />
        </div>
      );
    case 'SlateHTML':
    case MarketingWidgetType.Html:
      return <HtmlBlock widget={widget} />;
    case MarketingWidgetType.Logos:
      return <LogosBlock widget={widget} />;
    case MarketingWidgetType.CallToAction:
      return <CallToActionBlock widget={widget} />;
    case MarketingWidgetType.Faqs:
      return <FaqsBlock widget={widget} />;
    case MarketingWidgetType.Columns:
      return <ColumnsBlock widget={widget} />;
    case MarketingWidgetType.HeroFeature:
      return <HeroFeatureBlock widget={widget} isFirst={isFirst} />;
    case MarketingWidgetType.LeadForm:
      return <LeadFormBlock widget={widget} pageId={pageId} />;
    case MarketingWidgetType.Testimonials:
      return <TestimonialsBlock widget={widget} />;
    case MarketingWidgetType.B2CPricing:
      return <B2CPricingBlock widget={widget} />;
    case MarketingWidgetType.B2BPricing:
      return <B2BPricingBlock widget={widget} />;
    case MarketingWidgetType.Carousel:
      return <CarouselBlock widget={widget} />;
  }
}

/** A marketing page's or blog post's widgets, top to bottom. */
export function EditorPageBody({ widgets, pageId, heroIsTitle }: EditorPageBodyProps) {
  return (
    <div className="mk-body">
      {widgets.map((widget, index) => (
        <Widget key={widget.comp_id} widget={widget} pageId={pageId} isFirst={heroIsTitle && index === 0} />
      ))}
    </div>
  );
}

/** Whether a page's first widget is a hero, whose heading then is the page's h1. */
export function startsWithHero(widgets: readonly EditorPageWidget[]): boolean {
  return widgets[0]?.type === MarketingWidgetType.HeroFeature;
}
