import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD } from './helpers';
import { shot } from './shot';

// AI search with a model configured (AI_BASE_URL, AI_API_KEY, AI_MODEL): a second platform process on its
// own port and database, pointed at a fake OpenAI-compatible endpoint on a real local port. The fake writes
// half its answer, then waits for the test, so the page is seen while the answer is still being written.

let releaseRest: () => void = () => {};
let modelServer: Server;
let platform: ChildProcess;
const PORT = Number(process.env.E2E_PORT ?? 3210) + 100;
const BASE = `http://127.0.0.1:${PORT}`;

function chunk(content: string): string {
  const choices = [{ index: 0, delta: { content }, finish_reason: null }];
  return `data: ${JSON.stringify({ id: 'chatcmpl-e2e', object: 'chat.completion.chunk', created: 0, model: 'fake', choices })}\n\n`;
}

async function answer(request: IncomingMessage, response: ServerResponse) {
  for await (const _ of request) {
    // The question and passages are not needed: the fake always answers about WaitGroups.
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.write(chunk('Call `wg.Add(1)` before each goroutine, '));
  await new Promise<void>((resolve) => {
    releaseRest = resolve;
  });
  response.write(chunk('then `wg.Wait()` until they are all done [1].'));
  response.end('data: [DONE]\n\n');
}

async function healthy(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the platform on ${BASE} did not answer its health check in time`);
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  modelServer = createServer((request, response) => void answer(request, response));
  modelServer.listen(0, '127.0.0.1');
  await once(modelServer, 'listening');
  const modelPort = (modelServer.address() as AddressInfo).port;
  const dataDir = `.tmp/e2e-data-model-${PORT}`;
  platform = spawn('sh', ['-c', `rm -rf ${dataDir} && exec node ../apps/server/dist/main.js`], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      RUNNER_UID_BASE: String(53_000 + (PORT % 100) * 16),
      INSTANCE_UID_BASE: String(54_000 + (PORT % 100) * 40),
      AI_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
      AI_API_KEY: 'e2e-key',
      AI_MODEL: 'fake-model',
      AI_TIMEOUT_MS: '60000',
    },
    stdio: 'inherit',
  });
  await healthy(Date.now() + 120_000);
});

test.afterAll(async () => {
  releaseRest();
  if (platform && platform.exitCode === null) {
    platform.kill('SIGTERM');
    await once(platform, 'exit');
  }
  modelServer?.closeAllConnections();
  modelServer?.close();
});

test("the model's answer is written into the page as it streams, above the passages it cites", async ({
  page,
}) => {
  await page.goto(`${BASE}/login?returnUrl=${encodeURIComponent('/explore')}`);
  await page.getByLabel('Email').fill('subscriber@coderoom.dev');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await page.getByLabel('What do you want to learn?').fill('python');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: 'Python in Practice' }).click();
  await page.getByRole('link', { name: 'Reading input' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reading input' })).toBeVisible();

  await page
    .getByLabel('Stuck? Ask a question about the lessons')
    .fill('How do I wait for all my goroutines to finish?');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();

  // Half the answer is on the page, marked as still being written, with the cited lesson already below it.
  const written = page.locator('.ai-written');
  await expect(written).toContainText('wg.Add(1)');
  await expect(written).toHaveAttribute('aria-busy', 'true');
  await expect(written).toContainText('Writing from the lessons below');
  const citation = page.getByRole('link', { name: 'Goroutines and channels — Waiting: sync.WaitGroup' });
  await expect(citation).toBeVisible();
  await shot(page, '95-ai-model-writing');

  releaseRest();
  await expect(written).toContainText('wg.Wait()');
  await expect(written).toHaveAttribute('aria-busy', 'false');
  await expect(written).toContainText('Written from the lessons below');
  await shot(page, '96-ai-model-written');

  await citation.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/collection\/page\/\d+\/\d+\/\d+/);
});
