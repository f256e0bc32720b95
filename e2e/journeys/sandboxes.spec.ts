import { expect, type Page, test } from './fixtures';
import { signUpLearner } from './helpers';
import { shot } from './shot';

// Several live sandboxes: a learner keeps a terminal project and the demo cloud lab running at once; a
// third sandbox is refused with a message that names each running one for what it is (project, cloud lab)
// and a Stop button for each, which stops that one and starts the sandbox of the page.

const PASSWORD = 'Boxes!2026pass';

/** Opens a demo project from explore and begins it guided; lands on its first task. */
async function beginProject(page: Page, title: string) {
  await page.goto('/explore?type=projects');
  await page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Begin guided' }).click();
  await expect(page).toHaveURL(/\/project\/\d+\/\d+\/\d+\/\d+$/);
}

async function runningSandboxes(page: Page): Promise<Array<{ kind: string; title: string | null }>> {
  return page.evaluate(async () => Object.values(await (await fetch('/api/instances')).json()));
}

test('a project and a cloud lab live at once; at the limit, stop one from the message', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpLearner(page, 'Sam Sandboxes', 'sandboxes', PASSWORD);

  await beginProject(page, 'Log Detective');
  await expect(page.getByTestId('terminal-state')).toHaveText('Connected', { timeout: 30_000 });

  await page.goto('/explore?type=cloudLabs');
  await page
    .getByRole('link', { name: /Use your lab credentials/ })
    .first()
    .click();
  await page.getByRole('button', { name: /Start lab|Continue lab/ }).click();
  await expect(page.getByTestId('lab-state')).toHaveText('Running', { timeout: 30_000 });
  await expect(page.getByTestId('terminal-state')).toHaveText('Connected', { timeout: 30_000 });
  await expect
    .poll(async () => (await runningSandboxes(page)).map((sandbox) => sandbox.kind).sort())
    .toEqual(['cloud_lab', 'project']);

  // A third sandbox: the message names the project as a project and the lab as a lab.
  await beginProject(page, 'Python Status Page');
  const refusal = page.getByRole('alert').filter({ hasText: 'You can keep 2 live sandboxes at once' });
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(refusal).toContainText('project "Log Detective" and cloud lab "Use your lab credentials"');
  const stopProject = refusal.getByRole('button', {
    name: 'Stop project "Log Detective" and start this one',
  });
  await expect(stopProject).toBeVisible();
  await expect(
    refusal.getByRole('button', { name: 'Stop cloud lab "Use your lab credentials" and start this one' }),
  ).toBeVisible();
  await shot(page, 'sandboxes-limit');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'sandboxes-limit-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await stopProject.click();
  await expect(page.getByTestId('terminal-state')).toHaveText('Connected', { timeout: 30_000 });
  await expect(refusal).toHaveCount(0);
  await expect
    .poll(async () => (await runningSandboxes(page)).map((sandbox) => sandbox.title).sort())
    .toEqual(['Python Status Page', 'Use your lab credentials']);
});
