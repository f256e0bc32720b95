import { expect, type Page, test, type WebSocketRoute } from './fixtures';
import { DEMO_PASSWORD, logInAs, signUpLearner } from './helpers';
import { shot } from './shot';

// Live instances in projects: a terminal project (type in a real shell in the learner's sandbox, run the
// task's tests there) and a Python web-app project (start the app from the terminal, see it in the
// preview pane through the app proxy, pass the tests); another user is refused at the first one's app URL.

const PASSWORD = 'Live!2026pass';

/** Opens a demo project from explore and begins it guided; lands on its first task. */
async function beginProject(page: Page, title: string) {
  await page.goto('/explore?type=projects');
  await page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Begin guided' }).click();
  await expect(page).toHaveURL(/\/project\/\d+\/\d+\/\d+\/\d+$/);
}

/** Types into the terminal as a learner would (Enter for each newline). */
async function typeInTerminal(page: Page, text: string) {
  await page.getByTestId('terminal').click();
  await page.keyboard.type(text);
}

/** The terminal's screen, one string per row, trailing spaces removed. */
async function terminalLines(page: Page): Promise<string[]> {
  const rows = await page.locator('.xterm-rows > div').allTextContents();
  return rows.map((row) => row.replace(/\s+$/, ''));
}

async function expectTerminalLine(page: Page, line: string | RegExp, timeout = 15_000) {
  await expect
    .poll(
      async () =>
        (await terminalLines(page)).some((row) => (typeof line === 'string' ? row === line : line.test(row))),
      {
        timeout,
      },
    )
    .toBe(true);
}

test('a terminal project: echo in a real shell, then the task’s tests pass in the sandbox', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpLearner(page, 'Terry Terminal', 'terminal', PASSWORD);
  // Pass the terminal's sockets through a route, so the test can drop one as a flaky network would.
  const sockets: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
  await page.routeWebSocket(/\/terminal\?/, (socket) => {
    sockets.push({ page: socket, server: socket.connectToServer() });
  });
  await beginProject(page, 'Log Detective');
  await expect(page.getByRole('heading', { level: 1, name: 'Collect the errors' })).toBeVisible();
  await expect(page.getByTestId('terminal-state')).toHaveText('Connected', { timeout: 30_000 });

  await typeInTerminal(page, 'echo hi\n');
  await expectTerminalLine(page, 'hi');
  await typeInTerminal(page, 'ls logs\n');
  await expectTerminalLine(page, /app-1\.log\s+app-2\.log\s+app-3\.log/);
  await shot(page, 'live-terminal');

  // A dropped socket reconnects to the same shell, which kept its state.
  await typeInTerminal(page, 'MARK=kept\n');
  const first = sockets.at(-1);
  await first?.server.close();
  await first?.page.close({ code: 3000, reason: 'network dropped' });
  await expect(page.getByTestId('terminal-state')).toHaveText('Connected', { timeout: 15_000 });
  expect(sockets.length).toBeGreaterThan(1);
  await typeInTerminal(page, 'echo "still $MARK"\n');
  await expectTerminalLine(page, 'still kept');

  // Tests before the work: the answer file is missing.
  await page.getByRole('button', { name: 'Run tests' }).click();
  await expect(page.getByText('0 of 2 tests passed.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('There is no errors.txt in your workspace yet.')).toBeVisible();

  await typeInTerminal(page, 'grep -h ERROR logs/*.log > errors.txt && wc -l errors.txt\n');
  await expectTerminalLine(page, '3 errors.txt');
  await page.getByRole('button', { name: 'Run tests' }).click();
  await expect(page.getByText('All 2 tests passed.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('task-status')).toHaveText('Completed');
  await shot(page, 'live-terminal-tests-passed');
});

const SOLUTION = `cat > app.py <<'EOF'
import json
from http.server import BaseHTTPRequestHandler, HTTPServer
class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/health":
            body, kind = json.dumps({"status": "ok"}).encode(), "application/json"
        else:
            body, kind = b"<h1>Status page</h1><p>All systems are running.</p>", "text/html"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.end_headers()
        self.wfile.write(body)
print("Serving the solution")
HTTPServer(("127.0.0.1", 8000), Handler).serve_forever()
EOF
`;

test('a web-app project: the app runs in the sandbox, shows in the preview and passes its tests; other users are refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signUpLearner(page, 'Wendy Web', 'webapp', PASSWORD);
  await beginProject(page, 'Python Status Page');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a health check' })).toBeVisible();
  await expect(page.getByTestId('terminal-state')).toHaveText('Connected', { timeout: 30_000 });

  // Nothing listens yet: the preview says so with the spec's message.
  await expect(page.getByTestId('preview-error')).toContainText('Your app refused to connect.');
  await shot(page, 'live-preview-refused');

  await typeInTerminal(page, 'python3 app.py\n');
  await expectTerminalLine(page, /Serving on http:\/\/127\.0\.0\.1:8000/);
  await page.getByRole('button', { name: 'Reload' }).click();
  const preview = page.frameLocator('iframe[title="Your app"]');
  await expect(preview.getByRole('heading', { name: 'Status page' })).toBeVisible();
  await shot(page, 'live-preview');

  // The starter has no /health yet.
  await page.getByRole('button', { name: 'Run tests' }).click();
  await expect(page.getByText('1 of 2 tests passed.')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('terminal').click();
  await page.keyboard.press('Control+c');
  await typeInTerminal(page, SOLUTION);
  await typeInTerminal(page, 'python3 app.py\n');
  await expectTerminalLine(page, 'Serving the solution');
  await page.getByRole('button', { name: 'Run tests' }).click();
  await expect(page.getByText('All 2 tests passed.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('task-status')).toHaveText('Completed');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(preview.getByRole('heading', { name: 'Status page' })).toBeVisible();
  await shot(page, 'live-webapp-tests-passed');

  // The app's URL belongs to its owner: another learner gets a 404, never the page.
  const appUrl = await page.locator('iframe[title="Your app"]').getAttribute('src');
  expect(appUrl).toMatch(/^\/api\/instances\/[0-9a-f-]+\/app\/8000\/$/);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  // The demo learner: the journeys stay under the sign-up limit of 10 an hour from one address.
  await logInAs(otherPage, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  const refused = await otherPage.goto(appUrl ?? '');
  expect(refused?.status()).toBe(404);
  await expect(otherPage.getByText('Status page')).toHaveCount(0);
  const health = await otherPage.request.get(`${appUrl}health`);
  expect(health.status()).toBe(404);
  await other.close();
});
