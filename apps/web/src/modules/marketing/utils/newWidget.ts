import type { EditorPageWidget } from '@coderoom/contracts';
import { LeadFormBlockKind, MarketingWidgetType } from '@coderoom/domain';
import { newCompId } from '../../studio/utils/newCompId';

/** The widgets an editor may add, with their labels, in the toolbox's order. */
export const WIDGET_CHOICES: { type: EditorPageWidget['type']; label: string }[] = [
  { type: MarketingWidgetType.HeroFeature, label: 'Hero feature' },
  { type: 'MarkdownEditor', label: 'Text (Markdown)' },
  { type: MarketingWidgetType.Columns, label: 'Columns' },
  { type: MarketingWidgetType.Logos, label: 'Logos' },
  { type: MarketingWidgetType.Testimonials, label: 'Testimonials' },
  { type: MarketingWidgetType.B2CPricing, label: 'B2C pricing' },
  { type: MarketingWidgetType.B2BPricing, label: 'B2B pricing' },
  { type: MarketingWidgetType.Faqs, label: 'FAQs' },
  { type: MarketingWidgetType.LeadForm, label: 'Lead form' },
  { type: MarketingWidgetType.CallToAction, label: 'Call to action' },
  { type: MarketingWidgetType.Carousel, label: 'Carousel' },
  { type: MarketingWidgetType.Html, label: 'HTML' },
];

export function widgetLabel(type: EditorPageWidget['type']): string {
  if (type === 'SlateHTML') return 'Rich text';
  return WIDGET_CHOICES.find((choice) => choice.type === type)?.label ?? type;
}

/** A new widget of a type with starter content that already passes the server's checks. */
export function newWidget(type: EditorPageWidget['type']): EditorPageWidget {
  const comp_id = newCompId();
  switch (type) {
    case 'MarkdownEditor':
      return { type, comp_id, content: { text: 'Write here.' } };
    case 'SlateHTML':
      return { type, comp_id, content: { html: '<p>Write here.</p>' } };
    case MarketingWidgetType.Html:
      return { type, comp_id, content: { html: '<p>HTML here.</p>' } };
    case MarketingWidgetType.HeroFeature:
      return {
        type,
        comp_id,
        content: { eyebrow: '', heading: 'A heading that says what you offer', text: '', image_alt: '' },
      };
    case MarketingWidgetType.Columns:
      return {
        type,
        comp_id,
        content: {
          heading: '',
          columns: [
            { title: 'First point', text: '' },
            { title: 'Second point', text: '' },
          ],
        },
      };
    case MarketingWidgetType.Logos:
      return { type, comp_id, content: { heading: 'Trusted by', logos: [{ name: 'Company' }] } };
    case MarketingWidgetType.Testimonials:
      return {
        type,
        comp_id,
        content: { heading: '', items: [{ quote: 'A quote.', name: 'A name', role: '' }] },
      };
    case MarketingWidgetType.B2CPricing:
      return { type, comp_id, content: { heading: 'Plans for individuals', text: '', validity_months: 12 } };
    case MarketingWidgetType.B2BPricing:
      return {
        type,
        comp_id,
        content: { heading: 'Plans for teams', text: '', default_seats: 10, contact_href: '#contact' },
      };
    case MarketingWidgetType.Faqs:
      return {
        type,
        comp_id,
        content: {
          heading: 'Frequently asked questions',
          items: [{ question: 'A question?', answer: 'An answer.' }],
        },
      };
    case MarketingWidgetType.LeadForm:
      return {
        type,
        comp_id,
        content: {
          formId: 'contact',
          portalId: '',
          block_kind: LeadFormBlockKind.Form,
          heading: 'Talk to us',
          text: '',
          background_colour: '#eef2ff',
          image_alt: '',
          submit_label: 'Send',
        },
      };
    case MarketingWidgetType.CallToAction:
      return {
        type,
        comp_id,
        content: { heading: 'Ready to start?', text: '', primary: { label: 'Sign up', href: '/signup' } },
      };
    case MarketingWidgetType.Carousel:
      return {
        type,
        comp_id,
        content: { heading: '', slides: [{ title: 'First slide', text: '', image_alt: '' }] },
      };
  }
}
