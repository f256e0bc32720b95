import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs, replaceCode } from './helpers';
import { shot } from './shot';

const logIn = (page: Page, returnUrl: string) =>
  logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, returnUrl);

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

// The start command installs the sandbox and every toolchain: each language's starter program runs.
test('the playground runs all seven languages', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, '/playground');
  const expected: Array<[string, string]> = [
    ['python3', 'Hello, Ada!'],
    ['javascript', 'Hello, Ada!'],
    ['typescript', 'Hello, TypeScript!'],
    ['c++', 'Hello, Ada!'],
    ['go', 'Hello, Go!'],
    ['rust', 'Hello, Rust!'],
    ['java', 'Hello, Java!'],
  ];
  await page.getByLabel('Input (stdin)').fill('Ada');
  for (const [language, greeting] of expected) {
    await page.getByLabel('Language').selectOption(language);
    await page.getByRole('button', { name: /Run/ }).click();
    await expect(page.locator('.run-output'), language).toContainText(greeting, { timeout: 60_000 });
    await expect(page.locator('.run-output'), language).toContainText('Finished');
  }
  await shot(page, '12-playground-java');
});
