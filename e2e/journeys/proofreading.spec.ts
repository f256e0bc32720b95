import type { CreateShotResponse, ProofreadQueue, ShotDraftResponse } from '@coderoom/contracts';
import { apiCall, blockingViolations } from './a11y';
import { type Browser, expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// Proofreading (docs/proofreading.md): the author submits an answer, reviewer@ claims it and suggests a
// change, admin@ sends the pass on, the author accepts the suggestion, and once admin@ approves, the
// published answer shows the corrected text. Every screen is axe-clean and holds at 390 px.

const PHONE = { width: 390, height: 844 };
const TYPO = 'Python lists recieve new items at the end with append.';
const FIXED = 'Python lists receive new items at the end with append.';

async function axeClean(page: Page) {
  expect(await blockingViolations(page)).toEqual([]);
}

const sideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Screenshots at desktop and phone width, axe on both, and no sideways scrolling on the phone. */
async function checkScreen(page: Page, name: string) {
  await axeClean(page);
  await shot(page, `${name}-1280`);
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
  await axeClean(page);
  await shot(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

async function personAt(browser: Browser, email: string, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, email, DEMO_PASSWORD, url);
  return page;
}

/** A new answer of the page's user, written through the answers API as the editor saves it. */
async function writeAnswer(page: Page, url: string): Promise<number> {
  const created = await apiCall<CreateShotResponse>(page, 'POST', '/api/edpresso/shot/id', {});
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'cr_csrf')?.value ?? '';
  const saved = await page.request.fetch(`/api/edpresso/shot/${created.shotId}`, {
    method: 'PUT',
    headers: { 'x-csrf-token': csrf, etag: created.etag },
    data: {
      title: 'How do I add an item to a Python list?',
      url,
      components: [
        { type: 'MarkdownEditor', comp_id: 'intro', content: { text: TYPO } },
        {
          type: 'Code',
          comp_id: 'code',
          content: { language: 'python3', code: 'items = [1]\nitems.append(2)' },
        },
      ],
      tags: ['lists'],
      programming_tags: ['Python'],
      topic_tags: ['lists'],
      license: 9001,
      difficulty: 1000,
    },
  });
  expect(saved.status()).toBe(200);
  expect(((await saved.json()) as ShotDraftResponse).url).toBe(url);
  return created.shotId;
}

test("a proofreader's suggestion is incorporated and the published answer shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const url = `add-an-item-to-a-list-${Date.now()}`;

  // The author writes an answer and submits it for proofreading from /proofread.
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/proofread');
  const shotId = await writeAnswer(page, url);
  const queue = await apiCall<ProofreadQueue>(page, 'GET', '/api/proofread/articles');
  const item = queue.items.find((entry) => entry.collection_id === shotId);
  if (!item) throw new Error('the new answer is not listed for its author');
  const articleUrl = `/proofread/${item.author_id}/${item.collection_id}/document/${item.doc_id}`;
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Proofreading' })).toBeVisible();
  await checkScreen(page, 'proofreading-10-queue');
  await page.getByRole('link', { name: 'How do I add an item to a Python list?' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${articleUrl}$`));
  await expect(page.getByText(TYPO)).toBeVisible();
  await page.getByRole('button', { name: 'Submit for proofreading' }).click();
  await expect(page.getByRole('heading', { name: /State: Submitted for proofread/ })).toBeVisible();
  await checkScreen(page, 'proofreading-20-submitted');

  // reviewer@ finds it waiting, claims it and suggests a fix with the keyboard.
  const reviewer = await personAt(browser, 'reviewer@coderoom.dev', '/proofread');
  await reviewer
    .getByRole('region', { name: 'Waiting for a proofreader' })
    .getByRole('link', { name: 'How do I add an item to a Python list?' })
    .click();
  await reviewer.getByRole('button', { name: 'Start proofreading' }).click();
  await expect(reviewer.getByRole('heading', { name: 'Suggest a change (pass 1)' })).toBeVisible();
  await reviewer.getByLabel('Text to change').fill('recieve');
  await reviewer.getByLabel('Replace with').fill('receive');
  await reviewer.getByLabel('Note for the author (optional)').fill('Spelling: i before e.');
  await reviewer.getByLabel('Note for the author (optional)').press('Enter');
  await expect(reviewer.getByText('Suggestion added.')).toBeVisible();
  const passes = reviewer.getByRole('region', { name: 'Passes' });
  await expect(passes.locator('del')).toContainText('recieve');
  await expect(passes.locator('ins')).toContainText('receive');
  await checkScreen(reviewer, 'proofreading-30-suggesting');
  await reviewer.getByRole('link', { name: 'See pass 1 as a diff' }).click();
  await expect(reviewer.locator('.proofread-diff del')).toHaveText(/recieve/);
  await expect(reviewer.locator('.proofread-diff ins')).toHaveText(/receive/);
  await checkScreen(reviewer, 'proofreading-35-pass-preview');
  await reviewer.getByRole('link', { name: 'Overview' }).click();
  await reviewer.getByRole('button', { name: 'Finish this pass' }).click();
  await expect(reviewer.getByRole('heading', { name: /State: Awaiting admin review/ })).toBeVisible();

  // admin@ reviews the pass and sends it to the author.
  const admin = await personAt(browser, 'admin@coderoom.dev', articleUrl);
  await expect(admin.getByRole('region', { name: 'Passes' }).locator('ins')).toContainText('receive');
  await admin.getByRole('button', { name: 'Send to the author' }).click();
  await expect(admin.getByRole('heading', { name: /State: Awaiting author review/ })).toBeVisible();

  // The author accepts the suggestion; the draft changes.
  await page.reload();
  await page.getByRole('link', { name: 'Review the suggestions' }).click();
  await expect(page).toHaveURL(new RegExp(`${articleUrl}/incorporate$`));
  const suggestion = page.getByRole('group', { name: 'Suggestion 1 (pass 1)' });
  await expect(suggestion.locator('del')).toContainText('recieve');
  await expect(suggestion.getByText('Spelling: i before e.')).toBeVisible();
  await checkScreen(page, 'proofreading-40-incorporate');
  await suggestion.getByLabel('Accept').check();
  await expect(page.getByText('1 of 1 decided, 1 accepted.')).toBeVisible();
  await page.getByRole('button', { name: 'Incorporate 1 accepted suggestion' }).click();
  await expect(page).toHaveURL(new RegExp(`${articleUrl}/reviewIncorporations$`));
  await expect(page.getByText('1 accepted, 0 rejected.')).toBeVisible();
  await expect(page.getByText('Accepted by Ada Author')).toBeVisible();
  await checkScreen(page, 'proofreading-50-review-incorporations');
  await page.getByRole('link', { name: 'Preview the draft' }).click();
  await expect(page.locator('.proofread-preview')).toContainText(FIXED);
  await expect(page.locator('.proofread-preview')).not.toContainText('recieve');
  await checkScreen(page, 'proofreading-60-preview');

  // admin@ approves: the answer is published with the corrected sentence.
  await admin.reload();
  await admin.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(admin.getByRole('heading', { name: /State: Edit/ })).toBeVisible();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/answers/${url}`);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'How do I add an item to a Python list?' }),
  ).toBeVisible();
  await expect(visitor.getByText(FIXED)).toBeVisible();
  await shot(visitor, 'proofreading-70-published');

  // An outsider who guesses the address gets the spec's error.
  const learner = await personAt(browser, 'learner@coderoom.dev', '/proofread');
  await learner.goto(articleUrl);
  await expect(
    learner.getByRole('heading', { level: 1, name: 'Error loading proofreading article' }),
  ).toBeVisible();
});
