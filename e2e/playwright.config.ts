import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. The flags keep it quiet on a machine without network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
// E2E_PORT lets two runs share a machine (each starts its own server).
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = `.tmp/e2e-data-${PORT}`;
// Each port gets its own sandbox uid ranges, away from the unit tests' ranges (61000+, 62000+, 63400+, 64700+).
const RUNNER_UID_BASE = String(55_000 + (PORT % 100) * 16);
const INSTANCE_UID_BASE = String(57_000 + (PORT % 100) * 40);

export default defineConfig({
  testDir: 'journeys',
  // A run on another port keeps its own results: each run empties its output folder when it starts.
  outputDir: PORT === 3210 ? 'artifacts/results' : `artifacts/results-${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [
    ['list'],
    [
      'html',
      { outputFolder: PORT === 3210 ? 'artifacts/report' : `artifacts/report-${PORT}`, open: 'never' },
    ],
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    screenshot: 'on',
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
  },
  webServer: {
    // The built platform on a fresh embedded database, seeded with the demo accounts.
    command: `rm -rf ${DATA_DIR} && node ../apps/server/dist/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: {
      PORT: String(PORT),
      // The address the browser uses: SSO redirect URIs and their cookies must be on the same host.
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      RUNNER_UID_BASE,
      INSTANCE_UID_BASE,
      // Journeys retake an assessment right after finishing it; the route tests move the clock instead.
      ASSESSMENT_RETAKE_COOLDOWN_MINUTES: '0',
      // Every journey that signs up comes from 127.0.0.1: more than the default 10 an hour.
      SIGNUPS_PER_IP_PER_HOUR: '200',
      // Slack for organizations: integrations.spec.ts starts a fake Slack on this port.
      SLACK_CLIENT_ID: 'e2e.slack',
      SLACK_CLIENT_SECRET: 'e2e-slack-secret',
      SLACK_API_URL: `http://127.0.0.1:${PORT + 7}/api/`,
      SLACK_AUTHORIZE_URL: `http://127.0.0.1:${PORT + 7}/oauth/v2/authorize`,
    },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
