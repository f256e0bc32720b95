import type {
  BlogCategoriesResponse,
  BlogCategory,
  BlogCategoryRequestSchema,
  BlogPostsResponse,
  CheckHtmlResponse,
  CheckPublishedResponse,
  CreateEditorPageRequestSchema,
  EditorPage,
  EditorPageList,
  EditorPageWidget,
  EmailCaptureRequestSchema,
  EmailCaptureResponse,
  PublishedPage,
  SaveEditorPageRequestSchema,
} from '@coderoom/contracts';
import {
  EditorPageKind,
  ErrorStatus,
  escapeHtml,
  LeadFormBlockKind,
  leadFormHasForm,
  MARKETING_LEADS_INBOX,
  MarketingLimits,
  MarketingMessages,
  MarketingWidgetType,
  PRODUCT_NAME,
  renderMarkdown,
  validateEmail,
} from '@coderoom/domain';
import type { z } from 'zod';
import type { SessionContext } from '../../platform/auth/sessions.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { sanitizeRichHtml } from '../../platform/html/sanitizeRichHtml.js';
import { AppError, forbidden, invalidInput, notFound } from '../../platform/http/errors.js';
import { editConflict, isCurrentEtag, newEtag } from '../../platform/http/etag.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { isEditorial } from './marketing.policy.js';
import {
  presentCategory,
  presentEditorPage,
  presentPublishedPage,
  presentSummary,
  publishedWidgets,
} from './marketing.presenter.js';
import * as repo from './marketing.repository.js';

export interface MarketingDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  publicUrl: string;
}

type CreateInput = z.output<typeof CreateEditorPageRequestSchema>;
type SaveInput = z.output<typeof SaveEditorPageRequestSchema>;
type CategoryInput = z.output<typeof BlogCategoryRequestSchema>;
type CaptureInput = z.output<typeof EmailCaptureRequestSchema>;
type Caller = Pick<SessionContext, 'userId' | 'adminRole'>;

export const LEAD_MAIL_JOB = 'marketing.lead-mail';
interface LeadMailPayload {
  leadId: number;
  /** team: the sales inbox gets the lead; visitor: the visitor gets an acknowledgement. */
  recipient: 'team' | 'visitor';
}

/** A visitor may send this many lead forms an hour from one address (a form is not a mail cannon). */
const LEAD_RATE = { limit: 10, windowSeconds: 3600 };

const pageNotFound = () => notFound(MarketingMessages.PageNotFound);
const conflict = (text: string) => new AppError(ErrorStatus.AlreadyExists, text);

/** What is stored of a widget: HTML sanitised, Markdown rendered, as the lesson editor does. */
function cleanWidget(widget: EditorPageWidget): EditorPageWidget {
  switch (widget.type) {
    case MarketingWidgetType.Html:
      return { ...widget, content: { html: sanitizeRichHtml(widget.content.html) } };
    case 'SlateHTML':
      return { ...widget, content: { html: sanitizeRichHtml(widget.content.html) } };
    case 'MarkdownEditor':
      return {
        ...widget,
        content: { text: widget.content.text, mdHtml: renderMarkdown(widget.content.text).html },
      };
    default:
      return widget;
  }
}

/** Rules a schema cannot say: unique comp ids and form ids, media where a block kind needs them. */
function checkWidgets(widgets: readonly EditorPageWidget[]): void {
  const errors: Record<string, string> = {};
  const compIds = new Set<string>();
  const formIds = new Set<string>();
  widgets.forEach((widget, index) => {
    if (compIds.has(widget.comp_id))
      errors[`components.${index}.comp_id`] = 'Each widget needs its own comp_id.';
    compIds.add(widget.comp_id);
    if (widget.type !== MarketingWidgetType.LeadForm) return;
    const { formId, block_kind, media_url, image_url } = widget.content;
    if (formIds.has(formId))
      errors[`components.${index}.content.formId`] = 'Each lead form needs its own form id.';
    formIds.add(formId);
    const needsImage =
      block_kind === LeadFormBlockKind.Image || block_kind === LeadFormBlockKind.ImageAndForm;
    const needsMedia = block_kind === LeadFormBlockKind.Video || block_kind === LeadFormBlockKind.Calendar;
    if (needsImage && !image_url)
      errors[`components.${index}.content.image_url`] = 'This block kind shows an image: add its address.';
    if (needsMedia && !media_url)
      errors[`components.${index}.content.media_url`] = `A ${block_kind} block needs its address.`;
  });
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
}

function readMinutes(components: readonly unknown[]): number {
  const words = JSON.stringify(components)
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/).length;
  return Math.max(1, Math.round(words / 220));
}

export function createMarketingService({ db, clock, jobs, mailer, rateLimiter, publicUrl }: MarketingDeps) {
  function requireEditorial(caller: Caller): void {
    if (!isEditorial(caller)) throw forbidden(MarketingMessages.NotEditorial);
  }

  async function loadForEditor(caller: Caller, id: number) {
    requireEditorial(caller);
    const page = await repo.findPage(db, id);
    if (!page) throw pageNotFound();
    return page;
  }

  async function categoryIdFor(
    tx: DbExecutor,
    kind: repo.EditorPageKindValue,
    slug: string | null,
  ): Promise<number | null> {
    if (slug === null) return null;
    if (kind !== EditorPageKind.Blog) throw invalidInput({ category: MarketingMessages.CategoryOnlyForBlog });
    const category = await repo.findCategoryBySlug(tx, slug);
    if (!category) throw invalidInput({ category: MarketingMessages.CategoryNotFound });
    return category.id;
  }

  jobs.handle(LEAD_MAIL_JOB, async (raw) => {
    const { leadId, recipient } = raw as LeadMailPayload;
    const lead = await repo.findLead(db, leadId);
    if (!lead) return;
    const pageLink = `${publicUrl}/m/${lead.pageUrl}`;
    if (recipient === 'visitor') {
      await mailer.send({
        to: lead.email,
        subject: `We received your message – ${PRODUCT_NAME}`,
        text: `Hello${lead.fullName ? ` ${lead.fullName}` : ''},\n\nThanks for getting in touch through ${pageLink}. Someone from our team will answer within one working day.\n\n— The ${PRODUCT_NAME} team\n`,
        html: `<p>Hello${lead.fullName ? ` ${escapeHtml(lead.fullName)}` : ''},</p><p>Thanks for getting in touch through <a href="${pageLink}">${escapeHtml(pageLink)}</a>. Someone from our team will answer within one working day.</p><p>— The ${PRODUCT_NAME} team</p>`,
      });
      return;
    }
    const rows: [string, string][] = [
      ['E-mail', lead.email],
      ['Name', lead.fullName || '—'],
      ['Company', lead.company || '—'],
      ['Team size', lead.teamSize === null ? '—' : String(lead.teamSize)],
      ['Form', lead.portalId ? `${lead.formId} (${lead.portalId})` : lead.formId],
      ['Page', pageLink],
      ['Message', lead.message || '—'],
    ];
    await mailer.send({
      to: MARKETING_LEADS_INBOX,
      subject: `New lead from ${lead.email} (${lead.formId})`,
      text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
      html: `<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`,
    });
  });

  async function presentById(id: number): Promise<EditorPage> {
    const page = await repo.findPage(db, id);
    if (!page) throw pageNotFound();
    return presentEditorPage(page);
  }

  return {
    async create(caller: Caller, id: number, input: CreateInput): Promise<EditorPage> {
      requireEditorial(caller);
      if (await repo.isUrlTaken(db, input.kind, input.url, null)) throw conflict(MarketingMessages.UrlTaken);
      const row = await repo.insertPage(
        db,
        {
          id,
          kind: input.kind,
          url: input.url,
          title: input.title,
          authorId: caller.userId,
          etag: newEtag(),
        },
        clock.now(),
      );
      if (!row) throw conflict(MarketingMessages.PageExists);
      return presentById(id);
    },

    async list(caller: Caller, kind: repo.EditorPageKindValue): Promise<EditorPageList> {
      requireEditorial(caller);
      const pages = await repo.listPages(db, kind);
      return {
        pages: pages.map((page) => {
          const { components: _c, ...rest } = presentEditorPage(page);
          return rest;
        }),
      };
    },

    async get(caller: Caller, id: number): Promise<EditorPage> {
      return presentEditorPage(await loadForEditor(caller, id));
    },

    /** The editor's save: a compare-and-set on the eTag; the published copy is untouched. */
    async save(caller: Caller, id: number, etag: string, input: SaveInput): Promise<EditorPage> {
      requireEditorial(caller);
      const components = input.components.map(cleanWidget);
      checkWidgets(components);
      await db.transaction(async (tx) => {
        const page = await repo.lockPage(tx, id);
        if (!page) throw pageNotFound();
        if (!isCurrentEtag(page.etag, etag)) throw editConflict();
        if (await repo.isUrlTaken(tx, page.kind, input.url, id)) throw conflict(MarketingMessages.UrlTaken);
        const categoryId = await categoryIdFor(tx, page.kind, input.category);
        await repo.updatePage(
          tx,
          id,
          {
            url: input.url,
            title: input.title,
            description: input.description,
            categoryId,
            components,
            etag: newEtag(),
          },
          clock.now(),
        );
      });
      return presentById(id);
    },

    async publish(caller: Caller, id: number): Promise<EditorPage> {
      requireEditorial(caller);
      await db.transaction(async (tx) => {
        const page = await repo.lockPage(tx, id);
        if (!page) throw pageNotFound();
        if (page.title.trim() === '') throw invalidInput({ title: MarketingMessages.TitleRequired });
        await repo.updatePage(
          tx,
          id,
          {
            isPublished: true,
            publishedTitle: page.title,
            publishedDescription: page.description,
            publishedComponents: page.components,
            publishedAt: clock.now(),
            etag: newEtag(),
          },
          clock.now(),
        );
      });
      return presentById(id);
    },

    async unpublish(caller: Caller, id: number): Promise<EditorPage> {
      requireEditorial(caller);
      await db.transaction(async (tx) => {
        const page = await repo.lockPage(tx, id);
        if (!page) throw pageNotFound();
        await repo.updatePage(tx, id, { isPublished: false, etag: newEtag() }, clock.now());
      });
      return presentById(id);
    },

    async remove(caller: Caller, id: number): Promise<void> {
      requireEditorial(caller);
      if (!(await repo.deletePage(db, id))) throw pageNotFound();
    },

    async checkPublished(caller: Caller, id: number): Promise<CheckPublishedResponse> {
      const page = presentEditorPage(await loadForEditor(caller, id));
      return {
        is_published: page.is_published,
        published_at: page.published_at,
        has_unpublished_changes: page.has_unpublished_changes,
        url: page.url,
      };
    },

    /** Whether HTML survives the sanitiser unchanged, and what is kept of it. */
    async checkHtml(caller: Caller, id: number, html: string): Promise<CheckHtmlResponse> {
      await loadForEditor(caller, id);
      const clean = sanitizeRichHtml(html);
      return { is_html_supported: clean === html.trim() || clean === html, html: clean };
    },

    /** A visitor's read: the published copy, or 404 for anything else (drafts stay private). */
    async readPublished(kind: repo.EditorPageKindValue, url: string): Promise<PublishedPage> {
      const page = await repo.findPageByUrl(db, kind, url);
      if (!page?.isPublished) throw pageNotFound();
      return presentPublishedPage(page);
    },

    async posts(query: { category?: string; page?: number }): Promise<BlogPostsResponse> {
      const page = query.page ?? 1;
      let categoryId: number | undefined;
      if (query.category) {
        const category = await repo.findCategoryBySlug(db, query.category);
        if (!category) throw notFound(MarketingMessages.CategoryNotFound);
        categoryId = category.id;
      }
      const limit = MarketingLimits.postsPerPage;
      const [rows, total] = await Promise.all([
        repo.listPublished(db, EditorPageKind.Blog, { categoryId, limit, offset: (page - 1) * limit }),
        repo.countPublished(db, EditorPageKind.Blog, categoryId),
      ]);
      return {
        posts: rows.map((row) => presentSummary(row, readMinutes(publishedWidgets(row)))),
        total,
        page,
        page_size: limit,
      };
    },

    /** The newest published posts with their bodies, for the feeds. */
    async feedPosts(): Promise<PublishedPage[]> {
      const rows = await repo.listPublished(db, EditorPageKind.Blog, {
        limit: MarketingLimits.feedEntries,
        offset: 0,
      });
      return rows.map(presentPublishedPage);
    },

    publishedUrls: () => repo.listPublishedUrls(db),

    async categories(): Promise<BlogCategoriesResponse> {
      return { categories: (await repo.listCategories(db)).map(presentCategory) };
    },

    async createCategory(caller: Caller, input: CategoryInput): Promise<BlogCategory> {
      requireEditorial(caller);
      const row = await repo.insertCategory(db, input);
      if (!row) throw conflict(MarketingMessages.CategoryExists);
      return presentCategory({ ...row, postCount: 0 });
    },

    async updateCategory(caller: Caller, id: number, input: CategoryInput): Promise<BlogCategory> {
      requireEditorial(caller);
      if (await repo.isCategorySlugTaken(db, input.slug, id))
        throw conflict(MarketingMessages.CategoryExists);
      const row = await repo.updateCategory(db, id, input);
      if (!row) throw notFound(MarketingMessages.CategoryNotFound);
      const counted = (await repo.listCategories(db)).find((category) => category.id === id);
      return presentCategory(counted ?? { ...row, postCount: 0 });
    },

    async deleteCategory(caller: Caller, id: number): Promise<void> {
      requireEditorial(caller);
      if (!(await repo.deleteCategory(db, id))) throw notFound(MarketingMessages.CategoryNotFound);
    },

    /**
     * A lead-form submission: only to a form that is on a published page and shows a form, stored and
     * mailed (to the sales inbox and an acknowledgement to the visitor) by the worker, in one transaction.
     */
    async captureEmail(
      userId: number | null,
      ip: string,
      input: CaptureInput,
    ): Promise<EmailCaptureResponse> {
      const emailProblem = validateEmail(input.email);
      if (emailProblem) throw invalidInput({ email: emailProblem });
      const page = await repo.findPage(db, input.page_id);
      if (!page?.isPublished) throw pageNotFound();
      const form = publishedWidgets(page).find(
        (widget) =>
          widget.type === MarketingWidgetType.LeadForm &&
          widget.content.formId === input.form_id &&
          leadFormHasForm(widget.content.block_kind),
      );
      if (!form || form.type !== MarketingWidgetType.LeadForm) throw notFound(MarketingMessages.NotALeadForm);
      await rateLimiter.consume(`lead:ip:${ip}`, LEAD_RATE);
      await db.transaction(async (tx) => {
        const leadId = await repo.insertLead(tx, {
          pageId: page.id,
          pageUrl: page.url,
          formId: input.form_id,
          portalId: form.content.portalId,
          email: input.email.trim(),
          fullName: input.full_name,
          company: input.company,
          teamSize: input.team_size ?? null,
          message: input.message,
          userId,
          createdAt: clock.now(),
        });
        await jobs.enqueue(tx, LEAD_MAIL_JOB, { leadId, recipient: 'team' } satisfies LeadMailPayload);
        await jobs.enqueue(tx, LEAD_MAIL_JOB, { leadId, recipient: 'visitor' } satisfies LeadMailPayload);
      });
      return { message: MarketingMessages.LeadThanks };
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
