import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AI_STREAM_CONTENT_TYPE,
  type AiSearchResponse,
  type AiSearchStreamEvent,
  CSRF_COOKIE,
  CSRF_HEADER,
} from '@coderoom/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.js';
import { buildTestApp, type TestApp, TestClient } from '../../test/harness.js';

// A fake OpenAI-compatible endpoint on a real local port: /v1/chat/completions, streamed as server-sent
// events the way OpenAI, llama.cpp and vLLM send them. Each test sets how it behaves.
type Behaviour = 'answer' | 'answer-at-once' | 'hang' | 'fail';
let behaviour: Behaviour = 'answer';
let lastRequest: { model?: string; messages?: Array<{ role: string; content: string }> } = {};
/** Resolved by a test to let the fake model send the rest of its answer. */
let releaseRest: () => void = () => {};
const hanging = new Set<ServerResponse>();

function chunk(content: string): string {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake-model',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  })}\n\n`;
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  for await (const part of request) body += part;
  lastRequest = JSON.parse(body);
  if (behaviour === 'fail') {
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: 'model crashed' } }));
    return;
  }
  if (behaviour === 'hang') {
    hanging.add(response);
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.write(chunk('Call `wg.Add(1)` before each goroutine, '));
  if (behaviour === 'answer') {
    await new Promise<void>((resolve) => {
      releaseRest = resolve;
    });
  }
  response.write(chunk('then `wg.Wait()` [1].'));
  response.end('data: [DONE]\n\n');
}

let fake: Server;
let t: TestApp;
let app: TestApp['app'];
let subscriber: TestClient;
let baseUrl: string;

beforeAll(async () => {
  fake = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  t = await buildTestApp();
  await seedDemo(t.database);
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
        timeoutMs: 1500,
      },
    },
    database: t.database,
    mailer: t.mailer,
    clock: t.clock,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The Go course is priced: the subscriber may open the lessons the answers cite.
  subscriber = new TestClient(app);
  await subscriber.post('/api/user/login', { email: 'subscriber@coderoom.dev', password: DEMO_PASSWORD });
});
beforeEach(() => {
  behaviour = 'answer';
  releaseRest = () => {};
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await app.close();
  fake.close();
  await t.close();
});

const QUESTION = 'How do I wait for all my goroutines to finish?';

/** Asks over a real HTTP connection for the streamed answer; yields events as their lines arrive. */
async function* askStreaming(question: string): AsyncGenerator<AiSearchStreamEvent> {
  const cookies = [...subscriber.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${baseUrl}/api/ai/search`, {
    method: 'POST',
    headers: {
      accept: AI_STREAM_CONTENT_TYPE,
      'content-type': 'application/json',
      cookie: cookies,
      [CSRF_HEADER]: subscriber.cookies.get(CSRF_COOKIE) ?? '',
    },
    body: JSON.stringify({ question }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain(AI_STREAM_CONTENT_TYPE);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      yield JSON.parse(buffered.slice(0, newline)) as AiSearchStreamEvent;
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
  }
}

describe('AI search with a model endpoint (AI_BASE_URL, AI_API_KEY, AI_MODEL)', () => {
  it('streams a grounded answer: the extract first, then the model text as it is written', async () => {
    const events: AiSearchStreamEvent[] = [];
    for await (const event of askStreaming(QUESTION)) {
      events.push(event);
      // The first words arrived while the model had not finished: let it write the rest.
      if (event.type === 'delta') releaseRest();
    }
    expect(events.map((event) => event.type)).toEqual(['passages', 'delta', 'delta', 'done']);
    const [first] = events;
    expect(first?.type === 'passages' && first.answer.citations[0]?.lesson_title).toBe(
      'Goroutines and channels',
    );
    expect(events.at(-1)).toEqual({ type: 'done', mode: 'generated' });
    // The model saw the question and the cited passages, and only those.
    expect(lastRequest.model).toBe('fake-model');
    const prompt = lastRequest.messages?.map((message) => message.content).join('\n') ?? '';
    expect(prompt).toContain(QUESTION);
    expect(prompt).toContain('Waiting: sync.WaitGroup');
    expect(prompt).not.toContain('results[i] = sumLine(line)');
  });

  it('answers JSON with the generated text and the same citations', async () => {
    behaviour = 'answer-at-once';
    const response = await subscriber.post('/api/ai/search', { question: QUESTION });
    expect(response.statusCode).toBe(200);
    const body = response.json() as AiSearchResponse;
    expect(body.mode).toBe('generated');
    expect(body.answer).toBe('Call `wg.Add(1)` before each goroutine, then `wg.Wait()` [1].');
    expect(body.citations[0]?.section).toBe('Waiting: sync.WaitGroup');
  });

  it('falls back to the extractive answer when the model does not answer in time', async () => {
    behaviour = 'hang';
    const response = await subscriber.post('/api/ai/search', { question: QUESTION });
    expect(response.statusCode).toBe(200);
    const body = response.json() as AiSearchResponse;
    expect(body.mode).toBe('extractive');
    expect(body.citations[0]?.lesson_title).toBe('Goroutines and channels');

    const events: AiSearchStreamEvent[] = [];
    for await (const event of askStreaming(QUESTION)) events.push(event);
    expect(events.map((event) => event.type)).toEqual(['passages', 'done']);
    expect(events.at(-1)).toEqual({ type: 'done', mode: 'extractive' });
  });

  it('falls back when the model stops half-way through its answer', async () => {
    // 'answer' waits for a release that never comes: the first words arrive, then nothing until the limit.
    const response = await subscriber.post('/api/ai/search', { question: QUESTION });
    expect(response.statusCode).toBe(200);
    expect((response.json() as AiSearchResponse).mode).toBe('extractive');
  });

  it('falls back to the extractive answer when the endpoint fails', async () => {
    behaviour = 'fail';
    const response = await subscriber.post('/api/ai/search', { question: QUESTION });
    expect(response.statusCode).toBe(200);
    expect((response.json() as AiSearchResponse).mode).toBe('extractive');
  });

  it('still answers the spec errors as JSON before any stream', async () => {
    const response = await subscriber.post('/api/ai/search', { question: 'goroutines?' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'TOO_SHORT' });
  });
});
