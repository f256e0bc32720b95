import fs from 'node:fs';
import { apiCall, blockingViolations } from './a11y';
import { expect, type Page, test } from './fixtures';
import { signUpLearner } from './helpers';
import { shot } from './shot';

// The VNC widget of docs/widgets.md: a new author's lesson with a desktop, read in its draft preview. Start
// gives a real desktop (Xvfb, twm, an xterm and x11vnc in the learner's bubblewrap sandbox) drawn by noVNC
// through the server's relay; the canvas shows more than one colour, and typing into the desktop's xterm
// changes the desktop's background, so keyboard and pointer reach it too.

const PROGRAMS = ['/usr/bin/Xvfb', '/usr/bin/x11vnc', '/usr/bin/twm', '/usr/bin/xterm', '/usr/bin/xsetroot'];
const missing = PROGRAMS.filter((path) => !fs.existsSync(path));
const WIDTH = 800;
const HEIGHT = 600;

async function lessonWithDesktop(page: Page) {
  const course = await apiCall<{ author_id: number; collection_id: number }>(
    page,
    'POST',
    '/api/author/collection?work_type=course',
    { title: 'A desktop lesson' },
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
    data: {
      title: 'Desktop',
      components: [
        { type: 'MarkdownEditor', comp_id: 'intro', content: { text: 'A desktop of your own.' } },
        {
          type: 'VNC',
          comp_id: 'desk',
          content: { caption: 'Type in the terminal on the desktop.', width: WIDTH, height: HEIGHT },
        },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  return { ...ids, page_id: created.page.page_id };
}

/** Distinct colours in the desktop canvas (sampled), and the colour of one framebuffer pixel. */
async function readCanvas(page: Page, at: { x: number; y: number }) {
  return page.locator('.vnc-screen canvas').evaluate((canvas: HTMLCanvasElement, point) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return { colours: 0, pixel: '', width: 0 };
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Set<string>();
    for (let index = 0; index < data.length; index += 4 * 97) {
      colours.add(`${data[index]},${data[index + 1]},${data[index + 2]}`);
    }
    const offset = (point.y * canvas.width + point.x) * 4;
    return {
      colours: colours.size,
      pixel: `${data[offset]},${data[offset + 1]},${data[offset + 2]}`,
      width: canvas.width,
    };
  }, at);
}

test('a learner starts a desktop in the lesson, sees it drawn and types into it', async ({ page }) => {
  if (missing.length > 0)
    console.log(`vnc.spec: skipped, missing ${missing.join(', ')} (scripts/install-runner-deps.sh)`);
  test.skip(missing.length > 0, `missing ${missing.join(', ')}`);
  test.setTimeout(120_000);
  await signUpLearner(page, 'Desmond Desktop', 'desktop', 'Desktop!2026pass');
  const lesson = await lessonWithDesktop(page);
  await page.goto(`/collection/page/${lesson.author_id}/${lesson.collection_id}/${lesson.page_id}/draft`);
  await expect(page.getByText('A desktop of your own.')).toBeVisible();

  const desk = page.locator('.widget[data-widget-type="VNC"]');
  await expect(desk.getByRole('button', { name: /Start desktop/ })).toBeVisible();
  await desk.getByRole('button', { name: /Start desktop/ }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: 30_000 });

  // The framebuffer arrives: the canvas has the desktop's size and more than one colour (the background,
  // the xterm window with its text and twm's title bar).
  await expect
    .poll(async () => (await readCanvas(page, { x: WIDTH - 5, y: HEIGHT - 5 })).colours, { timeout: 20_000 })
    .toBeGreaterThan(2);
  const before = await readCanvas(page, { x: WIDTH - 5, y: HEIGHT - 5 });
  expect(before.width).toBe(WIDTH);
  expect(before.pixel).toBe('46,88,116'); // the desktop's background, #2e5874
  await shot(page, 'vnc-desktop-1280');
  expect(await blockingViolations(page)).toEqual([]);

  // Pointer and keyboard: click into the xterm (twm focuses the window under the pointer) and change the
  // background from the shell.
  const screen = page.locator('.vnc-screen canvas');
  const box = await screen.boundingBox();
  if (!box) throw new Error('the desktop canvas has no box');
  await page.mouse.click(box.x + (200 * box.width) / WIDTH, box.y + (150 * box.height) / HEIGHT);
  await page.keyboard.type("xsetroot -solid '#c03020'\n", { delay: 20 });
  await expect
    .poll(async () => (await readCanvas(page, { x: WIDTH - 5, y: HEIGHT - 5 })).pixel, { timeout: 20_000 })
    .toBe('192,48,32');
  await shot(page, 'vnc-desktop-typed-1280');

  // The phone layout: the desktop is scaled down to the column.
  await page.setViewportSize({ width: 390, height: 844 });
  await desk.scrollIntoViewIfNeeded();
  const small = await screen.boundingBox();
  expect(small?.width ?? 0).toBeLessThanOrEqual(390);
  await shot(page, 'vnc-desktop-390');
  expect(await blockingViolations(page)).toEqual([]);
});
