import { expect, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// Marketing pages, the blog and the discovery pages (docs/marketing.md): an admin writes a marketing page
// with a pricing widget and a lead form and publishes it; a visitor reads it and sends the form, and the
// mail reaches the dev mailbox; the discovery pages show the catalogue; a blog post is in its feed.

test('an admin publishes a marketing page with pricing; a visitor sends its lead form', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const url = `launch-${Date.now()}`;
  await logInAs(page, 'admin@coderoom.dev', DEMO_PASSWORD, '/editor-page');
  await page.getByLabel('Title').fill('Coderoom for startups');
  await page.getByLabel('Address').fill(url);
  await page.getByRole('button', { name: 'Create and edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit marketing page' })).toBeVisible();

  // A hero, the B2B pricing read from the plans, and a lead form, in that order.
  const add = async (label: string) => {
    await page.getByLabel('Widget to add').selectOption({ label });
    await page.getByRole('button', { name: 'Add widget' }).click();
  };
  await add('Hero feature');
  const hero = page.locator('.mk-widget-card').nth(0);
  await hero.getByLabel('Heading').fill('Ship faster with a trained team');
  await add('B2B pricing');
  await add('Lead form');
  const form = page.locator('.mk-widget-card').nth(2);
  await form.getByLabel('Form id').fill('startups');
  await form.getByLabel('Heading').fill('Ask for a startup plan');
  await page.locator('.mk-widget-card').nth(1).getByLabel('Talk-to-sales link').fill('#startups');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('unsaved changes')).toHaveCount(0);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.locator('.mk-price-card')).toHaveCount(2);
  await shot(page, 'marketing-01-editor-preview');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published ·' })).toBeVisible();

  // A visitor at their own browser reads it: seat prices come from the plan catalogue.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/m/${url}`);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Ship faster with a trained team' }),
  ).toBeVisible();
  const team = visitor.locator('.mk-price-card').filter({ hasText: 'Team' }).first();
  await expect(team).toContainText('per seat / month');
  await expect(team.locator('.mk-total')).toContainText('for 10 seats');
  await visitor.getByLabel('Seats').fill('25');
  await expect(team.locator('.mk-total')).toContainText('for 25 seats');
  await visitor.getByRole('link', { name: 'Talk to sales about Team' }).click();
  await expect(visitor).toHaveURL(/#startups$/);

  const email = `lead-${Date.now()}@example.com`;
  await visitor.getByLabel('Work e-mail').fill(email);
  await visitor.getByLabel('Company').fill('Tiny Rockets');
  await visitor.getByLabel('Team size').fill('6');
  await visitor.getByRole('button', { name: 'Send' }).click();
  await expect(visitor.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  await shot(visitor, 'marketing-02-visitor-page');
  await visitorContext.close();

  // The worker mails the sales inbox and the visitor; both land in the dev mailbox the admin reads.
  await page.goto('/admin/mailbox');
  // The newest mail is listed and also open beside the list: its subject shows twice.
  await expect(page.getByText(`New lead from ${email} (startups)`).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(email).first()).toBeVisible();

  // Unpublished, the page is gone for visitors.
  await page.goto('/editor-page');
  await page.getByRole('link', { name: 'Coderoom for startups' }).click();
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Draft: visitors cannot see this page')).toBeVisible();
  await page.goto(`/m/${url}`);
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
});

test('the demo page /m/for-teams at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/m/for-teams');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your team reads, runs and ships, in one place',
  );
  await expect(page.locator('.mk-price-card')).toHaveCount(2);
  // Nothing is wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'marketing-03-for-teams-phone');
});

test('discovery pages show what the catalogue holds', async ({ page }) => {
  test.setTimeout(120_000);
  const courses = await (
    await page.request.get('/api/reader/featured_items?type=courses&difficulty=beginner')
  ).json();
  const beginnerTitle = courses.items[0]?.title as string;
  expect(beginnerTitle).toBeTruthy();
  await page.goto('/become-a-developer');
  await expect(page.getByRole('heading', { level: 1, name: 'Become a developer' })).toBeVisible();
  await expect(page.getByRole('link', { name: beginnerTitle }).first()).toBeVisible();
  await shot(page, 'marketing-04-become-a-developer');

  await page.goto('/categories');
  const all = await (await page.request.get('/api/reader/featured_items?type=courses')).json();
  const coursesTile = page
    .locator('.category-tile')
    .filter({ has: page.getByRole('link', { name: 'Courses', exact: true }) });
  await expect(coursesTile.locator('.category-count')).toHaveText(
    `${all.total} item${all.total === 1 ? '' : 's'}`,
  );

  await page.goto('/track');
  await expect(page.getByRole('heading', { name: 'Python track' })).toBeVisible();
  const python = await (
    await page.request.get('/api/reader/featured_items?topic=Python&sort=popular')
  ).json();
  await expect(page.getByRole('link', { name: python.items[0].title }).first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/prepare-for-interview');
  await expect(page.getByRole('heading', { name: 'Skill assessments' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'marketing-05-interview-phone');
});

test('a blog post is listed, readable and in both feeds', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('link', { name: 'Engineering', exact: true }).click();
  await expect(page).toHaveURL(/\/blog\/category\/engineering$/);
  await page.getByRole('link', { name: 'A sandbox per run, in milliseconds' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'A sandbox per run, in milliseconds' }),
  ).toBeVisible();
  await expect(page.locator('.md-content')).toContainText('A fresh sandbox per run');
  await shot(page, 'marketing-06-blog-post');

  const atom = await page.request.get('/blog/feed.xml');
  expect(atom.headers()['content-type']).toContain('application/atom+xml');
  expect(await atom.text()).toContain('<title>A sandbox per run, in milliseconds</title>');
  const rss = await page.request.get('/blog/rss.xml');
  expect(await rss.text()).toContain('/blog/a-sandbox-per-run</link>');
  const sitemap = await page.request.get('/sitemap.xml');
  expect(await sitemap.text()).toContain('/m/for-teams</loc>');
});
