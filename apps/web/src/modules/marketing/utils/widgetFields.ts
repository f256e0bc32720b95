import type { EditorPageWidget } from '@coderoom/contracts';
import { LeadFormBlockKind, MarketingWidgetType } from '@coderoom/domain';

// What the editor shows for each widget's content: one description per type, rendered by WidgetFields.
// The server validates the content with the contract; these only choose the inputs.

export type FieldSpec =
  | {
      key: string;
      label: string;
      kind: 'text' | 'textarea' | 'url' | 'colour';
      optional?: boolean;
      hint?: string;
    }
  | { key: string; label: string; kind: 'number'; min: number; max: number }
  | {
      key: string;
      label: string;
      kind: 'select';
      options: readonly { value: string | number; label: string }[];
    }
  | { key: string; label: string; kind: 'link'; optional?: boolean }
  | {
      key: string;
      label: string;
      kind: 'list';
      itemLabel: string;
      min: number;
      fields: readonly FieldSpec[];
      blank: Record<string, unknown>;
    };

const heading = (label = 'Heading'): FieldSpec => ({ key: 'heading', label, kind: 'text' });
const text: FieldSpec = { key: 'text', label: 'Text', kind: 'textarea' };
const image: FieldSpec = { key: 'image_url', label: 'Image address', kind: 'url', optional: true };
const imageAlt: FieldSpec = { key: 'image_alt', label: 'Image description (alt text)', kind: 'text' };

export const WIDGET_FIELDS: Record<EditorPageWidget['type'], readonly FieldSpec[]> = {
  MarkdownEditor: [{ key: 'text', label: 'Markdown', kind: 'textarea' }],
  SlateHTML: [{ key: 'html', label: 'HTML', kind: 'textarea' }],
  [MarketingWidgetType.Html]: [
    {
      key: 'html',
      label: 'HTML',
      kind: 'textarea',
      hint: 'Scripts, styles, frames and event attributes are removed on save.',
    },
  ],
  [MarketingWidgetType.HeroFeature]: [
    { key: 'eyebrow', label: 'Eyebrow', kind: 'text' },
    heading(),
    text,
    image,
    imageAlt,
    { key: 'cta', label: 'Button', kind: 'link', optional: true },
  ],
  [MarketingWidgetType.Columns]: [
    heading(),
    {
      key: 'columns',
      label: 'Columns',
      kind: 'list',
      itemLabel: 'Column',
      min: 2,
      fields: [{ key: 'title', label: 'Title', kind: 'text' }, text, image],
      blank: { title: 'New column', text: '' },
    },
  ],
  [MarketingWidgetType.Logos]: [
    heading(),
    {
      key: 'logos',
      label: 'Logos',
      kind: 'list',
      itemLabel: 'Logo',
      min: 1,
      fields: [{ key: 'name', label: 'Name', kind: 'text' }, image],
      blank: { name: 'Company' },
    },
  ],
  [MarketingWidgetType.Testimonials]: [
    heading(),
    {
      key: 'items',
      label: 'Testimonials',
      kind: 'list',
      itemLabel: 'Testimonial',
      min: 1,
      fields: [
        { key: 'quote', label: 'Quote', kind: 'textarea' },
        { key: 'name', label: 'Name', kind: 'text' },
        { key: 'role', label: 'Role', kind: 'text' },
      ],
      blank: { quote: 'A quote.', name: 'A name', role: '' },
    },
  ],
  [MarketingWidgetType.B2CPricing]: [
    heading(),
    text,
    {
      key: 'validity_months',
      label: 'Term shown',
      kind: 'select',
      options: [
        { value: 1, label: 'Monthly' },
        { value: 3, label: 'Quarterly' },
        { value: 12, label: 'Annual' },
        { value: 24, label: 'Biennial' },
      ],
    },
  ],
  [MarketingWidgetType.B2BPricing]: [
    heading(),
    text,
    { key: 'default_seats', label: 'Seats to start with', kind: 'number', min: 2, max: 500 },
    {
      key: 'contact_href',
      label: 'Talk-to-sales link',
      kind: 'text',
      hint: 'The lead form’s id as #id, or a page',
    },
  ],
  [MarketingWidgetType.Faqs]: [
    heading(),
    {
      key: 'items',
      label: 'Questions',
      kind: 'list',
      itemLabel: 'Question',
      min: 1,
      fields: [
        { key: 'question', label: 'Question', kind: 'text' },
        { key: 'answer', label: 'Answer', kind: 'textarea' },
      ],
      blank: { question: 'A question?', answer: 'An answer.' },
    },
  ],
  [MarketingWidgetType.LeadForm]: [
    {
      key: 'formId',
      label: 'Form id',
      kind: 'text',
      hint: 'Letters, digits, - and _; links to the form use #form-id',
    },
    { key: 'portalId', label: 'Team (portal id)', kind: 'text' },
    {
      key: 'block_kind',
      label: 'Block kind',
      kind: 'select',
      options: Object.values(LeadFormBlockKind).map((value) => ({ value, label: value })),
    },
    heading(),
    text,
    { key: 'background_colour', label: 'Background colour', kind: 'colour' },
    image,
    imageAlt,
    { key: 'media_url', label: 'Video or booking page address', kind: 'url', optional: true },
    { key: 'submit_label', label: 'Button label', kind: 'text' },
  ],
  [MarketingWidgetType.CallToAction]: [
    heading(),
    text,
    { key: 'primary', label: 'Main button', kind: 'link' },
    { key: 'secondary', label: 'Second button', kind: 'link', optional: true },
  ],
  [MarketingWidgetType.Carousel]: [
    heading(),
    {
      key: 'slides',
      label: 'Slides',
      kind: 'list',
      itemLabel: 'Slide',
      min: 1,
      fields: [{ key: 'title', label: 'Title', kind: 'text' }, text, image, imageAlt],
      blank: { title: 'New slide', text: '', image_alt: '' },
    },
  ],
};
