import { blockingViolations } from './a11y';
import { type BrowserContext, expect, type Locator, type Page, test } from './fixtures';
import { logInAs, signUpLearner } from './helpers';
import { shot } from './shot';

// Work documents in two browsers (docs/work.md): they converge while both are online, one goes offline
// (Chromium's network emulation) and keeps writing, and both hold every edit once it is back. Then the
// version history: read an old version and restore it, with the replaced text kept.

const PASSWORD = 'Str0ng!Pass';

/** The editor's text without the other editors' cursors and name tags (y-codemirror.next widgets). */
function documentText(editor: Locator): Promise<string> {
  return editor.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const widget of Array.from(copy.querySelectorAll('.cm-ySelectionCaret, .cm-ySelectionInfo'))) {
      widget.remove();
    }
    return (copy.textContent ?? '').replace(/\u2060/g, '');
  });
}

async function typeAtEnd(page: Page, editor: Locator, text: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(text);
}

async function typeAtStart(page: Page, editor: Locator, text: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.insertText(text);
}

test('two browsers co-editing a document converge, also after one was offline', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signUpLearner(page, 'Olga Offline', 'work-offline', PASSWORD);
  await page.goto('/work/docs');
  await page.getByLabel('New document title').fill('Trip plan');
  await page.getByRole('button', { name: 'Create document' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trip plan' })).toBeVisible();
  const mine = page.getByLabel('Document text');
  await typeAtEnd(page, mine, 'Shared plan.');
  await expect(page.getByTestId('work-doc-status')).toHaveText('Live · all changes saved');
  const documentPath = new URL(page.url()).pathname;

  // The same person on a laptop in a second browser.
  let laptop: BrowserContext | null = await browser.newContext();
  const other = await laptop.newPage();
  await logInAs(other, email, PASSWORD, documentPath);
  const theirs = other.getByLabel('Document text');
  await expect.poll(() => documentText(theirs)).toBe('Shared plan.');
  await expect(page.getByTestId('work-doc-status')).toHaveText(/1 other person editing/);

  // The laptop loses the network and keeps writing; the first browser writes too.
  await laptop.setOffline(true);
  await expect(other.getByTestId('work-doc-status')).toHaveText(
    'Offline: your edits are kept here and merge when you are back.',
  );
  await typeAtEnd(other, theirs, ' From the train.');
  await typeAtStart(page, mine, 'Agenda: ');
  await expect.poll(() => documentText(mine)).toBe('Agenda: Shared plan.');
  await expect.poll(() => documentText(theirs)).toBe('Shared plan. From the train.');
  expect(await blockingViolations(other)).toEqual([]);
  await shot(other, 'work-document-offline-1280');

  // Back online: both hold both edits, and the stored text has them too.
  await laptop.setOffline(false);
  const merged = 'Agenda: Shared plan. From the train.';
  await expect.poll(() => documentText(theirs)).toBe(merged);
  await expect.poll(() => documentText(mine)).toBe(merged);
  await expect(other.getByTestId('work-doc-status')).toHaveText(/^Live · all changes saved/);

  // The first browser goes offline too, writes, and comes back.
  await page.context().setOffline(true);
  await expect(page.getByTestId('work-doc-status')).toHaveText(/^Offline/);
  await typeAtEnd(page, mine, ' Bring snacks.');
  await typeAtEnd(other, theirs, ' Tickets booked.');
  await page.context().setOffline(false);
  const either = [
    'Agenda: Shared plan. From the train. Bring snacks. Tickets booked.',
    'Agenda: Shared plan. From the train. Tickets booked. Bring snacks.',
  ];
  // Two inserts at the same place are ordered by Yjs the same way in both browsers, whichever it picks.
  await expect.poll(async () => either.includes(await documentText(mine))).toBe(true);
  const converged = await documentText(mine);
  await expect.poll(() => documentText(theirs)).toBe(converged);
  await laptop.close();
  laptop = null;

  await expect(page.getByTestId('work-doc-status')).toHaveText('Live · all changes saved');
  await page.reload();
  await expect.poll(() => documentText(page.getByLabel('Document text'))).toBe(converged);
});

test('a document keeps its versions; an old one is read and restored, the replaced text kept', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Hedda History', 'work-history', PASSWORD);
  await page.goto('/work/docs');
  await page.getByLabel('New document title').fill('Release notes');
  await page.getByRole('button', { name: 'Create document' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Release notes' })).toBeVisible();
  const editor = page.getByLabel('Document text');
  await typeAtEnd(page, editor, 'Version one.');
  await expect(page.getByTestId('work-doc-status')).toHaveText('Live · all changes saved');

  const history = page.getByRole('region', { name: 'Version history' });
  await history.getByRole('button', { name: 'Show history' }).click();
  const versions = history.getByRole('list', { name: 'Versions, newest first' });
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expect(versions.getByRole('listitem').first()).toContainText('Hedda History edited · 12 characters');

  // Later typing in the same session is the current text; the first version stays as it was.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('Version two, rewritten.');
  await expect(page.getByTestId('work-doc-status')).toHaveText('Live · all changes saved');
  await history
    .getByRole('button', { name: /^View the version of/ })
    .first()
    .click();
  await expect(history.getByTestId('work-version-text')).toHaveText('Version one.');
  await expect(page.locator('.page-loading')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
  await shot(page, 'work-document-history-1280');

  await history.getByRole('button', { name: 'Restore this version' }).click();
  await expect(history.getByText(/The text it replaced is kept in the history\./)).toBeVisible();
  await expect.poll(() => documentText(editor)).toBe('Version one.');
  await expect(versions.getByRole('listitem')).toHaveCount(3);
  await expect(versions.getByRole('listitem').nth(0)).toContainText(
    'Hedda History restored an earlier version',
  );
  await expect(versions.getByRole('listitem').nth(1)).toContainText('23 characters');
  await versions.getByRole('listitem').nth(1).getByRole('button', { name: /^View/ }).click();
  await expect(history.getByTestId('work-version-text')).toHaveText('Version two, rewritten.');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await blockingViolations(page)).toEqual([]);
  await shot(page, 'work-document-history-390');
  await page.reload();
  await expect.poll(() => documentText(page.getByLabel('Document text'))).toBe('Version one.');
});

// A real 160×80 PNG (a checkerboard), small enough for the image cap.
const BOARD_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAABQCAIAAAARP+ljAAAA4ElEQVR42u3csQkAIAxFwUxn6/6djTiG2SFFEDmw//CuDcYcu/zWueVnt2c3hAYsNGChAQMGbBewXcB2AQMWGrDQgIUGbBewXcB2AQMWGrDQgIUGDLgVWKy/dwEDFhqw0IABA7YL2C5gu4ABCw1YaMBCA7YL2C5gu4ABCw1YaMBCAwbcCyyWq0qhAQsNGDBgu4DtArYLGLDQgIUGLDRgu4DtArYLGLDQgIUGLDRgwIDt+ifLrqtKu4ABCw1YaMBCA7YL2C5gu4ABCw1YaMBCA7YL2C5gu4ABCw1YaMBCP7ib5/RGN5CjEW8AAAAASUVORK5CYII=',
  'base64',
);

test('an image uploaded into a document shows in its preview and is refused when it is not an image', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Ines Images', 'work-images', PASSWORD);
  await page.goto('/work/docs');
  await page.getByLabel('New document title').fill('Whiteboard');
  await page.getByRole('button', { name: 'Create document' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Whiteboard' })).toBeVisible();
  const editor = page.getByLabel('Document text');
  await typeAtEnd(page, editor, 'The board after the meeting:');

  const picker = page.getByLabel('Add an image (png, jpeg or gif)');
  await picker.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
  await expect(page.getByRole('alert')).toContainText('is not a png image');
  await picker.setInputFiles({ name: 'team-board.png', mimeType: 'image/png', buffer: BOARD_PNG });
  await expect(page.getByText('Added team-board.png at the end of the text.')).toBeVisible();
  await expect
    .poll(() => documentText(editor))
    .toMatch(/^The board after the meeting:!\[team board\]\(\/api\/assets\/[a-z0-9]{32}\.png\)$/);
  const image = page.locator('.work-preview img');
  await expect(image).toHaveAttribute('alt', 'team board');
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(160);
  await expect(page.getByTestId('work-doc-status')).toHaveText('Live · all changes saved');
  expect(await blockingViolations(page)).toEqual([]);
  await shot(page, 'work-document-image-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await blockingViolations(page)).toEqual([]);
  await shot(page, 'work-document-image-390');

  // Stored with the text: a fresh load shows it again.
  await page.reload();
  await expect
    .poll(() =>
      page.locator('.work-preview img').evaluate((element) => (element as HTMLImageElement).naturalWidth),
    )
    .toBe(160);
});
