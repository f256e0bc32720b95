import { PAYLOAD_LIMIT_BYTES } from '@coderoom/domain';
import { createRunner, type Runner } from '@coderoom/runner';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { codeExecutions, collections } from '../../db/schema.js';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, waitFor } from '../../test/harness.js';

// These go through the real sandbox: bubblewrap must be installed (scripts/install-runner-deps.sh).
let t: TestApp;
let runner: Runner;
let app: TestApp['app'];
beforeAll(async () => {
  t = await buildTestApp();
  // A uid range of its own: the content tests' runners run at the same time (the sweep kills by uid).
  runner = createRunner({ slots: 1, queueSize: 4, uidBase: 64750 });
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database: t.database,
    mailer: t.mailer,
    runner,
    clock: t.clock,
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await runner.close();
  await t.close();
});

describe('POST /api/code/execute', () => {
  it('runs a Python program with stdin in the sandbox', async () => {
    const { client } = await signUp(app);
    const response = await client.post('/api/code/execute', {
      language: 'python3',
      source_code: 'name = input()\nprint(f"Hello, {name}!")',
      stdin: 'Ada\n',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      stdout: 'Hello, Ada!\n',
      exit_code: 0,
      timed_out: false,
    });
  });

  it('needs a signed-in account', async () => {
    const response = await new TestClient(app).post('/api/code/execute', {
      language: 'python3',
      source_code: 'print(1)',
    });
    expect(response.statusCode).toBe(401);
  });

  it('records every run: who, what, language, outcome and duration', async () => {
    const { client, user } = await signUp(app);
    await client.post('/api/code/execute', { language: 'python3', source_code: 'print(1/0)' });
    await client.post('/api/code/execute', { language: 'cobol', source_code: 'x' });
    const rows = await t.database.db
      .select()
      .from(codeExecutions)
      .where(eq(codeExecutions.userId, user.user_id))
      .orderBy(desc(codeExecutions.id));
    expect(rows.map((row) => [row.kind, row.language, row.outcome])).toEqual([
      ['execute', 'cobol', 'invalid_request'],
      ['execute', 'python3', 'runtime_error'],
    ]);
    expect(rows[1]?.sourceSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[1]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('answers bad input with the field and its message', async () => {
    const { client } = await signUp(app);
    const empty = await client.post('/api/code/execute', { language: 'python3', source_code: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.source_code).toBeTruthy();
    const oversized = await client.post('/api/code/execute', {
      language: 'python3',
      source_code: `print(1)#${'x'.repeat(PAYLOAD_LIMIT_BYTES)}`,
    });
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().errorText).toContain(String(PAYLOAD_LIMIT_BYTES));
    const unknownLanguage = await client.post('/api/code/execute', { language: 'cobol', source_code: 'x' });
    expect(unknownLanguage.statusCode).toBe(400);
    expect(unknownLanguage.json().errors.language).toMatch(/Unknown language "cobol"/);
    const unknownField = await client.post('/api/code/execute', {
      language: 'python3',
      source_code: 'print(1)',
      sudo: true,
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().errors.sudo).toBe('Unknown field.');
  });

  it('limits each learner to 60 runs a minute', async () => {
    const { client } = await signUp(app);
    t.clock.startFreshWindow(60);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push(
        (await client.post('/api/code/execute', { language: 'cobol', source_code: 'x' })).statusCode,
      );
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
    // The next minute starts a fresh budget.
    t.clock.advance(60_000);
    const next = await client.post('/api/code/execute', { language: 'python3', source_code: 'print(2)' });
    expect(next.statusCode).toBe(200);
  });
});

describe('POST /api/code/judge', () => {
  it('judges every case and never reveals a hidden one', async () => {
    const { client } = await signUp(app);
    const response = await client.post('/api/code/judge', {
      language: 'python3',
      source_code: 'a, b = map(int, input().split())\nprint(a + b if a < 100 else a - b)',
      test_cases: [
        { input: '1 2\n', expected_output: '3' },
        { input: '200 1\n', expected_output: '201', hidden: true },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'completed', passed: 1, total: 2, all_passed: false });
    expect(body.cases[0]).toMatchObject({ verdict: 'passed', input: '1 2\n' });
    expect(body.cases[1].verdict).toBe('wrong_answer');
    expect(body.cases[1]).not.toHaveProperty('input');
    expect(body.cases[1]).not.toHaveProperty('expected_output');
    expect(body.cases[1]).not.toHaveProperty('actual_output');
  });
});

describe('POST /api/codetest/run', () => {
  it("runs the author's unittest tests against the learner's code", async () => {
    const { client } = await signUp(app);
    const response = await client.post('/api/codetest/run', {
      language: 'python3',
      source_code: 'def add(a, b):\n    return a + b\n',
      test_code:
        'import unittest\nfrom main import add\n\nclass T(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(2, 3), 5)\n    def test_wrong(self):\n        self.assertEqual(add(2, 2), 5)\n',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'completed', passed: 1, failed: 1, total: 2 });
  });
});

describe('GET /api/code/languages', () => {
  it('lists every language with its availability', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/code/languages' });
    expect(response.statusCode, response.body).toBe(200);
    const languages = response.json().languages as { language: string; available: boolean }[];
    expect(languages.map((l) => l.language)).toEqual([
      'python3',
      'javascript',
      'typescript',
      'c++',
      'go',
      'rust',
      'java',
    ]);
    expect(languages.find((l) => l.language === 'python3')?.available).toBe(true);
  });
});

describe('a lesson widget named instead of spelled out', () => {
  async function courseWithExercise() {
    return buildCourse(t.database, {
      lessons: 1,
      components: () => [
        {
          type: 'Code',
          comp_id: 'double',
          content: {
            language: 'python3',
            code: 'print(input())',
            runnable: true,
            judge: true,
            enableStdin: true,
            allowDownload: false,
            treatOutputAsHTML: false,
            enableHiddenCode: true,
            hiddenPrependCode: 'FACTOR = 2',
            showSolution: false,
            timeLimit: 10,
            testCases: [
              { input: '3\n', output: '6\n', hidden: false },
              { input: '31337\n', output: '62674\n', hidden: true },
            ],
            unitTests: {
              code: 'import unittest\nfrom main import double\n\nclass T(unittest.TestCase):\n    def test_double(self):\n        self.assertEqual(double(4), 8)\n',
            },
          },
        },
      ],
    });
  }

  it('judges with the stored cases and hidden code, reveals no hidden data, and keeps the code', async () => {
    const course = await courseWithExercise();
    const { client } = await signUp(app);
    const widget = {
      author_id: course.author.id,
      collection_id: course.collection.id,
      page_id: course.pageIds[0],
      comp_id: 'double',
    };
    const source =
      'def double(n):\n    return n * FACTOR\n\nif __name__ == "__main__":\n    print(double(int(input())))';
    const judged = await client.post('/api/code/judge', { widget, source_code: source });
    expect(judged.statusCode).toBe(200);
    expect(judged.json()).toMatchObject({ all_passed: true, passed: 2, total: 2 });
    // The hidden case is reported by verdict only: no input, expected or actual output.
    const hiddenCase = judged.json().cases.find((entry: { hidden: boolean }) => entry.hidden);
    expect(hiddenCase).toBeDefined();
    expect(hiddenCase).not.toHaveProperty('input');
    expect(hiddenCase).not.toHaveProperty('expected_output');
    expect(judged.body).not.toContain('31337');
    expect(judged.body).not.toContain('62674');

    const wrong = await client.post('/api/code/judge', { widget, source_code: 'print(input())' });
    expect(wrong.json()).toMatchObject({ all_passed: false });
    expect(wrong.body).not.toContain('31337');
    expect(wrong.body).not.toContain('62674');

    const executed = await client.post('/api/code/execute', { widget, source_code: source, stdin: '5\n' });
    expect(executed.json()).toMatchObject({ status: 'ok', stdout: '10\n' });

    const tests = await client.post('/api/codetest/run', { widget, source_code: source });
    expect(tests.json()).toMatchObject({ status: 'completed', passed: 1, failed: 0 });

    const lesson = await client.get(
      `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${course.pageIds[0]}`,
    );
    expect(lesson.json().widget_data).toEqual({ double: { code: source } });
  });

  it('refuses unknown widgets, unreadable lessons, bad refs and logged-out callers', async () => {
    const course = await courseWithExercise();
    const { client } = await signUp(app);
    const widget = {
      author_id: course.author.id,
      collection_id: course.collection.id,
      page_id: course.pageIds[0],
      comp_id: 'nope',
    };
    const unknown = await client.post('/api/code/judge', { widget, source_code: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('widget');
    const bad = await client.post('/api/code/judge', {
      widget: { ...widget, page_id: 'x' },
      source_code: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('widget.page_id');
    expect(
      (
        await new TestClient(app).post('/api/code/judge', {
          widget: { ...widget, comp_id: 'double' },
          source_code: 'x',
        })
      ).statusCode,
    ).toBe(401);
    await t.database.db
      .update(collections)
      .set({ isPrivate: true })
      .where(eq(collections.id, course.collection.id));
    // Hidden straight in the database: the read path hears of it by NOTIFY when the write commits (a
    // moment later through PostgreSQL's listener), so poll, never sleep.
    await waitFor(
      async () =>
        (
          await client.post('/api/code/judge', {
            widget: { ...widget, comp_id: 'double' },
            source_code: 'x',
          })
        ).statusCode === 404,
      'the private lesson to be refused',
      2_500,
    );
  });
});
