import { readFile } from 'node:fs/promises';
import type { MailboxResponse } from '@coderoom/contracts';
import { apiCall } from './a11y';
import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs, logInInNewContext, signUpLearner } from './helpers';
import { shot } from './shot';

// Account settings, onboarding, notes and data requests (docs/account.md), as a learner meets them.

const PASSWORD = 'Str0ng!Pass';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Full-page screenshots of the page as it is now, at desktop and phone width. */
async function shotBoth(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} fits a phone`).toBeLessThanOrEqual(PHONE.width);
  await shot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

/** Every in-app link on the page (header and main), each opened: none may be a not-found page. */
async function expectNoDeadLinks(page: Page, from: string) {
  await page.goto(from);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('main').getByText('Loading…')).toHaveCount(0);
  const hrefs = await page
    .locator('header a[href^="/"], main a[href^="/"]')
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href') ?? ''))]);
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.locator('main')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'We could not find that page' }),
      `${from} → ${href}`,
    ).toHaveCount(0);
  }
}

test('a new learner is onboarded to a recommended course and sees Teach only after asking', async ({
  page,
}) => {
  const email = `onboard-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Olive Onboard');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/onboarding\/goal$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome! Let’s find your first course');
  await shotBoth(page, 'onboarding-goal');
  await page.getByRole('radio', { name: /Pick up a new language/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboarding\/languages$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose at least one language.');
  await page.getByRole('checkbox', { name: 'Python' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboarding\/level$/);
  await page.getByRole('radio', { name: /Beginner/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboarding\/recommendation$/);
  const recommended = page.getByRole('list', { name: 'Recommended course' });
  await expect(recommended.getByRole('heading', { name: 'Python in Practice' })).toBeVisible();
  await expect(page.getByText('A beginner Python course, matching the level you chose.')).toBeVisible();
  await shotBoth(page, 'onboarding-recommendation');
  await page.getByRole('button', { name: 'Start Python in Practice' }).click();
  await expect(page).toHaveURL(/\/courses\/python-in-practice\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Python in Practice' })).toBeVisible();

  // Onboarding is over: the home is the learning home now, and it has no dead ends.
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Notes' })).toBeAttached();
  await expect(main.getByRole('link', { name: 'Teach' })).toHaveCount(0);
  await page.goto('/');
  await expect(page).toHaveURL(/\/learn\/home$/);
  await expectNoDeadLinks(page, '/learn/home');

  await page.goto('/settings#teaching');
  await page.getByRole('button', { name: 'Start teaching' }).click();
  await expect(page.getByRole('link', { name: 'Open the studio' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Teach' })).toBeAttached();
  await main.getByRole('link', { name: 'Teach' }).click({ force: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Teach' })).toBeVisible();
});

test("a seeded learner's home and learning tabs point only at pages that exist", async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teach' }),
  ).toHaveCount(0);
  for (const tab of ['home', 'in-progress', 'my-courses', 'saved', 'completed']) {
    await expectNoDeadLinks(page, `/learn/${tab}`);
  }
});

test('settings: name, picture, e-mail change confirmed by link, notification preferences', async ({
  page,
  browser,
}) => {
  const oldEmail = await signUpLearner(page, 'Pia Profile', 'profile', PASSWORD);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  const profile = page.locator('#profile');
  await profile.getByLabel('Full name').fill('Pia Picture');
  await profile.getByRole('button', { name: 'Save name' }).click();
  await expect(profile.getByText('Your name is saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Pia Picture' })).toBeVisible();

  await profile
    .getByLabel('Upload a picture')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(profile.getByRole('alert')).toContainText('only PNG, JPEG and GIF images can be uploaded.');
  await profile
    .getByLabel('Upload a picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(profile.getByText('Your new picture is saved.')).toBeVisible();
  await expect(page.locator('.topbar img.avatar-picture')).toHaveAttribute(
    'src',
    /^\/api\/assets\/[a-z0-9]{32}\.png$/,
  );

  const newEmail = `moved-${Date.now()}@example.com`;
  const email = page.locator('#email');
  await email.getByLabel('New e-mail address').fill(newEmail);
  await email.getByLabel('Your password').fill(PASSWORD);
  await email.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(
    email.getByText(`We sent a confirmation link to ${newEmail}.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(`Signed in as ${oldEmail}`)).toBeVisible();

  const notifications = page.locator('#notifications');
  const news = notifications.getByRole('checkbox', { name: 'Product news by e-mail' });
  await expect(news).not.toBeChecked();
  await news.check();
  await expect(notifications.getByText('Security e-mails')).toBeVisible();
  await shotBoth(page, 'settings');

  // The link arrives in the dev mailbox (read here as the admin) and is opened by the same account.
  const admin = await logInInNewContext(browser, 'admin@coderoom.dev', '/learn/home');
  const { messages } = await apiCall<MailboxResponse>(admin, 'GET', '/api/admin/mailbox');
  const mail = messages.find((message) => message.to === newEmail);
  const link = mail?.text.match(/\/settings\?email_token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await expect(page.getByText(`Done: your account now uses ${newEmail}.`, { exact: false })).toBeVisible();
  await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  const { messages: after } = await apiCall<MailboxResponse>(admin, 'GET', '/api/admin/mailbox');
  expect(after.find((message) => message.to === oldEmail)?.subject).toMatch(/e-mail address was changed/);

  await page.reload();
  await expect(
    page.locator('#notifications').getByRole('checkbox', { name: 'Product news by e-mail' }),
  ).toBeChecked();
});

test('notes are edited and deleted at /notes', async ({ page }) => {
  await signUpLearner(page, 'Nora Notes', 'notes', PASSWORD);
  await page.goto('/explore?q=python');
  await page.getByRole('link', { name: 'Python in Practice' }).click();
  await page.getByRole('link', { name: 'Reading input' }).click();
  const paragraph = page.locator('.lesson-article [data-md-child-id]', { hasText: 'standard input' }).first();
  await expect(paragraph).toBeVisible();
  await paragraph.evaluate((element) => {
    const text = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode() as Text;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, Math.min(text.data.length, 30));
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    element.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  });
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill('First thought');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.locator('.lesson-article mark').first()).toBeVisible();

  await page.goto('/notes');
  const note = page.locator('.note-result');
  await expect(note.getByText('First thought')).toBeVisible();
  await note.getByRole('button', { name: /^Edit note on/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit note' });
  await dialog.getByRole('textbox', { name: 'Note' }).fill('A better thought');
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(note.getByText('A better thought')).toBeVisible();
  await expect(note.getByRole('button', { name: /^Edit note on/ })).toBeFocused();
  await shotBoth(page, 'notes');
  await page.reload();
  await expect(page.locator('.note-result').getByText('A better thought')).toBeVisible();

  await page
    .locator('.note-result')
    .getByRole('button', { name: /^Delete highlight on/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete this highlight?' })
    .getByRole('button', { name: 'Delete highlight' })
    .click();
  await expect(page.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
});

test('download my data, then delete my account', async ({ page }) => {
  const email = await signUpLearner(page, 'Dora Data', 'data', PASSWORD);
  await page.goto('/settings#data');
  const data = page.locator('#data');
  await data.getByRole('button', { name: 'Prepare my data' }).click();
  await expect(data.getByText('Your data is ready.')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await data.getByRole('link', { name: /Download your data \(JSON/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^coderoom-data-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
  expect(exported.account).toMatchObject({ email, full_name: 'Dora Data' });
  expect(JSON.stringify(exported)).not.toContain('password_hash');

  await data.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('Wr0ng!pass');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your password is not correct.')).toBeVisible();
  await shotBoth(page, 'settings-delete-account');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  const done = page.getByRole('dialog', { name: 'Your account has been deleted' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);

  expect((await page.request.get('/api/user/info')).status()).toBe(401);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect e-mail or password.');
});
