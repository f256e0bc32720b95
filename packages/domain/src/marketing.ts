import { PageType } from './content.js';

// Marketing pages (/m/{url}) and the blog (/blog/...): spec 000 §2, §3 "Marketing-page widgets", §7
// "Marketing pages"; the server side the spec leaves "not shown" is ours (docs/marketing.md).

/** The two kinds of editor page: both are written in the same widget editor. */
export const EditorPageKind = { Marketing: PageType.MarketingPage, Blog: PageType.Blogs } as const;
export type EditorPageKind = (typeof EditorPageKind)[keyof typeof EditorPageKind];

/** The marketing widgets of 000 §3, as stored `type`s. */
export const MarketingWidgetType = {
  Logos: 'Logos',
  CallToAction: 'CallToAction',
  Faqs: 'Faqs',
  Columns: 'MarketingColumns',
  HeroFeature: 'HeroFeature',
  LeadForm: 'LeadForm',
  Testimonials: 'Testimonials',
  B2CPricing: 'B2CPricing',
  B2BPricing: 'B2BPricing',
  Carousel: 'Carousel',
  Html: 'Html',
} as const;
export type MarketingWidgetType = (typeof MarketingWidgetType)[keyof typeof MarketingWidgetType];

/** Lead-form block kinds (000 §3 "Lead-form block config"). */
export const LeadFormBlockKind = {
  Image: 'Image',
  Video: 'Video',
  Calendar: 'Calendar',
  Form: 'Form',
  ImageAndForm: 'Image and Form',
} as const;
export type LeadFormBlockKind = (typeof LeadFormBlockKind)[keyof typeof LeadFormBlockKind];

/** Block kinds that carry the form itself (the others only show media and a link). */
export function leadFormHasForm(kind: LeadFormBlockKind): boolean {
  return kind === LeadFormBlockKind.Form || kind === LeadFormBlockKind.ImageAndForm;
}

export const MarketingLimits = {
  urlLength: 80,
  titleLength: 150,
  descriptionLength: 300,
  widgetsPerPage: 60,
  itemsPerWidget: 24,
  categoryNameLength: 60,
  leadMessageLength: 2000,
  /** Blog posts per page of the list and entries in the feed. */
  postsPerPage: 12,
  feedEntries: 30,
} as const;

/** Page urls and category slugs: lower-case words joined by single hyphens, as in /m/for-teams. */
export const PAGE_URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Who receives the lead-form notifications when the page sets no address of its own. */
export const MARKETING_LEADS_INBOX = 'sales@coderoom.dev';

export const MarketingMessages = {
  PageExists: 'A page with this id already exists.',
  UrlTaken: 'Another page already uses this url.',
  UrlInvalid: 'Use lower-case letters, digits and single hyphens, for example for-teams.',
  PageNotFound: 'This page does not exist or is not published.',
  NotEditorial: 'Only editorial users can edit marketing pages and the blog.',
  TitleRequired: 'Give the page a title before publishing it.',
  NotALeadForm: 'This page has no lead form with that id.',
  CategoryExists: 'A category with this slug already exists.',
  CategoryNotFound: 'This blog category does not exist.',
  CategoryOnlyForBlog: 'Only blog posts have a category.',
  LeadThanks: 'Thanks! We will be in touch within one working day.',
} as const;

/** Blog categories of the demo site (editorial users add more). */
export const BLOG_FEED_TITLE = 'Coderoom blog';

/** The discovery pages of 000 §2 that read the catalogue for everyone (/mycourses is per learner). */
export const DISCOVERY_PATHS = [
  '/track',
  '/categories',
  '/learning-plans',
  '/prepare-for-interview',
  '/become-a-developer',
  '/grow-my-skillset',
  '/refer-a-friend',
  '/github-students',
  '/individual-learner',
] as const;

/** Public pages of the site that do not come from the database, for the site map. */
export const PUBLIC_SITE_PATHS = [
  '/',
  '/explore',
  '/explore/free',
  '/explore/early-access',
  '/about',
  '/pricing',
  '/unlimited',
  '/terms',
  '/privacy',
  ...DISCOVERY_PATHS,
] as const;
