import { blockingViolations } from './a11y';
import { expect, type Page } from './fixtures';
import { shot } from './shot';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** How far the page scrolls sideways (0 when it fits the viewport). */
export const sideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * One screen at both widths: `ready` waits for its content, then no sideways scroll, no serious axe
 * finding and a screenshot `{name}-desktop` / `{name}-phone`; the page is left at desktop width.
 */
export async function checkScreen(page: Page, name: string, ready: () => Promise<void>) {
  for (const [size, suffix] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    await page.setViewportSize(size);
    await ready();
    expect(await sideScroll(page), `${name} at ${size.width} px`).toBeLessThanOrEqual(0);
    expect(await blockingViolations(page), `${name} at ${size.width} px`).toEqual([]);
    await shot(page, `${name}-${suffix}`);
  }
  await page.setViewportSize(DESKTOP);
}
