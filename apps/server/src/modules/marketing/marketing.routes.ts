import {
  BlogCategoryParamsSchema,
  BlogCategoryRequestSchema,
  BlogPostsQuerySchema,
  CheckHtmlRequestSchema,
  CreateEditorPageRequestSchema,
  EditorPageListQuerySchema,
  EditorPageParamsSchema,
  EmailCaptureRequestSchema,
  EmptyBodySchema,
  PAGE_SAVE_BODY_LIMIT_BYTES,
  PublishedPageParamsSchema,
  SaveEditorPageRequestSchema,
} from '@coderoom/contracts';
import { EditorPageKind, PUBLIC_SITE_PATHS } from '@coderoom/domain';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { requireEtag, sendEtag } from '../../platform/http/etag.js';
import { parseInput } from '../../platform/http/validation.js';
import { registerCompressedJsonBody } from '../authoring/authoring.body.js';
import { atomFeed, rssFeed, type SitemapEntry, sitemap } from './marketing.feeds.js';
import type { MarketingService } from './marketing.service.js';

// Marketing pages and the blog: the editor's calls of spec 000 §7, the visitor's reads, the lead form,
// the feeds and the site map (docs/marketing.md).

const EDITOR = '/api/page/editor/:id';

export interface MarketingRoutesDeps {
  publicUrl: string;
  /** The catalogue's public item paths for the site map (the reader's listing). */
  cataloguePaths: () => Promise<string[]>;
}

export function registerMarketingRoutes(
  app: FastifyInstance,
  marketing: MarketingService,
  { publicUrl, cataloguePaths }: MarketingRoutesDeps,
): void {
  app.post(`${EDITOR}/create`, async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parseInput(EditorPageParamsSchema, request.params);
    const page = await marketing.create(caller, id, parseInput(CreateEditorPageRequestSchema, request.body));
    return reply.status(201).send(sendEtag(reply, page.etag, page));
  });

  app.get('/api/page/editor', async (request) => {
    const caller = requireUser(request);
    return marketing.list(caller, parseInput(EditorPageListQuerySchema, request.query).kind);
  });

  app.get(EDITOR, async (request, reply) => {
    const caller = requireUser(request);
    const page = await marketing.get(caller, parseInput(EditorPageParamsSchema, request.params).id);
    return sendEtag(reply, page.etag, page);
  });

  // The save arrives compressed like the lesson editor's (spec 000 §7), against the eTag it was based on.
  app.register(async (scope) => {
    registerCompressedJsonBody(scope, PAGE_SAVE_BODY_LIMIT_BYTES);
    scope.put(EDITOR, { decompress: false }, async (request, reply) => {
      const caller = requireUser(request);
      const { id } = parseInput(EditorPageParamsSchema, request.params);
      const body = parseInput(SaveEditorPageRequestSchema, request.body);
      const page = await marketing.save(caller, id, requireEtag(request), body);
      return sendEtag(reply, page.etag, page);
    });
  });

  app.post(`${EDITOR}/publish`, async (request, reply) => {
    const caller = requireUser(request);
    parseInput(EmptyBodySchema, request.body);
    const page = await marketing.publish(caller, parseInput(EditorPageParamsSchema, request.params).id);
    return sendEtag(reply, page.etag, page);
  });

  app.post(`${EDITOR}/unpublish`, async (request, reply) => {
    const caller = requireUser(request);
    parseInput(EmptyBodySchema, request.body);
    const page = await marketing.unpublish(caller, parseInput(EditorPageParamsSchema, request.params).id);
    return sendEtag(reply, page.etag, page);
  });

  app.delete(EDITOR, async (request, reply) => {
    const caller = requireUser(request);
    parseInput(EmptyBodySchema, request.body);
    await marketing.remove(caller, parseInput(EditorPageParamsSchema, request.params).id);
    return reply.status(204).send();
  });

  app.get(`${EDITOR}/check-published`, async (request) => {
    const caller = requireUser(request);
    return marketing.checkPublished(caller, parseInput(EditorPageParamsSchema, request.params).id);
  });

  app.post(`${EDITOR}/check-html-support`, async (request) => {
    const caller = requireUser(request);
    const { id } = parseInput(EditorPageParamsSchema, request.params);
    return marketing.checkHtml(caller, id, parseInput(CheckHtmlRequestSchema, request.body).html);
  });

  // What visitors read.
  app.get('/api/m/:url', async (request) =>
    marketing.readPublished(
      EditorPageKind.Marketing,
      parseInput(PublishedPageParamsSchema, request.params).url,
    ),
  );
  app.get('/api/blog/post/:url', async (request) =>
    marketing.readPublished(EditorPageKind.Blog, parseInput(PublishedPageParamsSchema, request.params).url),
  );
  app.get('/api/blog/posts', async (request) =>
    marketing.posts(parseInput(BlogPostsQuerySchema, request.query)),
  );
  app.get('/api/blog/categories', async () => marketing.categories());

  // Editorial users manage the blog's categories (spec 000 §4).
  app.post('/api/editorial/blog/categories', async (request, reply) => {
    const caller = requireUser(request);
    const category = await marketing.createCategory(
      caller,
      parseInput(BlogCategoryRequestSchema, request.body),
    );
    return reply.status(201).send(category);
  });
  app.put('/api/editorial/blog/categories/:id', async (request) => {
    const caller = requireUser(request);
    const { id } = parseInput(BlogCategoryParamsSchema, request.params);
    return marketing.updateCategory(caller, id, parseInput(BlogCategoryRequestSchema, request.body));
  });
  app.delete('/api/editorial/blog/categories/:id', async (request, reply) => {
    const caller = requireUser(request);
    parseInput(EmptyBodySchema, request.body);
    await marketing.deleteCategory(caller, parseInput(BlogCategoryParamsSchema, request.params).id);
    return reply.status(204).send();
  });

  app.put('/api/event/marketing/email-capture', async (request) => {
    const userId = request.auth?.state === 'active' ? request.auth.userId : null;
    return marketing.captureEmail(userId, request.ip, parseInput(EmailCaptureRequestSchema, request.body));
  });

  // Feeds and the site map: public XML, cached briefly by readers and crawlers.
  app.get('/blog/feed.xml', async (_request, reply) => {
    const posts = await marketing.feedPosts();
    reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=300');
    return atomFeed(posts, publicUrl);
  });
  app.get('/blog/rss.xml', async (_request, reply) => {
    const posts = await marketing.feedPosts();
    reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300');
    return rssFeed(posts, publicUrl);
  });
  app.get('/sitemap.xml', async (_request, reply) => {
    const [pages, catalogue] = await Promise.all([marketing.publishedUrls(), cataloguePaths()]);
    const entries: SitemapEntry[] = [
      ...PUBLIC_SITE_PATHS.map((path) => ({ path })),
      { path: '/blog' },
      ...pages.map((page) => ({
        path: page.kind === EditorPageKind.Blog ? `/blog/${page.url}` : `/m/${page.url}`,
        lastModified: page.publishedAt?.toISOString() ?? null,
      })),
      ...catalogue.map((path) => ({ path })),
    ];
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300');
    return sitemap(entries, publicUrl);
  });
}
