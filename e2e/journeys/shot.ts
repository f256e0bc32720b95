import type { Page } from './fixtures';

/** Saves a named full-page screenshot under e2e/artifacts/screenshots, kept by CI as an artifact. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `artifacts/screenshots/${name}.png`, fullPage: true });
}
