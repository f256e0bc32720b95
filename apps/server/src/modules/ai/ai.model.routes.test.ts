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
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { collections } from '../../db/schema.js';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { fakeEmbeddingsResponse } from '../../test/fakeEmbeddings.js';
import { buildTestApp, signUp, type TestApp, TestClient, waitFor } from '../../test/harness.js';

// A fake OpenAI-compatible endpoint on a real local port: /v1/chat/completions, streamed as server-sent
// events the way OpenAI, llama.cpp and vLLM send them. Each test sets how it behaves.
type Behaviour = 'answer' | 'answer-at-once' | 'hang' | 'fail';
let behaviour: Behaviour = 'answer';
let lastRequest: { model?: string; messages?: Array<{ role: string; content: string }> } = {};
/** Resolved by a test to let the fake model send the rest of its answer. */
let releaseRest: () => void = () => {};
const hanging = new Set<ServerResponse>();
/** `/v1/embeddings`: deterministic hashed bag-of-concepts vectors (test/fakeEmbeddings.ts), or a 503. */
let embeddingsFail = false;
let embeddingRequests = 0;

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
  if (request.url?.endsWith('/embeddings')) {
    embeddingRequests += 1;
    if (embeddingsFail) {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'embeddings are down' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(fakeEmbeddingsResponse(JSON.parse(body))));
    return;
  }
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
  // Two database openings and the demo seed: minutes on the shared machine under load.
}, 240_000);
beforeEach(() => {
  behaviour = 'answer';
  embeddingsFail = false;
  releaseRest = () => {};
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await app.close();
  fake.close();
  await t.close();
});

const QUESTION = 'How do I wait for all my goroutines to finish?';

/** A signed-up learner asking on an app (the harness app has no model: text retrieval only). */
async function ask(on: TestApp['app'], question: string) {
  const { client } = await signUp(on);
  return client.post('/api/ai/search', { question });
}

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
    // Which of the lesson's sections ranks first depends on whether the worker has embedded them yet (text
    // alone, or hybrid): the lesson and the WaitGroup passage are what must be cited.
    expect(body.citations[0]?.lesson_title).toBe('Goroutines and channels');
    expect(body.citations.map((citation) => citation.section)).toContain('Waiting: sync.WaitGroup');
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

/** Whether every indexed section has an embedding from the fake model (the worker has caught up). */
async function allEmbedded(): Promise<boolean> {
  const result = await t.database.db.execute(sql`
    SELECT count(*)::int AS missing FROM ai_chunks c
    WHERE NOT EXISTS (SELECT 1 FROM ai_chunk_embeddings e WHERE e.chunk_id = c.id AND e.model = 'fake-model')`);
  return Number((result as unknown as { rows: Array<{ missing: number }> }).rows[0]?.missing) === 0;
}

function lessonAbout(text: string) {
  return () => [{ type: 'MarkdownEditor' as const, comp_id: 'md', content: { text } }];
}

async function logIn(client: TestClient, email: string, password = DEMO_PASSWORD) {
  expect((await client.post('/api/user/login', { email, password })).statusCode).toBe(200);
  return client;
}

/** Asks the model app (hybrid retrieval) until the worker has embedded what the question needs. */
async function askHybrid(client: TestClient, question: string) {
  await client.post('/api/ai/search', { question });
  await waitFor(allEmbedded, 'the worker to embed the indexed sections', 30_000);
  return client.post('/api/ai/search', { question });
}

const courseOf = (response: { statusCode: number; json(): unknown }) =>
  response.statusCode === 200 ? (response.json() as AiSearchResponse).citations[0]?.course_title : null;

describe('hybrid retrieval with embeddings (/v1/embeddings)', () => {
  // Words the text search cannot match: the question says "fix a car transmission", the lesson "mend an
  // automobile's gearbox". The fake embedding model knows these are the same things.
  const QUESTION_BY_MEANING = 'How do I fix a car transmission?';
  let garage: Awaited<ReturnType<typeof buildCourse>>;
  let garageAuthor: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    behaviour = 'answer-at-once';
    garageAuthor = await buildUser(t.database, { fullName: 'Garage Author' });
    garage = await buildCourse(t.database, {
      author: garageAuthor,
      title: 'Garage Basics',
      lessons: 1,
      components: lessonAbout(
        '## Mending automobiles\n\nTo mend an automobile gearbox, loosen the housing bolts, then lift the casing.',
      ),
    });
  });
  beforeEach(() => {
    behaviour = 'answer-at-once';
  });

  it('embeds every indexed section through the worker, with pgvector where it is available', async () => {
    await subscriber.post('/api/ai/search', { question: QUESTION });
    await waitFor(allEmbedded, 'the worker to embed the indexed sections', 30_000);
    const result = await t.database.db.execute(sql`
      SELECT (SELECT count(*)::int FROM pg_extension WHERE extname = 'vector') AS pgvector,
        EXISTS (SELECT 1 FROM information_schema.columns
          WHERE table_name = 'ai_chunk_embeddings' AND column_name = 'embedding_vector') AS vector_column,
        (SELECT min(dimensions) FROM ai_chunk_embeddings) AS dimensions`);
    const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0];
    // PGlite loads @electric-sql/pglite-pgvector; a server without pgvector keeps real[] alone.
    if (t.database.kind === 'pglite') expect(Number(row?.pgvector)).toBe(1);
    expect(row?.vector_column).toBe(Number(row?.pgvector) === 1);
    expect(Number(row?.dimensions)).toBe(256);
  });

  it('finds a passage by meaning that text search alone misses, citing its lesson', async () => {
    const asker = (await signUp(app)).client;
    // The platform without a model (text retrieval only) does not find it.
    const textOnly = await ask(t.app, QUESTION_BY_MEANING);
    expect(courseOf(textOnly)).not.toBe('Garage Basics');

    const response = await askHybrid(asker, QUESTION_BY_MEANING);
    expect(response.statusCode).toBe(200);
    const body = response.json() as AiSearchResponse;
    expect(body.citations[0]).toMatchObject({
      course_title: 'Garage Basics',
      section: 'Mending automobiles',
    });
    expect(body.citations[0]?.url).toContain(`/${garageAuthor.id}/${garage.collection.id}/`);
    expect(body.passages[0]?.text).toContain('loosen the housing bolts');
  });

  it('still answers an off-topic question NOT_FOUND', async () => {
    const response = await askHybrid(subscriber, 'What is the best recipe for banana bread with walnuts?');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("does not cite by meaning a course excluded for the asker's organization", async () => {
    const member = await logIn(new TestClient(app), 'member@coderoom.dev');
    const learner = (await signUp(app)).client;
    expect(courseOf(await askHybrid(member, QUESTION_BY_MEANING))).toBe('Garage Basics');

    const excluded = JSON.stringify([{ author_id: garageAuthor.id, work_id: garage.collection.id }]);
    await t.database.db.execute(
      sql`UPDATE organization_subscriptions SET excluded_courses_list = excluded_courses_list || ${excluded}::jsonb`,
    );
    // Caches hear direct writes a little later on PostgreSQL: ask until the exclusion applies.
    await waitFor(
      async () =>
        courseOf(await member.post('/api/ai/search', { question: QUESTION_BY_MEANING })) !== 'Garage Basics',
      'the exclusion to apply',
    );
    expect(courseOf(await learner.post('/api/ai/search', { question: QUESTION_BY_MEANING }))).toBe(
      'Garage Basics',
    );
  });

  it('does not cite by meaning a priced lesson the asker does not own, and cites it for the subscriber', async () => {
    await buildCourse(t.database, {
      title: 'Engine Clinic',
      // The first lesson is a preview everyone may open; the answer lies in the second, which is priced.
      lessons: 2,
      preview: [0],
      isFree: false,
      components: (index) =>
        lessonAbout(
          index === 1 ? '## Halting motors\n\nHalt the motor: close its fuel valve.' : 'Welcome.',
        )(),
    });
    const question = 'How can I abort a running engine?';
    const learner = (await signUp(app)).client;
    // The subscriber may open it, but text retrieval alone does not find it.
    const textOnly = await logIn(new TestClient(t.app), 'subscriber@coderoom.dev');
    expect(courseOf(await textOnly.post('/api/ai/search', { question }))).not.toBe('Engine Clinic');
    expect(courseOf(await askHybrid(subscriber, question))).toBe('Engine Clinic');
    expect(courseOf(await learner.post('/api/ai/search', { question }))).not.toBe('Engine Clinic');
  });

  it('does not cite by meaning a private course, except to its author', async () => {
    await t.database.db
      .update(collections)
      .set({ isPrivate: true })
      .where(eq(collections.id, garage.collection.id));
    const author = await logIn(new TestClient(app), garageAuthor.email, garageAuthor.password);
    const learner = (await signUp(app)).client;
    await waitFor(
      async () =>
        courseOf(await learner.post('/api/ai/search', { question: QUESTION_BY_MEANING })) !== 'Garage Basics',
      'the course to turn private',
    );
    expect(courseOf(await author.post('/api/ai/search', { question: QUESTION_BY_MEANING }))).toBe(
      'Garage Basics',
    );
  });

  it('falls back to text retrieval when the embeddings endpoint fails', async () => {
    embeddingsFail = true;
    const before = embeddingRequests;
    const response = await subscriber.post('/api/ai/search', { question: QUESTION });
    expect(response.statusCode).toBe(200);
    expect((response.json() as AiSearchResponse).citations[0]?.lesson_title).toBe('Goroutines and channels');
    expect(embeddingRequests).toBeGreaterThan(before);
  });
});
