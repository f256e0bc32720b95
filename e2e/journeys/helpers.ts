import { type Browser, expect, type Page } from './fixtures';

// What most journeys do first: sign up or log in through the real forms, and type into the code editor.

export const DEMO_PASSWORD = 'Coderoom!2026';

/**
 * Signs a new learner up with a unique e-mail, skips the onboarding a new learner starts with, and waits
 * for the learning home; returns the e-mail.
 */
export async function signUpLearner(page: Page, fullName: string, emailPrefix: string, password: string) {
  const email = `${emailPrefix}-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/onboarding\/goal$/);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/learn\/home$/);
  return email;
}

/** Logs in through /login with a return URL and waits until the app has brought the user there. */
export async function logInAs(page: Page, email: string, password: string, returnUrl: string) {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnUrl}$`));
}

/** A second person at their own browser: a new context, logged in as `email` and brought to `returnUrl`. */
export async function logInInNewContext(browser: Browser, email: string, returnUrl: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, email, DEMO_PASSWORD, returnUrl);
  return page;
}

/** Replaces the first code editor's text; insertText types it as one paste, so no auto-indent interferes. */
export async function replaceCode(page: Page, code: string) {
  const editor = page.locator('.cm-content').first();
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}
