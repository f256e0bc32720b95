import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CodeWidgetContentSchema, type TutorHintResponse } from '@coderoom/contracts';
import { createRunner, type Runner } from '@coderoom/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp } from '../../test/harness.js';

// The tutor with a model: a fake OpenAI-compatible endpoint on a local port (server-sent events, through
// the official SDK) drafts the hint from the failing facts; when it fails, the platform's own hint is given.
let behaviour: 'answer' | 'fail' = 'answer';
let lastPrompt = '';
const MODEL_HINT = 'Check what you multiply n by: the sum of 1..n is not n squared.';

async function handle(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  for await (const part of request) body += part;
  const parsed = JSON.parse(body) as { messages: Array<{ content: string }> };
  lastPrompt = parsed.messages.map((message) => message.content).join('\n');
  if (behaviour === 'fail') {
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: 'model crashed' } }));
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const content of [MODEL_HINT.slice(0, 20), MODEL_HINT.slice(20)]) {
    const chunk = {
      id: 'c',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'fake',
      choices: [{ index: 0, delta: { content }, finish_reason: null }],
    };
    response.write(`data: ${JSON.stringify(chunk)}\n\n`);
  }
  response.end('data: [DONE]\n\n');
}

const HIDDEN_INPUT = '987653';
const SOLUTION_MARK = 'REFERENCE_SOLUTION_MARK';
let fake: Server;
let t: TestApp;
let runner: Runner;
let app: TestApp['app'];
let course: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  fake = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  t = await buildTestApp();
  runner = createRunner({ slots: 1, queueSize: 8, uidBase: 64950 });
  app = await buildApp({
    config: {
      publicUrl: 'http://localhost',
      webDistDir: null,
      trustProxy: false,
      logLevel: 'silent',
      ai: {
        baseUrl: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`,
        apiKey: 'test-key',
        model: 'fake-model',
        timeoutMs: 5000,
      },
    },
    database: t.database,
    mailer: t.mailer,
    runner,
    clock: t.clock,
    logger: false,
  });
  await app.ready();
  course = await buildCourse(t.database, {
    lessons: 1,
    components: () => [
      {
        type: 'Code',
        comp_id: 'sum',
        content: CodeWidgetContentSchema.parse({
          language: 'python3',
          runnable: true,
          judge: true,
          enableStdin: true,
          solution: `# ${SOLUTION_MARK}\n`,
          testCases: [
            { input: '4\n', output: '10\n', hidden: false, comparison: 'trimmed' },
            {
              input: `${HIDDEN_INPUT}\n`,
              output: `${(987653 * 987654) / 2}\n`,
              hidden: true,
              comparison: 'trimmed',
            },
          ],
        }),
      },
    ],
  });
});
afterAll(async () => {
  await app.close();
  await runner.close();
  await t.close();
  fake.close();
});

async function askHint(): Promise<TutorHintResponse> {
  const { client } = await signUp(app);
  const response = await client.post('/api/ai/tutor/hint', {
    source_code: 'n = int(input())\nprint(n * n)\n',
    widget: {
      author_id: course.author.id,
      collection_id: course.collection.id,
      page_id: course.pageIds[0],
      comp_id: 'sum',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TutorHintResponse;
}

describe('the tutor with a model endpoint', () => {
  it("drafts the hint from the learner's code and the visible failing test, never the hidden one or the solution", async () => {
    behaviour = 'answer';
    const hint = await askHint();
    expect(hint).toMatchObject({ status: 'hint', level: 1, source: 'model', text: MODEL_HINT });
    expect(lastPrompt).toContain('print(n * n)');
    expect(lastPrompt).toContain('Expected output:\n10');
    expect(lastPrompt).not.toContain(HIDDEN_INPUT);
    expect(lastPrompt).not.toContain(SOLUTION_MARK);
  });

  it("falls back to the platform's own hint when the endpoint fails", async () => {
    behaviour = 'fail';
    const hint = await askHint();
    expect(hint).toMatchObject({ status: 'hint', level: 1, source: 'facts' });
    expect(hint.text).toContain('test 1');
  });
});
