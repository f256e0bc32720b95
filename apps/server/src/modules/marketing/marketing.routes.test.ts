import { gzipSync } from 'node:zlib';
import { EditorPageSchema, PublishedPageSchema } from '@coderoom/contracts';
import { ErrorMessages, MARKETING_LEADS_INBOX, MarketingMessages } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox, marketingLeads } from '../../db/schema.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, uniqueEmail, waitFor } from '../../test/harness.js';
import { seedMarketingDemo } from './marketing.demo.js';

// Marketing pages and blog posts: editorial users write, publish and unpublish them; visitors read only
// what is published, send lead forms (stored and mailed by the worker) and follow the feeds.

let t: TestApp;
let admin: TestClient;
let learner: TestClient;
let visitor: TestClient;
let nextId = 7_000_000 + (process.pid % 1000) * 100;

async function logIn(user: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(t.app);
  const response = await client.post('/api/user/login', { email: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  return client;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await logIn(await buildUser(t.database, { admin: true, fullName: 'Edith Torial' }));
  ({ client: learner } = await signUp(t.app));
  visitor = new TestClient(t.app);
});
afterAll(async () => {
  await t.close();
});

const HERO = {
  type: 'HeroFeature',
  comp_id: 'hero',
  content: { heading: 'Train the whole team', text: 'Courses with a sandbox behind every code block.' },
};
const PRICING = { type: 'B2BPricing', comp_id: 'pricing', content: { default_seats: 12 } };
const LEAD_FORM = {
  type: 'LeadForm',
  comp_id: 'lead',
  content: { formId: 'teams-demo', portalId: 'emea', block_kind: 'Form', heading: 'Talk to us' },
};

async function createPage(kind: 'marketing_page' | 'blogs', url: string, title = '') {
  nextId += 1;
  const response = await admin.post(`/api/page/editor/${nextId}/create`, { kind, url, title });
  expect(response.statusCode).toBe(201);
  return { id: nextId, etag: EditorPageSchema.parse(response.json()).etag };
}

/** The editor's save: gzip-compressed JSON with the eTag it was based on. */
function save(client: TestClient, id: number, etag: string | null, body: unknown) {
  return client.request('PUT', `/api/page/editor/${id}`, undefined, {
    rawBody: gzipSync(Buffer.from(JSON.stringify(body)), { level: 9 }),
    headers: {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      ...(etag === null ? {} : { etag: `"${etag}"` }),
    },
  });
}

async function publishedTeamsPage(url: string) {
  const { id, etag } = await createPage('marketing_page', url, 'Coderoom for teams');
  const saved = await save(admin, id, etag, {
    url,
    title: 'Coderoom for teams',
    description: 'Seats for your whole team.',
    components: [HERO, PRICING, LEAD_FORM],
  });
  expect(saved.statusCode).toBe(200);
  expect((await admin.post(`/api/page/editor/${id}/publish`)).statusCode).toBe(200);
  return id;
}

describe('who may write marketing pages', () => {
  it('refuses visitors (401) and learners who are not editorial (403), on every call', async () => {
    const { id, etag } = await createPage('marketing_page', 'refusals');
    const calls = [
      (client: TestClient) =>
        client.post(`/api/page/editor/${id + 1000}/create`, { kind: 'marketing_page', url: 'x-page' }),
      (client: TestClient) => client.get(`/api/page/editor/${id}`),
      (client: TestClient) => save(client, id, etag, { url: 'refusals', title: 'T', components: [] }),
      (client: TestClient) => client.post(`/api/page/editor/${id}/publish`),
      (client: TestClient) => client.post(`/api/page/editor/${id}/unpublish`),
      (client: TestClient) => client.request('DELETE', `/api/page/editor/${id}`),
      (client: TestClient) => client.get(`/api/page/editor/${id}/check-published`),
      (client: TestClient) => client.post(`/api/page/editor/${id}/check-html-support`, { html: '<p>x</p>' }),
      (client: TestClient) => client.get('/api/page/editor?kind=marketing_page'),
      (client: TestClient) => client.post('/api/editorial/blog/categories', { slug: 'nope', name: 'Nope' }),
    ];
    for (const call of calls) {
      expect((await call(visitor)).statusCode).toBe(401);
      const refused = await call(learner);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ errorText: MarketingMessages.NotEditorial });
    }
    // Nothing was changed by the refused calls.
    const page = EditorPageSchema.parse((await admin.get(`/api/page/editor/${id}`)).json());
    expect(page).toMatchObject({ etag, is_published: false, title: '' });
  });
});

describe('creating and saving', () => {
  it('creates a page under the id the editor chose; the id and the url are each taken once', async () => {
    const { id } = await createPage('marketing_page', 'taken-url', 'First');
    const again = await admin.post(`/api/page/editor/${id}/create`, {
      kind: 'marketing_page',
      url: 'other-url',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorText: MarketingMessages.PageExists });
    const sameUrl = await admin.post(`/api/page/editor/${id + 500}/create`, {
      kind: 'marketing_page',
      url: 'taken-url',
    });
    expect(sameUrl.statusCode).toBe(409);
    expect(sameUrl.json()).toEqual({ errorText: MarketingMessages.UrlTaken });
    // A blog post may share a marketing page's url: they live under /blog and /m.
    expect(
      (await admin.post(`/api/page/editor/${id + 501}/create`, { kind: 'blogs', url: 'taken-url' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a url that is not lower-case words with hyphens, with the field named', async () => {
    const response = await admin.post(`/api/page/editor/${nextId + 900}/create`, {
      kind: 'marketing_page',
      url: 'For Teams!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errorText: `Url: ${MarketingMessages.UrlInvalid}`,
      errors: { url: `Url: ${MarketingMessages.UrlInvalid}` },
    });
  });

  it('saves compressed bodies against the eTag; a stale or missing eTag is refused and nothing changes', async () => {
    const { id, etag } = await createPage('marketing_page', 'etag-rules');
    const body = { url: 'etag-rules', title: 'Saved once', components: [HERO] };
    const missing = await save(admin, id, null, body);
    expect(missing.statusCode).toBe(400);
    const first = await save(admin, id, etag, body);
    expect(first.statusCode).toBe(200);
    const stale = await save(admin, id, etag, { ...body, title: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ errorText: ErrorMessages.ContentJustUpdated });
    const page = EditorPageSchema.parse((await admin.get(`/api/page/editor/${id}`)).json());
    expect(page.title).toBe('Saved once');
    expect(page.components).toMatchObject([HERO]);
  });

  it('sanitises HTML widgets and renders Markdown on save; check-html-support says what survives', async () => {
    const { id, etag } = await createPage('blogs', 'sanitised');
    const saved = await save(admin, id, etag, {
      url: 'sanitised',
      title: 'Sanitised',
      components: [
        {
          type: 'Html',
          comp_id: 'h',
          content: {
            html: '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:x">link</a></p>',
          },
        },
        { type: 'MarkdownEditor', comp_id: 'm', content: { text: 'Some **bold** words' } },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const [html, markdown] = EditorPageSchema.parse(saved.json()).components;
    expect(html).toEqual({ type: 'Html', comp_id: 'h', content: { html: '<p>Hi <a>link</a></p>' } });
    expect(markdown?.type === 'MarkdownEditor' && markdown.content.mdHtml).toContain('<strong>bold</strong>');

    const check = await admin.post(`/api/page/editor/${id}/check-html-support`, {
      html: '<p>Fine <strong>text</strong></p><iframe src="https://x.example"></iframe>',
    });
    expect(check.json()).toEqual({ is_html_supported: false, html: '<p>Fine <strong>text</strong></p>' });
    const clean = await admin.post(`/api/page/editor/${id}/check-html-support`, { html: '<p>Fine</p>' });
    expect(clean.json()).toEqual({ is_html_supported: true, html: '<p>Fine</p>' });
  });

  it('checks rules a schema cannot: unique form ids, media a block kind needs, a category only on posts', async () => {
    const { id, etag } = await createPage('marketing_page', 'widget-rules');
    const twoForms = await save(admin, id, etag, {
      url: 'widget-rules',
      title: 'Rules',
      components: [LEAD_FORM, { ...LEAD_FORM, comp_id: 'lead-2' }],
    });
    expect(twoForms.statusCode).toBe(400);
    expect(twoForms.json().errors).toEqual({
      'components.1.content.formId': 'Each lead form needs its own form id.',
    });
    const video = await save(admin, id, etag, {
      url: 'widget-rules',
      title: 'Rules',
      components: [{ ...LEAD_FORM, content: { ...LEAD_FORM.content, block_kind: 'Video' } }],
    });
    expect(video.json().errors).toEqual({
      'components.0.content.media_url': 'A Video block needs its address.',
    });
    const unknownType = await save(admin, id, etag, {
      url: 'widget-rules',
      title: 'Rules',
      components: [{ type: 'Iframe', comp_id: 'x', content: {} }],
    });
    expect(unknownType.statusCode).toBe(400);
    const category = await save(admin, id, etag, {
      url: 'widget-rules',
      title: 'Rules',
      category: 'news',
      components: [],
    });
    expect(category.json()).toEqual({
      errorText: MarketingMessages.CategoryOnlyForBlog,
      errors: { category: MarketingMessages.CategoryOnlyForBlog },
    });
  });
});

describe('publishing', () => {
  it('shows visitors only the published copy; unpublish and delete take it away', async () => {
    const { id, etag } = await createPage('marketing_page', 'launch-page');
    expect((await visitor.get('/api/m/launch-page')).statusCode).toBe(404);

    const untitled = await admin.post(`/api/page/editor/${id}/publish`);
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().errorText).toBe(MarketingMessages.TitleRequired);

    const saved = EditorPageSchema.parse(
      (await save(admin, id, etag, { url: 'launch-page', title: 'Launch', components: [HERO] })).json(),
    );
    expect((await visitor.get('/api/m/launch-page')).statusCode).toBe(404);
    const published = EditorPageSchema.parse((await admin.post(`/api/page/editor/${id}/publish`)).json());
    expect(published).toMatchObject({ is_published: true, has_unpublished_changes: false });

    const read = PublishedPageSchema.parse((await visitor.get('/api/m/launch-page')).json());
    expect(read).toMatchObject({ title: 'Launch', author_name: 'Edith Torial', components: [HERO] });

    // Editing the draft leaves the visitor's copy alone until the next publish.
    await save(admin, id, published.etag, { url: 'launch-page', title: 'Launch v2', components: [] });
    expect((await admin.get(`/api/page/editor/${id}/check-published`)).json()).toEqual({
      is_published: true,
      published_at: published.published_at,
      has_unpublished_changes: true,
      url: 'launch-page',
    });
    expect(PublishedPageSchema.parse((await visitor.get('/api/m/launch-page')).json()).title).toBe('Launch');
    expect(saved.etag).not.toBe(published.etag);

    expect((await admin.post(`/api/page/editor/${id}/unpublish`)).statusCode).toBe(200);
    const gone = await visitor.get('/api/m/launch-page');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ errorText: MarketingMessages.PageNotFound });
    expect((await admin.get(`/api/page/editor/${id}/check-published`)).json()).toMatchObject({
      is_published: false,
    });

    expect((await admin.post(`/api/page/editor/${id}/publish`)).statusCode).toBe(200);
    expect((await admin.request('DELETE', `/api/page/editor/${id}`)).statusCode).toBe(204);
    expect((await visitor.get('/api/m/launch-page')).statusCode).toBe(404);
    expect((await admin.get(`/api/page/editor/${id}`)).statusCode).toBe(404);
    expect((await admin.request('DELETE', `/api/page/editor/${id}`)).statusCode).toBe(404);
  });

  it('a marketing page is not readable as a blog post, nor the other way round', async () => {
    await publishedTeamsPage('only-marketing');
    expect((await visitor.get('/api/m/only-marketing')).statusCode).toBe(200);
    expect((await visitor.get('/api/blog/post/only-marketing')).statusCode).toBe(404);
  });
});

describe('the lead form', () => {
  it('stores a submission and mails the sales inbox and the visitor through the worker', async () => {
    const id = await publishedTeamsPage('leads-page');
    const email = uniqueEmail('lead');
    const response = await visitor.put('/api/event/marketing/email-capture', {
      page_id: id,
      form_id: 'teams-demo',
      email,
      full_name: 'Grace Lead',
      company: 'Compilers Ltd',
      team_size: 40,
      message: 'We would like a demo.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MarketingMessages.LeadThanks });

    const [lead] = await t.database.db.select().from(marketingLeads).where(eq(marketingLeads.email, email));
    expect(lead).toMatchObject({ pageId: id, formId: 'teams-demo', portalId: 'emea', teamSize: 40 });

    const toTeam = await waitFor(async () => {
      const mails = await t.database.db
        .select()
        .from(devMailbox)
        .where(eq(devMailbox.toAddress, MARKETING_LEADS_INBOX));
      return mails.find((mail) => mail.subject.includes(email));
    }, 'the lead mail to the sales inbox');
    expect(toTeam.textBody).toContain('Company: Compilers Ltd');
    expect(toTeam.textBody).toContain('Form: teams-demo (emea)');
    const toVisitor = await waitFor(async () => {
      const [mail] = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
      return mail;
    }, 'the acknowledgement to the visitor');
    expect(toVisitor.textBody).toContain('Hello Grace Lead');
  });

  it('refuses a bad address, an unknown form and a page that is not published', async () => {
    const id = await publishedTeamsPage('leads-refusals');
    const bad = await visitor.put('/api/event/marketing/email-capture', {
      page_id: id,
      form_id: 'teams-demo',
      email: 'not-an-address',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['email']);
    const unknown = await visitor.put('/api/event/marketing/email-capture', {
      page_id: id,
      form_id: 'nope',
      email: uniqueEmail(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errorText: MarketingMessages.NotALeadForm });
    await admin.post(`/api/page/editor/${id}/unpublish`);
    const hidden = await visitor.put('/api/event/marketing/email-capture', {
      page_id: id,
      form_id: 'teams-demo',
      email: uniqueEmail(),
    });
    expect(hidden.statusCode).toBe(404);
    expect(await t.database.db.select().from(marketingLeads).where(eq(marketingLeads.pageId, id))).toEqual(
      [],
    );
  });
});

describe('the blog', () => {
  it('editorial users manage categories; posts are listed by category and appear in both feeds', async () => {
    const created = await admin.post('/api/editorial/blog/categories', {
      slug: 'engineering',
      name: 'Engineering',
      description: 'How we build it.',
    });
    expect(created.statusCode).toBe(201);
    const categoryId = created.json().id as number;
    expect(
      (await admin.post('/api/editorial/blog/categories', { slug: 'engineering', name: 'Again' })).statusCode,
    ).toBe(409);
    await admin.post('/api/editorial/blog/categories', { slug: 'teaching', name: 'Teaching' });

    const { id, etag } = await createPage('blogs', 'sandboxes-at-scale');
    const saved = await save(admin, id, etag, {
      url: 'sandboxes-at-scale',
      title: 'Sandboxes at scale',
      description: 'How a code block becomes a process.',
      category: 'engineering',
      components: [
        { type: 'MarkdownEditor', comp_id: 'body', content: { text: 'Every **run** is a fresh sandbox.' } },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect((await visitor.get('/api/blog/posts?category=engineering')).json().posts).toEqual([]);
    await admin.post(`/api/page/editor/${id}/publish`);

    const listed = (await visitor.get('/api/blog/posts?category=engineering')).json();
    expect(listed.total).toBe(1);
    expect(listed.posts[0]).toMatchObject({
      url: 'sandboxes-at-scale',
      category: { slug: 'engineering', name: 'Engineering' },
      read_minutes: 1,
    });
    expect((await visitor.get('/api/blog/posts?category=teaching')).json().total).toBe(0);
    expect((await visitor.get('/api/blog/posts?category=missing')).statusCode).toBe(404);
    const categories = (await visitor.get('/api/blog/categories')).json().categories;
    expect(categories).toContainEqual(expect.objectContaining({ slug: 'engineering', post_count: 1 }));

    const atom = await visitor.get('/blog/feed.xml');
    expect(atom.headers['content-type']).toContain('application/atom+xml');
    expect(atom.body).toContain('<title>Sandboxes at scale</title>');
    expect(atom.body).toContain('href="http://localhost:3000/blog/sandboxes-at-scale"');
    expect(atom.body).toContain('&lt;strong&gt;run&lt;/strong&gt;');
    const rss = await visitor.get('/blog/rss.xml');
    expect(rss.body).toContain('<link>http://localhost:3000/blog/sandboxes-at-scale</link>');
    expect(rss.body).toContain('<category>Engineering</category>');

    // Renaming keeps the posts; deleting a category leaves its posts without one.
    const renamed = await admin.put(`/api/editorial/blog/categories/${categoryId}`, {
      slug: 'engineering',
      name: 'Engineering notes',
    });
    expect(renamed.json()).toMatchObject({ name: 'Engineering notes', post_count: 1 });
    expect((await learner.request('DELETE', `/api/editorial/blog/categories/${categoryId}`)).statusCode).toBe(
      403,
    );
    expect((await admin.request('DELETE', `/api/editorial/blog/categories/${categoryId}`)).statusCode).toBe(
      204,
    );
    expect(
      PublishedPageSchema.parse((await visitor.get('/api/blog/post/sandboxes-at-scale')).json()).category,
    ).toBeNull();
  });

  it('the site map lists the public pages, published marketing pages and posts, and the catalogue', async () => {
    await publishedTeamsPage('in-the-sitemap');
    const { id } = await createPage('marketing_page', 'draft-not-in-sitemap', 'Draft');
    expect(id).toBeGreaterThan(0);
    const course = await buildCourse(t.database, { title: 'Sitemap Course', lessons: 1 });
    const response = await visitor.get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<loc>http://localhost:3000/m/in-the-sitemap</loc>');
    expect(response.body).toContain('<loc>http://localhost:3000/prepare-for-interview</loc>');
    expect(response.body).toContain(`/${course.collection.encodedId}</loc>`);
    expect(response.body).not.toContain('draft-not-in-sitemap');
  });
});

describe('the demo content', () => {
  it('seeds /m/for-teams and two posts whose every widget passes the contract', async () => {
    const author = await buildUser(t.database);
    expect(await seedMarketingDemo(t.database.db, author.id, new Date('2026-03-01T12:00:00Z'))).toBe(true);
    const forTeams = PublishedPageSchema.parse((await visitor.get('/api/m/for-teams')).json());
    expect(forTeams.components.map((widget) => widget.type)).toEqual([
      'HeroFeature',
      'Logos',
      'MarketingColumns',
      'B2BPricing',
      'Testimonials',
      'Faqs',
      'LeadForm',
    ]);
    const posts = (await visitor.get('/api/blog/posts')).json();
    expect(posts.posts.map((post: { url: string }) => post.url)).toEqual(
      expect.arrayContaining(['a-sandbox-per-run', 'why-every-code-block-runs']),
    );
    // Seeding again leaves what editors changed alone.
    expect(await seedMarketingDemo(t.database.db, author.id, new Date())).toBe(false);
  });
});
