import { expect, type Page, test } from '@playwright/test';
import { shot } from './shot';

async function logIn(page: Page, returnUrl: string) {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await page.getByLabel('Email').fill('learner@coderoom.dev');
  await page.getByLabel('Password').fill('Coderoom!2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnUrl}$`));
}

async function replaceCode(page: Page, code: string) {
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

test('the playground runs Python with stdin and shows a C++ compile error', async ({ page }) => {
  await logIn(page, '/playground');
  await expect(page.getByRole('heading', { name: 'Playground' })).toBeVisible();

  await replaceCode(page, 'name = input()\nprint(f"Hi, {name}!")\n');
  await page.getByLabel('Input (stdin)').fill('Ada');
  await page.getByRole('button', { name: /Run/ }).click();
  await expect(page.locator('.run-output')).toContainText('Hi, Ada!', { timeout: 20_000 });
  await expect(page.locator('.run-output')).toContainText('Finished');
  await shot(page, '10-playground-python');

  await page.getByLabel('Language').selectOption('c++');
  await replaceCode(page, '#include <cstdio>\nint main() { std::puts("hi") return 0; }\n');
  // Ctrl/Cmd+Enter runs from inside the editor.
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.locator('.run-output')).toContainText('Compile error', { timeout: 30_000 });
  await expect(page.locator('.run-output')).toContainText(/error: expected .;. before .return./);
  await shot(page, '11-playground-cpp-compile-error');
});
