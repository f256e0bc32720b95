import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { blockingViolations } from './a11y';
import { type Browser, expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// Lesson videos (docs/media.md): an author uploads a video generated here with ffmpeg through the studio's
// Video widget (tus), the worker transcodes it to HLS, and after approval a learner's lesson streams it in
// Chromium with a short-lived token.

/** A 64×36 PNG (blue), the course cover the review gate asks for. */
const COVER_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAkCAIAAAC2bqvFAAAAO0lEQVR42u3PQQkAAAgEsEvn1/4B7GEGn8JgBZaueS0CAgICAgICAgICAgICAgICAgICAgICAgICAjcLmnlKxOrtKNMAAAAASUVORK5CYII=';

/** Two seconds of ffmpeg's test pattern with a tone, as an author's MP4. */
function generatedVideo(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'coderoom-e2e-video-'));
  const file = path.join(dir, 'pattern.mp4');
  try {
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function newSession(browser: Browser, email: string, returnUrl: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, email, DEMO_PASSWORD, returnUrl);
  return page;
}

async function expectAxeClean(page: Page) {
  expect(await blockingViolations(page)).toEqual([]);
}

test('an author uploads a video in the studio and a learner’s lesson streams it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Video Course ${Date.now()}`;
  const video = generatedVideo();

  // The author makes a one-lesson course.
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/teach');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/collectioneditor\/\d+\/\d+$/);
  await page.getByLabel('Summary').fill('A test pattern, streamed.');
  await page.getByLabel('Cover image file').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: Buffer.from(COVER_PNG, 'base64'),
  });
  await expect(page.getByRole('img', { name: "The course's cover" })).toBeVisible();
  await page.getByRole('button', { name: 'Add category' }).click();
  await page.getByLabel('Category 1 title').fill('Watch');
  await page.getByRole('button', { name: 'Add lesson to Watch' }).click();
  await page.getByLabel('Lesson 1 title').fill('The pattern');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  // A Video widget: empty until a file is chosen, then uploaded (tus) and processed (polled).
  await page.getByRole('link', { name: 'Edit content' }).first().click();
  await expect(page).toHaveURL(/\/pageeditor\/\d+\/\d+\/\d+$/);
  await page.getByRole('button', { name: '+ Video', exact: true }).click();
  await expect(page.getByText('No video has been added yet.').first()).toBeVisible();
  await page.getByLabel('Title', { exact: true }).last().fill('The test pattern');
  await page
    .getByLabel('Captions (WebVTT, optional)')
    .fill('WEBVTT\n\n00:00.000 --> 00:02.000\nA tone plays.');
  await page
    .getByLabel('Video file')
    .setInputFiles({ name: 'pattern.mp4', mimeType: 'video/mp4', buffer: video });
  const status = page.locator('.studio-video-status');
  await expect(status).toHaveAttribute('data-stream-state', /processing|ready/, { timeout: 30_000 });
  await expect(status).toHaveAttribute('data-stream-state', 'ready', { timeout: 90_000 });
  await expect(status).toContainText('pattern.mp4: Ready.');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('All changes saved')).toBeVisible();
  const studioPlayer = page.getByRole('region', { name: 'Live preview' }).getByLabel('The test pattern');
  await expect(studioPlayer).toBeVisible();
  await shot(page, '90-studio-video');
  await expectAxeClean(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('.studio-video-status').scrollIntoViewIfNeeded();
  await shot(page, '90-studio-video-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Review: the gate passes, the admin approves.
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByTestId('review-checklist').getByTestId('review-checklist-summary')).toHaveText(
    'All checks pass: ready for review.',
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Submitted for review.')).toBeVisible();
  const admin = await newSession(browser, 'admin@coderoom.dev', '/admin/review-queue');
  const submission = admin.getByRole('listitem').filter({ hasText: title });
  await submission.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByText(`"${title}" is approved.`)).toBeVisible();

  // The learner's lesson plays it: the element gets data (readyState ≥ 2) and time moves on.
  const learner = await newSession(browser, 'learner@coderoom.dev', '/explore');
  await learner.getByLabel('What do you want to learn?').fill(title);
  await learner.getByRole('button', { name: 'Search', exact: true }).click();
  await learner.getByRole('link', { name: title }).first().click();
  await learner.getByRole('link', { name: 'The pattern' }).first().click();
  await expect(learner.getByRole('heading', { level: 1, name: 'The pattern' })).toBeVisible();
  const player = learner.getByLabel('The test pattern');
  await expect(player).toBeVisible();
  await expect(learner.locator('figure.video-widget figcaption')).toContainText('The test pattern');
  // Keyboard only: focus the video, mute (M), play (K).
  await player.focus();
  await learner.keyboard.press('m');
  await learner.keyboard.press('k');
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
  expect(await player.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
  expect(await player.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
  // The author's captions are a text track the C key turns on.
  await learner.keyboard.press('c');
  expect(
    await player.evaluate((element: HTMLVideoElement) =>
      Array.from(element.textTracks, (track) => `${track.kind}:${track.mode}`),
    ),
  ).toEqual(['captions:showing']);
  await player.evaluate((element: HTMLVideoElement) => element.pause());
  await shot(learner, '91-lesson-video');
  await expectAxeClean(learner);
  await learner.setViewportSize({ width: 390, height: 844 });
  await player.scrollIntoViewIfNeeded();
  await shot(learner, '91-lesson-video-phone');
  const box = await player.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  expect(box?.width ?? 0).toBeGreaterThan(300);

  // The stream address needs its token: without one, or with one altered, nothing plays.
  const src = await learner.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .find((name) => name.includes('/hls/index.m3u8')),
  );
  expect(src).toBeTruthy();
  const bare = new URL(src ?? '');
  bare.search = '';
  expect((await learner.request.get(bare.toString())).status()).toBe(400);
  const forged = new URL(src ?? '');
  forged.searchParams.set('token', `${forged.searchParams.get('token')}x`);
  expect((await learner.request.get(forged.toString())).status()).toBe(403);
});
