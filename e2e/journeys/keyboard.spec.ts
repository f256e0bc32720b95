import { openProjectTask } from './a11y';
import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// Keyboard only (WCAG 2.1.1, 2.1.2, 2.4.3): the skip link comes first, a new page's content takes focus,
// the code editor and the terminal keep Tab for the code but let Escape then Tab walk out, and a dialog
// gives focus back to the button that opened it.

/** Whether focus is inside the element the locator finds. */
const hasFocusInside = (page: Page, selector: string) =>
  page.evaluate((css) => document.querySelector(css)?.contains(document.activeElement) ?? false, selector);

test('skip link first, then main after each navigation', async ({ page }) => {
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  await page.goto('/notes');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // A link in the header: the new page's main takes focus, the next Tab starts inside it (the search box).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('What do you want to learn?')).toBeFocused();
});

test('Tab walks out of the code editor with Escape then Tab, and dialogs return focus', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  await openProjectTask(page, /Word Frequency Counter/);
  const editor = page.locator('.code-editor .cm-content').first();
  await expect(editor).toBeVisible();

  // The editor says how to leave it, to screen readers and, while focused, on screen.
  const hintId = await editor.getAttribute('aria-describedby');
  const hint = page.locator(`[id="${hintId}"]`);
  await expect(hint).toHaveText('Press Esc then Tab to leave the editor');
  await expect(hint).toHaveCSS('opacity', '0');
  await editor.click();
  await expect(hint).toHaveCSS('opacity', '1');
  await shot(page, 'keyboard-editor-hint');

  // Tab indents: focus stays in the editor.
  await page.keyboard.press('Tab');
  await expect(editor).toBeFocused();
  // Escape then Tab: out, to the next control after the editor.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  expect(await hasFocusInside(page, '.code-editor')).toBe(false);
  await expect(page.getByLabel('Input (stdin) for Run')).toBeFocused();
  // And back in, then out the other way with Shift+Tab.
  await page.keyboard.press('Shift+Tab');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Tab');
  expect(await hasFocusInside(page, '.code-editor')).toBe(false);

  // The reset dialog: Cancel and Escape both put focus back on the button that opened it.
  const reset = page.getByRole('button', { name: 'Reset project' });
  await reset.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await hasFocusInside(page, '[role="dialog"]')).toBe(true);
  await shot(page, 'keyboard-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(reset).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(reset).toBeFocused();
});

test('the terminal does not take focus, keeps Tab for the shell, and lets Escape then Tab out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  await openProjectTask(page, /Log Detective/);
  await expect(page.getByTestId('terminal-state')).toHaveText('Connected', { timeout: 30_000 });
  // Connecting left focus where it was.
  expect(await hasFocusInside(page, '[data-testid="terminal"]')).toBe(false);

  const input = page.locator('.xterm-helper-textarea');
  const hint = page.locator(`[id="${await input.getAttribute('aria-describedby')}"]`);
  await expect(hint).toHaveText('Press Esc then Tab to leave the terminal');
  await page.getByTestId('terminal').click();
  await expect(input).toBeFocused();
  await expect(hint).toHaveCSS('opacity', '1');
  await shot(page, 'keyboard-terminal-hint');

  // Tab is the shell's (completion): focus stays.
  await page.keyboard.type('ls lo');
  await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  // Escape then Tab: out of the terminal, to the Run tests button after it.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  expect(await hasFocusInside(page, '[data-testid="terminal"]')).toBe(false);
  await expect(page.getByRole('button', { name: /Run tests/ })).toBeFocused();
  // Back in with Shift+Tab, out backwards the same way.
  await page.keyboard.press('Shift+Tab');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Tab');
  expect(await hasFocusInside(page, '[data-testid="terminal"]')).toBe(false);
});
