import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// A 1×1 PNG, made here so the journey needs no fixture file.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Creates a course with one lesson on /teach and stays in its collection editor. */
async function createCourseWithLesson(page: Page, title: string, lesson: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/collectioneditor\/\d+\/\d+$/);
  await page.getByRole('button', { name: 'Add category' }).click();
  await page.getByLabel('Category 1 title').fill('Basics');
  await page.getByRole('button', { name: 'Add lesson to Basics' }).click();
  await page.getByLabel('Lesson 1 title').fill(lesson);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
}

async function saveMarkdown(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Markdown', exact: true }).fill(text);
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('All changes saved')).toBeVisible();
}

const logIn = (page: Page, email: string, returnUrl: string) =>
  logInAs(page, email, DEMO_PASSWORD, returnUrl);

test('history, restore, comments, images and people in the studio', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Extras Studio ${Date.now()}`;
  await logIn(page, 'author@coderoom.dev', '/teach');
  await createCourseWithLesson(page, title, 'Restorable lesson');

  // People: a reviewer cannot also be added as a collaborator; unknown addresses are refused.
  const people = page.getByRole('region', { name: 'People' });
  await people.getByLabel('E-mail').fill('learner@coderoom.dev');
  await people.getByLabel('Role').selectOption('reviewer');
  await people.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(people.getByText('learner@coderoom.dev was added as a reviewer.')).toBeVisible();
  await expect(people.getByRole('row').filter({ hasText: 'Lea Learner' })).toContainText('Reviewer');
  await people.getByLabel('E-mail').fill('learner@coderoom.dev');
  await people.getByLabel('Role').selectOption('collaborator');
  await people.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(people.getByRole('alert')).toHaveText('learner@coderoom.dev is already added as a reviewer.');
  await people.getByLabel('E-mail').fill('nobody@coderoom.dev');
  await people.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(people.getByRole('alert')).toHaveText('Failed to retrieve user details.');
  await shot(page, '60-collaborators');

  // Two saves of one lesson.
  await page.getByRole('link', { name: 'Edit content' }).click();
  await expect(page).toHaveURL(/\/pageeditor\/\d+\/\d+\/\d+$/);
  await page.getByRole('button', { name: '+ Markdown' }).click();
  await saveMarkdown(page, 'First saved text.');
  await saveMarkdown(page, 'Second saved text.');

  // History: compare the first save with the draft, then restore it.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/collection\/page\/\d+\/\d+\/\d+\/versions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'History of “Restorable lesson”' })).toBeVisible();
  const saves = page.getByRole('navigation', { name: 'Saved states' }).getByRole('button');
  await expect(saves.first()).toContainText('current draft');
  await saves.nth(1).click();
  const changes = page.getByRole('region', { name: 'Changes' });
  await expect(changes.locator('.studio-diff-removed')).toContainText('First saved text.');
  await expect(changes.locator('.studio-diff-added')).toContainText('Second saved text.');
  await expect(changes.locator('.studio-diff-removed .studio-diff-sign')).toHaveText('−');
  await expect(changes.locator('.studio-diff-added .studio-diff-sign')).toHaveText('+');
  await shot(page, '61-version-diff');
  await changes.getByRole('button', { name: 'Restore' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore to previous saved state?' });
  await expect(confirm).toContainText('The current draft stays in the history');
  await shot(page, '62-restore-confirm');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(changes.getByText(/^Restored the state saved on/)).toBeVisible();
  await expect(changes.getByText('The current draft is the same as this saved state.')).toBeVisible();
  await changes.getByRole('link', { name: 'Open the lesson editor' }).click();
  await expect(page.getByRole('textbox', { name: 'Markdown', exact: true })).toHaveValue('First saved text.');

  // Comments: a thread, an edit, a reply, resolved.
  await page.getByRole('button', { name: 'Comments', exact: true }).click();
  const comments = page.getByRole('complementary', { name: 'Comments' });
  await comments.getByLabel('New comment').fill('Should this say **hello**?');
  await comments.getByRole('button', { name: 'Comment', exact: true }).click();
  const thread = comments.getByRole('article', { name: 'Comment by Ada Author' });
  await expect(thread).toContainText('Should this say hello?');
  await expect(page.getByRole('button', { name: 'Comments, 1 open of 1' })).toBeVisible();
  await thread.getByRole('button', { name: 'Edit' }).click();
  await thread.getByLabel('Edit comment').fill('Should this say **hello** first?');
  await thread.getByRole('button', { name: 'Save' }).click();
  await expect(thread).toContainText('Should this say hello first?');
  await expect(thread).toContainText('edited');
  await thread.getByRole('button', { name: 'Reply' }).click();
  await thread.getByRole('textbox', { name: 'Reply' }).fill('Yes, greet first.');
  await thread.getByRole('button', { name: 'Reply', exact: true }).last().click();
  await expect(thread.getByRole('list', { name: '1 replies' })).toContainText('Yes, greet first.');
  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect(thread).toContainText('Resolved by Ada Author');
  await expect(page.getByRole('button', { name: 'Comments, 0 open of 1' })).toBeVisible();
  await shot(page, '63-comments');
  await comments.getByRole('button', { name: 'Close comments' }).click();

  // Image upload: a wrong type is refused before upload; a PNG lands in the text and the preview.
  const markdown = page.getByRole('region', { name: 'Markdown widget 1' });
  await markdown.getByLabel('Image file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(markdown.getByRole('alert')).toHaveText(
    'Could not upload notes.txt: only PNG, JPEG and GIF images can be uploaded.',
  );
  await markdown
    .getByLabel('Image file')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(markdown.getByRole('status')).toHaveText('Inserted dot.png.');
  await expect(page.getByRole('textbox', { name: 'Markdown', exact: true })).toHaveValue(
    /^First saved text\.\n\n!\[dot\]\(\/api\/assets\/[a-z0-9]{32}\.png\)$/,
  );
  const image = page.getByRole('region', { name: 'Live preview' }).getByRole('img', { name: 'dot' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, '64-image-upload');

  // The collection's history lists the lesson.
  await page.getByRole('link', { name: title }).click();
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/collection\/\d+\/\d+\/versions$/);
  await expect(page.getByRole('navigation', { name: 'Lessons' })).toContainText('Restorable lesson');
  await shot(page, '65-collection-history');
});
