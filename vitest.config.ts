import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests, so no build is needed first.
const alias = {
  '@coderoom/domain': fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url)),
  '@coderoom/contracts': fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url)),
  '@coderoom/runner': fileURLToPath(new URL('./apps/runner/src/index.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'runner',
          include: ['apps/runner/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'routes',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
