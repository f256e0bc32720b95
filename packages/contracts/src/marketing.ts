import {
  EditorPageKind,
  LeadFormBlockKind,
  MarketingLimits,
  MarketingMessages,
  MarketingWidgetType,
  PAGE_URL_PATTERN,
} from '@coderoom/domain';
import { z } from 'zod';
import { MarkdownWidgetSchema, RichTextWidgetSchema } from './widgets.js';

// Marketing pages and blog posts (spec 000 §3 marketing widgets, §7 "Marketing pages"; docs/marketing.md).
// One page body shape for both kinds: prose widgets of the lesson editor plus the marketing widgets.

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const compId = z.string().min(1).max(64);
const text = (max: number) => z.string().trim().max(max);
const line = text(200);
/** Links and images: https addresses, or paths of this site (uploads are /api/media/...). */
const link = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(https:\/\/[^\s]+|\/[^\s/][^\s]*|\/)$/, 'must be an https:// address or a path starting with /');
/** Where a button goes: a link, or an anchor on the same page (#form-id). */
const href = z.union([
  link,
  z
    .string()
    .trim()
    .regex(/^#[A-Za-z0-9_-]{1,64}$/, 'must be #an-id on this page'),
]);
const items = <T extends z.ZodType>(item: T, min = 1) =>
  z.array(item).min(min).max(MarketingLimits.itemsPerWidget);
const widget = <Type extends string, Content extends z.ZodType>(type: Type, content: Content) =>
  z.strictObject({ type: z.literal(type), comp_id: compId, content });

export const PageUrlSchema = z.string().trim().max(MarketingLimits.urlLength).regex(PAGE_URL_PATTERN, {
  message: MarketingMessages.UrlInvalid,
});

const CallToActionContent = z.strictObject({ label: text(60).min(1), href });

export const LogosWidgetSchema = widget(
  MarketingWidgetType.Logos,
  z.strictObject({
    heading: line.default(''),
    logos: items(z.strictObject({ name: text(80).min(1), image_url: link.optional() })),
  }),
);
export const CallToActionWidgetSchema = widget(
  MarketingWidgetType.CallToAction,
  z.strictObject({
    heading: line.min(1),
    text: text(1000).default(''),
    primary: CallToActionContent,
    secondary: CallToActionContent.optional(),
  }),
);
export const FaqsWidgetSchema = widget(
  MarketingWidgetType.Faqs,
  z.strictObject({
    heading: line.default('Frequently asked questions'),
    items: items(z.strictObject({ question: text(300).min(1), answer: text(3000).min(1) })),
  }),
);
export const MarketingColumnsWidgetSchema = widget(
  MarketingWidgetType.Columns,
  z.strictObject({
    heading: line.default(''),
    columns: z
      .array(
        z.strictObject({ title: text(120).min(1), text: text(1500).default(''), image_url: link.optional() }),
      )
      .min(2)
      .max(4),
  }),
);
export const HeroFeatureWidgetSchema = widget(
  MarketingWidgetType.HeroFeature,
  z.strictObject({
    eyebrow: text(80).default(''),
    heading: line.min(1),
    text: text(1500).default(''),
    image_url: link.optional(),
    image_alt: text(200).default(''),
    cta: CallToActionContent.optional(),
  }),
);
export const LeadFormWidgetSchema = widget(
  MarketingWidgetType.LeadForm,
  z.strictObject({
    /** The form's name in the stored leads and the notification mail. */
    formId: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'),
    /** The team the lead is routed to (our design: a free label shown in the notification). */
    portalId: text(64).default(''),
    block_kind: z.enum([
      LeadFormBlockKind.Image,
      LeadFormBlockKind.Video,
      LeadFormBlockKind.Calendar,
      LeadFormBlockKind.Form,
      LeadFormBlockKind.ImageAndForm,
    ]),
    heading: line.min(1),
    text: text(1500).default(''),
    /** A CSS hex colour behind the block. */
    background_colour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #1f2a44')
      .default('#eef2ff'),
    image_url: link.optional(),
    image_alt: text(200).default(''),
    /** Video blocks: the video file; Calendar blocks: the booking page. */
    media_url: link.optional(),
    submit_label: text(40).default('Send'),
  }),
);
export const TestimonialsWidgetSchema = widget(
  MarketingWidgetType.Testimonials,
  z.strictObject({
    heading: line.default(''),
    items: items(
      z.strictObject({ quote: text(800).min(1), name: text(80).min(1), role: text(120).default('') }),
    ),
  }),
);
export const B2CPricingWidgetSchema = widget(
  MarketingWidgetType.B2CPricing,
  z.strictObject({
    heading: line.default('Plans for individuals'),
    text: text(1000).default(''),
    /** Which term's prices the cards show (months: 1, 3, 12 or 24). */
    validity_months: z.union([z.literal(1), z.literal(3), z.literal(12), z.literal(24)]).default(12),
  }),
);
export const B2BPricingWidgetSchema = widget(
  MarketingWidgetType.B2BPricing,
  z.strictObject({
    heading: line.default('Plans for teams'),
    text: text(1000).default(''),
    /** Seats the calculator starts at. */
    default_seats: z.number().int().min(2).max(500).default(10),
    /** Where "Talk to sales" leads (usually the page's lead form, #form-id). */
    contact_href: z.string().trim().max(200).default('#contact'),
  }),
);
export const CarouselWidgetSchema = widget(
  MarketingWidgetType.Carousel,
  z.strictObject({
    heading: line.default(''),
    slides: items(
      z.strictObject({
        title: text(120).min(1),
        text: text(800).default(''),
        image_url: link.optional(),
        image_alt: text(200).default(''),
      }),
    ),
  }),
);
/** Raw HTML, sanitised on the server before it is stored (the rich-text sanitiser of the lesson editor). */
export const HtmlWidgetSchema = widget(
  MarketingWidgetType.Html,
  z.strictObject({ html: z.string().max(100_000) }),
);

export const EditorPageWidgetSchema = z.discriminatedUnion('type', [
  MarkdownWidgetSchema,
  RichTextWidgetSchema,
  LogosWidgetSchema,
  CallToActionWidgetSchema,
  FaqsWidgetSchema,
  MarketingColumnsWidgetSchema,
  HeroFeatureWidgetSchema,
  LeadFormWidgetSchema,
  TestimonialsWidgetSchema,
  B2CPricingWidgetSchema,
  B2BPricingWidgetSchema,
  CarouselWidgetSchema,
  HtmlWidgetSchema,
]);
export type EditorPageWidget = z.infer<typeof EditorPageWidgetSchema>;
export type EditorPageWidgetOf<Type extends EditorPageWidget['type']> = Extract<
  EditorPageWidget,
  { type: Type }
>;

export const EditorPageKindSchema = z.enum([EditorPageKind.Marketing, EditorPageKind.Blog]);

export const EditorPageParamsSchema = z.strictObject({ id });
export const CreateEditorPageRequestSchema = z.strictObject({
  kind: EditorPageKindSchema,
  url: PageUrlSchema,
  title: text(MarketingLimits.titleLength).default(''),
});
export type CreateEditorPageRequest = z.input<typeof CreateEditorPageRequestSchema>;

export const SaveEditorPageRequestSchema = z.strictObject({
  url: PageUrlSchema,
  title: text(MarketingLimits.titleLength),
  description: text(MarketingLimits.descriptionLength).default(''),
  /** Blog posts only: the category slug, or null for none. */
  category: PageUrlSchema.nullable().default(null),
  components: z.array(EditorPageWidgetSchema).max(MarketingLimits.widgetsPerPage),
});
export type SaveEditorPageRequest = z.input<typeof SaveEditorPageRequestSchema>;

export const CheckHtmlRequestSchema = z.strictObject({ html: z.string().max(100_000) });

export const EditorPageSchema = z.object({
  id: z.number(),
  kind: EditorPageKindSchema,
  url: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  components: z.array(EditorPageWidgetSchema),
  is_published: z.boolean(),
  published_at: z.string().nullable(),
  /** Draft and published copy differ (the visitor still sees the published one). */
  has_unpublished_changes: z.boolean(),
  author_name: z.string(),
  updated_at: z.string(),
  etag: z.string(),
});
export type EditorPage = z.infer<typeof EditorPageSchema>;

export const EditorPageListSchema = z.object({
  pages: z.array(EditorPageSchema.omit({ components: true })),
});
export type EditorPageList = z.infer<typeof EditorPageListSchema>;
export const EditorPageListQuerySchema = z.strictObject({ kind: EditorPageKindSchema });

export const CheckPublishedResponseSchema = z.object({
  is_published: z.boolean(),
  published_at: z.string().nullable(),
  has_unpublished_changes: z.boolean(),
  url: z.string(),
});
export type CheckPublishedResponse = z.infer<typeof CheckPublishedResponseSchema>;

export const CheckHtmlResponseSchema = z.object({
  /** The HTML survives sanitising unchanged. */
  is_html_supported: z.boolean(),
  html: z.string(),
});
export type CheckHtmlResponse = z.infer<typeof CheckHtmlResponseSchema>;

/** What a visitor reads: the published copy only. */
export const PublishedPageSchema = z.object({
  id: z.number(),
  kind: EditorPageKindSchema,
  url: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
  components: z.array(EditorPageWidgetSchema),
  published_at: z.string(),
  author_name: z.string(),
});
export type PublishedPage = z.infer<typeof PublishedPageSchema>;
export const PublishedPageParamsSchema = z.strictObject({ url: PageUrlSchema });

export const BlogCategorySchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  post_count: z.number(),
});
export type BlogCategory = z.infer<typeof BlogCategorySchema>;
export const BlogCategoriesResponseSchema = z.object({ categories: z.array(BlogCategorySchema) });
export type BlogCategoriesResponse = z.infer<typeof BlogCategoriesResponseSchema>;

export const BlogCategoryRequestSchema = z.strictObject({
  slug: PageUrlSchema,
  name: text(MarketingLimits.categoryNameLength).min(1),
  description: text(300).default(''),
});
export type BlogCategoryRequest = z.input<typeof BlogCategoryRequestSchema>;
export const BlogCategoryParamsSchema = z.strictObject({ id });

export const BlogPostsQuerySchema = z.strictObject({
  category: PageUrlSchema.optional(),
  page: z.coerce.number().int().min(1).max(1000).optional(),
});
export const BlogPostSummarySchema = PublishedPageSchema.omit({ components: true }).extend({
  read_minutes: z.number(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;
export const BlogPostsResponseSchema = z.object({
  posts: z.array(BlogPostSummarySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type BlogPostsResponse = z.infer<typeof BlogPostsResponseSchema>;

/** PUT /api/event/marketing/email-capture: a visitor's lead-form submission. */
export const EmailCaptureRequestSchema = z.strictObject({
  page_id: id,
  form_id: z.string().trim().min(1).max(64),
  email: z.string().trim().max(254),
  full_name: text(100).default(''),
  company: text(120).default(''),
  team_size: z.coerce.number().int().min(1).max(100_000).optional(),
  message: text(MarketingLimits.leadMessageLength).default(''),
});
export type EmailCaptureRequest = z.input<typeof EmailCaptureRequestSchema>;
export const EmailCaptureResponseSchema = z.object({ message: z.string() });
export type EmailCaptureResponse = z.infer<typeof EmailCaptureResponseSchema>;
