import { expect, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// The learning home does not move while it fills in (docs/performance.md): the weekly-goal card holds its
// height from the first paint. Layout shifts are read from the browser's own layout-shift entries.

test('the learning home keeps its layout while the weekly goal loads', async ({ page }) => {
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/learn/home');
    const card = page.getByRole('region', { name: 'Weekly goal' });
    // Loaded: the placeholder has given way to the streak and this week's days.
    await expect(card.locator('.weekly-goal-placeholder')).toHaveCount(0);
    await expect(card.getByRole('list', { name: 'This week' })).toBeVisible();
    const shifted = await page.evaluate(() =>
      (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
    );
    // Google's "good" threshold; the card's placeholder has the loaded card's markup.
    expect(shifted).toBeLessThan(0.1);
    await shot(page, `read-path-learn-home-${width}`);
  }
});
