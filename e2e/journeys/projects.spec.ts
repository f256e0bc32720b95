import { expect, type Page, test } from './fixtures';
import { replaceCode, signUpLearner } from './helpers';
import { shot } from './shot';

// A learner builds the Word Frequency Counter: begins guided, solves the first code task (Check on the
// server), passes the code evaluation on the protected files, finds the work kept after a reload and
// resets the project after the spec's confirmation.

const PASSWORD = 'Project!2026pass';

// Reference solutions of content/projects/word-frequency-counter.yaml.
const SPLIT_SOLUTION =
  'import re\nimport sys\n\n# A word is a run of letters, optionally joined by apostrophes: "don\'t", "it\'s".\nWORD = re.compile(r"[a-z]+(?:\'[a-z]+)*")\n\n\ndef words(text):\n    return WORD.findall(text.lower())\n\n\nfor word in words(sys.stdin.read()):\n    print(word)\n';
const REPORT_SOLUTION =
  'import re\nimport sys\nfrom collections import Counter\n\nWORD = re.compile(r"[a-z]+(?:\'[a-z]+)*")\n\n\ndef words(text):\n    return WORD.findall(text.lower())\n\n\ndef report(text, top=5):\n    found = words(text)\n    counts = Counter(found)\n    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))\n    lines = [f"words: {len(found)}", f"unique: {len(counts)}"]\n    lines += [f"{word} {count}" for word, count in ranked[:top]]\n    return "\\n".join(lines)\n\n\nprint(report(sys.stdin.read()))\n';

const signUp = (page: Page) => signUpLearner(page, 'Pat Project', 'project', PASSWORD);

test('build the word frequency counter: guided tasks, checks, evaluation, saved progress, reset', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page);

  await page.goto('/explore?type=projects');
  const card = page.getByRole('link', { name: /Word Frequency Counter/ }).first();
  await expect(card).toBeVisible();
  await shot(page, 'project-explore');
  await card.click();
  await expect(page).toHaveURL(/\/projects\/word-frequency-counter\/[a-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Word Frequency Counter' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prerequisites' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Relevant courses' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Python in Practice' })).toBeVisible();
  await shot(page, 'project-home');

  await page.getByRole('button', { name: 'Begin guided' }).click();
  await expect(page).toHaveURL(/\/project\/\d+\/\d+\/\d+\/\d+$/);
  await expect(page.getByText('Task 1 of 4')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Split text into words' })).toBeVisible();
  await expect(page.locator('.project-guide')).toBeVisible();
  await expect(page.getByTestId('task-status')).toHaveText('Not completed');
  await shot(page, 'project-task');

  await replaceCode(page, SPLIT_SOLUTION);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('task-status')).toHaveText('Completed', { timeout: 30_000 });
  await expect(page.getByText('1 of 4 tasks completed')).toBeVisible();
  await shot(page, 'project-task-checked');

  await page.getByRole('link', { name: /The final report/ }).click();
  await expect(page.getByText('Task 4 of 4')).toBeVisible();
  await replaceCode(page, REPORT_SOLUTION);
  await page.getByRole('button', { name: 'Evaluate', exact: true }).click();
  await expect(page.getByText('Evaluation passed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('task-status')).toHaveText('Completed');
  await shot(page, 'project-evaluation');

  // The code and the completions are kept on the server.
  await page.reload();
  await expect(page.getByText('Task 4 of 4')).toBeVisible();
  await expect(page.getByTestId('task-status')).toHaveText('Completed');
  await expect(page.locator('.cm-content')).toContainText('ranked[:top]');
  await expect(page.getByText('2 of 4 tasks completed')).toBeVisible();

  await page.getByRole('link', { name: /Word Frequency Counter/ }).click();
  await expect(page.getByText('Guided attempt · 2 of 4 done')).toBeVisible();
  await page.getByRole('button', { name: 'Reset project' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to reset this project?')).toBeVisible();
  await shot(page, 'project-reset-confirm');
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('button', { name: 'Begin guided' })).toBeVisible();
  await expect(page.locator('.project-task[data-status="completed"]')).toHaveCount(0);
  await shot(page, 'project-home-reset');
});

test('the to-do web app project: an unguided RunJS task is run and marked done', async ({ page }) => {
  await signUp(page);
  await page.goto('/explore?type=projects');
  await page
    .getByRole('link', { name: /To-Do List Web App/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'To-Do List Web App' })).toBeVisible();
  await page.getByRole('button', { name: 'Begin unguided' }).click();
  await expect(page.getByText('Task 1 of 4')).toBeVisible();
  // Unguided attempts show the task, not the step-by-step guide.
  await expect(page.locator('.project-guide')).toHaveCount(0);
  await page.getByRole('link', { name: /Next task/ }).click();
  await expect(page.getByText('Task 2 of 4')).toBeVisible();
  await page.getByRole('button', { name: '▶ Run' }).click();
  await expect(
    page.frameLocator('iframe[title="Your page"]').getByRole('heading', { name: 'My to-do list' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByTestId('task-status')).toHaveText('Completed');
  await expect(page.getByText('1 of 4 tasks completed')).toBeVisible();
  await shot(page, 'project-runjs-task');
});
