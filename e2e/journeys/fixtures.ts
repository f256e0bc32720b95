import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

// Public pages arrive rendered by the server for visitors and the app takes them over once its code has
// loaded (apps/web/src/main.tsx removes `data-prerendered` from #root then). Until that moment a rendered page
// is text and plain links, so a journey that clicks or types right after `page.goto` would act on the
// rendered page. The `page` of every journey waits for the takeover after each `goto` and `reload`.
async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('root')?.hasAttribute('data-prerendered'),
    undefined,
    {
      timeout: 30_000,
    },
  );
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<typeof goto>) => {
      const response = await goto(...args);
      await appTookOver(page);
      return response;
    };
    page.reload = async (...args: Parameters<typeof reload>) => {
      const response = await reload(...args);
      await appTookOver(page);
      return response;
    };
    await use(page);
  },
});
