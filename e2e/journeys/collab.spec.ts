import { type Browser, expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// Issue 5: "A second browser context edits the same lesson at the same time (collaborative course):
// both edits survive." The author, and a demo account the author adds as an editor collaborator.

async function newSession(browser: Browser, email: string, returnUrl: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAs(page, email, DEMO_PASSWORD, returnUrl);
  return page;
}

const markdownEditor = (page: Page) => page.getByRole('textbox', { name: 'Markdown', exact: true }).first();

test('an author and an editor collaborator type into the same Markdown widget of a collaborative lesson at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Live Course ${Date.now()}`;

  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/teach');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel(/Enable collaborative editor/).check();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/collectioneditor\/\d+\/\d+$/);

  const people = page.getByRole('region', { name: 'People' });
  await people.getByLabel('E-mail').fill('learner@coderoom.dev');
  await people.getByLabel('Access').selectOption('editor');
  await people.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(people).toContainText('Lea Learner');

  await page.getByRole('button', { name: 'Add category' }).click();
  await page.getByLabel('Category 1 title').fill('Together');
  await page.getByRole('button', { name: 'Add lesson to Together' }).click();
  await page.getByLabel('Lesson 1 title').fill('Written by two');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.getByRole('link', { name: 'Edit content' }).first().click();
  await expect(page).toHaveURL(/\/pageeditor\/\d+\/\d+\/\d+$/);
  const lessonUrl = new URL(page.url()).pathname;
  await expect(page.getByText(/Live — 1 editing/)).toBeVisible();
  await page.getByRole('button', { name: '+ Markdown' }).click();
  await expect(markdownEditor(page)).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();

  // The second context opens the same lesson; both see each other.
  const second = await newSession(browser, 'learner@coderoom.dev', lessonUrl);
  await expect(markdownEditor(second)).toBeVisible();
  await expect(page.getByText(/Live — 2 editing/)).toBeVisible();
  await expect(second.getByText(/Live — 2 editing/)).toBeVisible();

  // Both type at the same time into the same text.
  await markdownEditor(page).click();
  await markdownEditor(second).click();
  await Promise.all([
    page.keyboard.type('Alpha wrote this line. ', { delay: 30 }),
    second.keyboard.type('Beta wrote that line. ', { delay: 30 }),
  ]);

  for (const editor of [page, second]) {
    await expect(markdownEditor(editor)).toContainText('Alpha wrote this line.');
    await expect(markdownEditor(editor)).toContainText('Beta wrote that line.');
  }
  // The other author's cursor carries their name (y-codemirror shows it over the caret on hover).
  const remoteCaret = page.locator('.cm-ySelectionCaret').first();
  await expect(remoteCaret).toBeAttached();
  await remoteCaret.hover({ force: true });
  await expect(page.locator('.cm-ySelectionInfo').first()).toHaveText('Lea Learner');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, '90-collab-two-editors');
  await shot(second, '91-collab-second-context');

  // A widget the collaborator adds shows up in the author's editor (the widget list is saved with
  // its eTag; the shared document tells the other editors to reload it), and its starter code is
  // shared live too.
  await second.getByRole('button', { name: '+ Code' }).click();
  await expect(second.getByText('All changes saved')).toBeVisible();
  const authorsCode = page.getByRole('region', { name: 'Code widget 2' });
  await expect(authorsCode).toBeVisible();
  const starterCode = (editor: Page) =>
    editor.getByRole('region', { name: 'Code widget 2' }).getByRole('textbox', { name: 'Starter code' });
  await starterCode(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n# from the author');
  await expect(starterCode(second)).toContainText('# from the author');

  // Both edits survive a reload, in the editor and in the saved draft's preview.
  await expect(page.getByText(/Live — 2 editing$/)).toBeVisible();
  await page.waitForTimeout(2500);
  await second.reload();
  await expect(markdownEditor(second)).toContainText('Alpha wrote this line.');
  await expect(markdownEditor(second)).toContainText('Beta wrote that line.');
  await expect(starterCode(second)).toContainText('# from the author');
  const preview = second.getByRole('region', { name: 'Live preview' });
  await expect(preview).toContainText('Alpha wrote this line.');
  await expect(preview).toContainText('Beta wrote that line.');
  await second.context().close();

  await page.reload();
  await expect(markdownEditor(page)).toContainText('Alpha wrote this line.');
  await expect(markdownEditor(page)).toContainText('Beta wrote that line.');
  await shot(page, '92-collab-after-reload');
});
