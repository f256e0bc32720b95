import { apiCall, blockingViolations } from './a11y';
import { expect, type Page, test } from './fixtures';
import { signUpLearner } from './helpers';
import { shot } from './shot';

// The live widgets of docs/widgets.md on one lesson, written by a new author through the studio's API and
// read in its draft preview: a WebpackBin whose preview runs on an opaque origin (its script cannot read the
// platform's cookies or storage), a Terminal that starts a real shell on Start, and a VNC widget that waits
// for Start (its desktop is driven in vnc.spec.ts). Then the studio's forms for them, and a second terminal
// refused on save.

/** The preview's script reports what it could reach into its own page. */
const PROBE_JS = `
const report = (what, read) => {
  let answer;
  try { answer = 'read ' + JSON.stringify(read()); } catch (error) { answer = error.name; }
  const line = document.createElement('li');
  line.textContent = what + ': ' + answer;
  document.getElementById('report').append(line);
};
report('cookie', () => document.cookie);
report('storage', () => localStorage.length);
report('parent', () => parent.document.title);
report('origin', () => origin);
`;

const LESSON_WIDGETS = [
  { type: 'MarkdownEditor', comp_id: 'intro', content: { text: 'Live widgets at work.' } },
  {
    type: 'WebpackBin',
    comp_id: 'bin',
    content: {
      caption: 'A page that tries to read the platform’s cookies.',
      files: [
        { name: 'index.html', content: '<h1 class="title">Probe</h1><ul id="report"></ul>' },
        { name: 'index.js', content: PROBE_JS },
        { name: 'style.css', content: '.title { color: rgb(0, 128, 128); }' },
      ],
    },
  },
  {
    type: 'Terminal',
    comp_id: 'term',
    content: { imageName: 'coderoom/python/3', caption: 'Try a command.' },
  },
  { type: 'VNC', comp_id: 'desk', content: {} },
  { type: 'Android', comp_id: 'droid', content: { caption: 'An app on a phone.' } },
];

async function newLessonWithWidgets(page: Page) {
  const course = await apiCall<{ author_id: number; collection_id: number }>(
    page,
    'POST',
    '/api/author/collection?work_type=course',
    { title: 'Live widgets' },
  );
  const ids = { author_id: course.author_id, collection_id: course.collection_id };
  const created = await apiCall<{ page: { page_id: number; etag: string } }>(
    page,
    'POST',
    '/api/author/page',
    ids,
  );
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === 'cr_csrf')?.value ?? '';
  const saved = await page.request.fetch(`/api/author/page/${created.page.page_id}`, {
    method: 'PUT',
    headers: { 'x-csrf-token': csrf, 'if-match': created.page.etag },
    data: { title: 'Widgets', components: LESSON_WIDGETS },
  });
  expect(saved.status()).toBe(200);
  return { ...ids, page_id: created.page.page_id };
}

test('WebpackBin on an opaque origin, a Terminal in the lesson, VNC waiting for Start; their studio forms', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpLearner(page, 'Wendy Widgets', 'widgets', 'Widgets!2026pass');
  const lesson = await newLessonWithWidgets(page);
  await page.goto(`/collection/page/${lesson.author_id}/${lesson.collection_id}/${lesson.page_id}/draft`);
  await expect(page.getByText('Live widgets at work.')).toBeVisible();

  // The app itself can read its CSRF cookie: the frame's failure below is the sandbox, not an empty jar.
  expect(await page.evaluate(() => document.cookie)).toContain('cr_csrf=');

  const bin = page.locator('.widget[data-widget-type="WebpackBin"]');
  await expect(bin.getByRole('tab', { name: 'index.js' })).toBeVisible();
  await bin.getByRole('tab', { name: 'index.html' }).click();
  await expect(bin.getByRole('textbox', { name: 'index.html' })).toHaveValue(/Probe/);
  await bin.getByRole('button', { name: /Run/ }).click();
  const frame = bin.frameLocator('iframe[title="Preview"]');
  await expect(frame.getByRole('heading', { name: 'Probe' })).toHaveCSS('color', 'rgb(0, 128, 128)');
  await expect(frame.getByText('cookie: SecurityError')).toBeVisible();
  await expect(frame.getByText('storage: SecurityError')).toBeVisible();
  await expect(frame.getByText('parent: SecurityError')).toBeVisible();
  await expect(frame.getByText('origin: read "null"')).toBeVisible();
  await expect(bin.locator('iframe')).toHaveAttribute('sandbox', 'allow-scripts');

  // A build error shows the compiler's message in the preview.
  await bin.getByRole('tab', { name: 'index.js' }).click();
  await bin.getByRole('textbox', { name: 'index.js' }).fill('const x = ;');
  await bin.getByRole('button', { name: /Run/ }).click();
  await expect(bin.getByRole('alert')).toContainText('Build failed');
  await expect(bin.getByRole('alert')).toContainText('index.js:1:');
  await bin.getByRole('button', { name: 'Reset' }).click();
  await bin.getByRole('button', { name: /Run/ }).click();
  await expect(frame.getByText('cookie: SecurityError')).toBeVisible();

  // VNC: nothing starts with the page (the course's one sandbox goes to the terminal below).
  const desk = page.locator('.widget[data-widget-type="VNC"]');
  await expect(desk.getByRole('button', { name: /Start desktop/ })).toBeVisible();

  // Android: Start asks the server, which has no emulator, and the learner is told so with the reason.
  const droid = page.locator('.widget[data-widget-type="Android"]');
  await droid.getByRole('button', { name: /Start emulator/ }).click();
  await expect(droid.getByText('Android emulator not available on this server.')).toBeVisible();
  await expect(
    droid.getByText(/Resources allocation failed! .*hardware virtualisation \(KVM\)/),
  ).toBeVisible();

  // Terminal: nothing runs until Start; then a real shell.
  const term = page.locator('.widget[data-widget-type="Terminal"]');
  await expect(term.getByRole('button', { name: /Start terminal/ })).toBeVisible();
  await shot(page, 'widgets-lesson-1280');
  expect(await blockingViolations(page)).toEqual([]);
  await term.getByRole('button', { name: /Start terminal/ }).click();
  await expect(term.getByTestId('terminal-state')).toHaveText('Connected', { timeout: 30_000 });
  await term.getByTestId('terminal').click();
  await page.keyboard.type('echo "widget $((6*7))"\n');
  await expect
    .poll(
      async () =>
        (await term.locator('.xterm-rows > div').allTextContents()).some((row) => row.trim() === 'widget 42'),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
  // Escape, then Tab leaves the terminal for the next control.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.xterm') === null)).toBe(true);
  await shot(page, 'widgets-terminal-1280');
  expect(await blockingViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await bin.scrollIntoViewIfNeeded();
  await shot(page, 'widgets-lesson-390');
  expect(await blockingViolations(page)).toEqual([]);

  // The studio: the three forms, at both widths.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/pageeditor/${lesson.author_id}/${lesson.collection_id}/${lesson.page_id}`);
  await expect(page.getByLabel('Sandbox image').first()).toBeVisible();
  await shot(page, 'widgets-studio-1280');
  expect(await blockingViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'widgets-studio-390');
  expect(await blockingViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The page holds its one terminal: the toolbox offers no second one (the server refuses it too).
  const addTerminal = page
    .getByRole('navigation', { name: 'Add a widget' })
    .getByRole('button', { name: '+ Terminal' });
  await expect(addTerminal).toBeDisabled();
  await expect(addTerminal).toHaveAttribute('title', 'A page can hold at most 1 Terminal widget.');
});
