import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs, logInInNewContext } from './helpers';
import { shot } from './shot';

// A cloud lab: the demo learner opens the demo lab from explore, starts it, reads their lab variables in
// the CloudShell, does a task there and checks it inside the lab. The secret value is read from the
// terminal and must appear nowhere in the page's HTML.

const LEARNER = 'learner@coderoom.dev';

/** Types into the terminal as a learner would (Enter for each newline). */
async function typeInTerminal(page: Page, text: string) {
  await page.getByTestId('terminal').click();
  await page.keyboard.type(text);
}

/** The terminal's screen, one string per row, trailing spaces removed. */
async function terminalLines(page: Page): Promise<string[]> {
  const rows = await page.locator('.xterm-rows > div').allTextContents();
  return rows.map((row) => row.replace(/\s+$/, ''));
}

/** The first terminal row after a marker line that matches `pattern`. */
async function readAfterMarker(page: Page, marker: string, pattern: RegExp): Promise<string> {
  let value = '';
  await expect
    .poll(
      async () => {
        const lines = await terminalLines(page);
        const at = lines.indexOf(marker);
        value = at >= 0 ? (lines.slice(at + 1).find((line) => pattern.test(line)) ?? '') : '';
        return value;
      },
      { timeout: 15_000 },
    )
    .toMatch(pattern);
  return value;
}

/** How many live sandboxes the signed-in user has, as GET /api/instances lists them. */
async function runningSandboxes(page: Page): Promise<number> {
  return page.evaluate(async () => Object.keys(await (await fetch('/api/instances')).json()).length);
}

/** Opens the demo lab's editor as the author; returns its path (/cloudlabeditor/{author}/{collection}/{lab}). */
async function openDemoLabEditor(page: Page): Promise<string> {
  await page.goto('/explore?type=cloudLabs');
  await page
    .getByRole('link', { name: /Use your lab credentials/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'Edit lab' }).click();
  await expect(page).toHaveURL(/\/cloudlabeditor\/\d+\/\d+\/\d+$/);
  return new URL(page.url()).pathname;
}

test('a cloud lab: start it, read the lab variables in the shell, check a task in the lab', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, LEARNER, DEMO_PASSWORD, '/learn/home');
  // Other journeys may have left the demo learner live sandboxes: stop them, as the Stop buttons would, and
  // see that none is listed any more.
  await page.evaluate(async () => {
    const token = document.cookie.match(/(?:^|; )cr_csrf=([^;]*)/)?.[1] ?? '';
    const running = (await (await fetch('/api/instances')).json()) as Record<string, unknown>;
    for (const id of Object.keys(running)) {
      await fetch(`/api/instances/${id}`, { method: 'DELETE', headers: { 'x-csrf-token': token } });
    }
  });
  await expect.poll(() => runningSandboxes(page), { timeout: 30_000 }).toBe(0);

  // The limit on live sandboxes and its Stop buttons are the sandboxes journey's (with real works).
  await page.goto('/explore?type=cloudLabs');
  await page
    .getByRole('link', { name: /Use your lab credentials/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/cloudlabs\/use-your-lab-credentials\/\w+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Use your lab credentials' })).toBeVisible();
  await expect(page.getByText('$SECRET_ACCESS_KEY').first()).toBeVisible();
  await shot(page, 'cloudlab-overview');

  await page.getByRole('button', { name: /Start lab|Continue lab/ }).click();
  await expect(page).toHaveURL(/\/cloudlab\/\d+\/\d+\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Read your access key id' })).toBeVisible();
  await expect(page.getByTestId('lab-state')).toHaveText('Running', { timeout: 30_000 });
  await expect(page.getByTestId('terminal-state')).toHaveText('Connected', { timeout: 30_000 });

  // Checking before the work: the check runs in the lab and says what is missing.
  await page.getByRole('button', { name: 'Check my work' }).click();
  await expect(page.getByTestId('check-result')).toContainText(
    'There is no key-id.txt in your workspace yet.',
    {
      timeout: 30_000,
    },
  );

  // The learner reads their variables inside the shell.
  await typeInTerminal(page, 'echo MARK-KEY; echo "$ACCESS_KEY_ID"\n');
  const keyId = await readAfterMarker(page, 'MARK-KEY', /^CRLAB[A-Z2-7]{16}$/);
  await typeInTerminal(page, 'echo MARK-SECRET; echo "$SECRET_ACCESS_KEY"\n');
  const secret = await readAfterMarker(page, 'MARK-SECRET', /^[\w-]{40}$/);

  await typeInTerminal(page, 'echo "$ACCESS_KEY_ID" > key-id.txt\n');
  await page.getByRole('button', { name: 'Check my work' }).click();
  await expect(page.getByTestId('check-result')).toContainText('Passed: task completed.', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('task-status')).toHaveText('Completed');
  await expect(page.getByTestId('lab-progress')).toHaveText('1 of 4 tasks completed');
  await shot(page, 'cloudlab-task-passed');

  // Once the terminal is cleared, the page carries neither value anywhere in its HTML, nor does its source.
  await typeInTerminal(page, 'clear\n');
  await expect
    .poll(async () => (await terminalLines(page)).some((line) => line.includes(secret)))
    .toBe(false);
  const html = await page.content();
  expect(html).not.toContain(secret);
  expect(html).not.toContain(keyId);
  const source = await (await page.request.get(page.url())).text();
  expect(source).not.toContain(secret);

  // Stop lab: the shell is gone and the lab can be started again.
  await page.getByRole('button', { name: 'Stop lab' }).click();
  await expect(page.getByTestId('lab-state')).toHaveText('Stopped');
  await expect(page.getByRole('button', { name: 'Start lab' })).toBeVisible();
  await shot(page, 'cloudlab-stopped');
});

test('the lab editor: the author sees the protected check scripts and saves a task', async ({ page }) => {
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/teach');
  await openDemoLabEditor(page);
  await expect(page.getByLabel('Image')).toHaveValue('coderoom/python/3');
  await page.getByRole('link', { name: /Hunt for leaked keys/ }).click();
  await expect(page.getByLabel('Check script')).toHaveValue(/grep -rlE/);
  await page.getByRole('button', { name: 'Save task' }).click();
  await expect(page.getByText('Task saved.')).toBeVisible();
  await shot(page, 'cloudlab-editor');
});

test('the lab editor: a viewer collaborator reads the lab and its checks and can change nothing', async ({
  page,
  browser,
}) => {
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/teach');
  const editorPath = await openDemoLabEditor(page);
  const [, , authorId, collectionId] = editorPath.split('/');

  // The author invites the demo learner to view the lab.
  await page.goto(`/collectioneditor/${authorId}/${collectionId}`);
  const people = page.getByRole('region', { name: 'People' });
  await people.getByLabel('E-mail').fill(LEARNER);
  await people.getByLabel('Role').selectOption('collaborator');
  await people.getByLabel('Access').selectOption('viewer');
  await people.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(people.getByRole('row').filter({ hasText: 'Lea Learner' })).toContainText('Can view');

  const viewer = await logInInNewContext(browser, LEARNER, editorPath);
  await expect(viewer.getByText("Read-only: only the lab's editors can change it.")).toBeVisible();
  const settings = viewer.getByRole('form', { name: 'Lab settings' });
  await expect(settings.getByLabel('Image')).toHaveValue('coderoom/python/3');
  for (const field of [
    'Title',
    'Summary',
    'Overview (Markdown)',
    'Environment',
    'Image',
    'Starter files (JSON)',
  ]) {
    await expect(settings.getByLabel(field)).toBeDisabled();
  }
  await expect(viewer.getByRole('button', { name: 'Save lab' })).toHaveCount(0);
  await expect(viewer.getByRole('link', { name: 'Add task' })).toHaveCount(0);
  await shot(viewer, 'cloudlab-editor-viewer');

  // A task: the protected check script is shown to read, with nothing to save.
  await viewer.getByRole('link', { name: /Hunt for leaked keys/ }).click();
  await expect(viewer.getByLabel('Check script')).toHaveValue(/grep -rlE/);
  await expect(viewer.getByLabel('Check script')).toBeDisabled();
  await expect(viewer.getByRole('button', { name: /Save task|Add task/ })).toHaveCount(0);
  await expect(viewer.getByRole('link', { name: 'Add task' })).toHaveCount(0);
  await shot(viewer, 'cloudlab-editor-viewer-task');

  // Adding a task is not for a viewer, even by its address.
  await viewer.goto(`${editorPath}/new`);
  await expect(viewer.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await viewer.context().close();

  // The demo lab goes back to its author alone, for the journeys after this one.
  await people.getByRole('button', { name: 'Remove Lea Learner' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(people.getByText('Lea Learner was removed.')).toBeVisible();
});
