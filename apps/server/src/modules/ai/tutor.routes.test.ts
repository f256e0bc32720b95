import {
  CodeWidgetContentSchema,
  type Lesson,
  type TutorHintResponse,
  type TutorLogResponse,
  type Widget,
} from '@coderoom/contracts';
import { TutorLimits, TutorMessages } from '@coderoom/domain';
import { createRunner, type Runner } from '@coderoom/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

// The tutor's hint ladder through the real sandbox: hints only for failing code, one rung per request,
// the author's hints first, else the platform's ladder from the sandbox's facts; hidden test data and the
// solution never in an answer; every answer logged for the course's editors and no one else.
let t: TestApp;
let runner: Runner;
let app: TestApp['app'];
let course: Awaited<ReturnType<typeof buildCourse>>;

// Numbers long enough that finding them in an answer cannot be chance.
const HIDDEN_INPUT = '123457';
const HIDDEN_OUTPUT = String((123457 * 123458) / 2);
const SOLUTION_MARK = 'REFERENCE_SOLUTION_MARK';
const AUTHOR_HINTS = ['Read n with int(input()).', 'The sum of 1..n is n * (n + 1) // 2.'];

/** Print the sum of 1..n for the n on stdin: one visible case, one hidden one. */
function sumExercise(compId: string, extra: Partial<Extract<Widget, { type: 'Code' }>['content']>): Widget {
  return {
    type: 'Code',
    comp_id: compId,
    content: CodeWidgetContentSchema.parse({
      language: 'python3',
      code: 'n = int(input())\n',
      runnable: true,
      judge: true,
      enableStdin: true,
      solution: `# ${SOLUTION_MARK}\nn = int(input())\nprint(n * (n + 1) // 2)\n`,
      testCases: [
        { input: '4\n', output: '10\n', hidden: false, comparison: 'trimmed' },
        { input: `${HIDDEN_INPUT}\n`, output: `${HIDDEN_OUTPUT}\n`, hidden: true, comparison: 'trimmed' },
      ],
      ...extra,
    }),
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  runner = createRunner({ slots: 1, queueSize: 8, uidBase: 64900 });
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
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
      sumExercise('authored', { hints: AUTHOR_HINTS, showSolution: true }),
      sumExercise('facts', {}),
      sumExercise('cpp', { language: 'c++', code: 'int main() {}\n' }),
      {
        type: 'Code',
        comp_id: 'plain',
        content: CodeWidgetContentSchema.parse({ language: 'python3', runnable: true }),
      },
    ],
  });
});
afterAll(async () => {
  await app.close();
  await runner.close();
  await t.close();
});

function widget(compId: string) {
  return {
    author_id: course.author.id,
    collection_id: course.collection.id,
    page_id: course.pageIds[0] as number,
    comp_id: compId,
  };
}

async function hint(client: TestClient, compId: string, source_code: string): Promise<TutorHintResponse> {
  const response = await client.post('/api/ai/tutor/hint', { widget: widget(compId), source_code });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TutorHintResponse;
}

const WRONG = 'n = int(input())\nprint(n * n)\n';
const RIGHT = 'n = int(input())\nprint(n * (n + 1) // 2)\n';

describe('POST /api/ai/tutor/hint', () => {
  it('asks logged-out visitors to log in', async () => {
    const response = await new TestClient(app).post('/api/ai/tutor/hint', {
      widget: widget('facts'),
      source_code: WRONG,
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a widget that is neither an exercise nor has hints, and unknown fields', async () => {
    const { client } = await signUp(app);
    const plain = await client.post('/api/ai/tutor/hint', {
      widget: widget('plain'),
      source_code: 'print(1)\n',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ errorText: TutorMessages.NotAnExercise });
    const extra = await client.post('/api/ai/tutor/hint', {
      widget: widget('facts'),
      source_code: WRONG,
      solution: true,
    });
    expect(extra.statusCode).toBe(400);
  });

  it("climbs the author's hints one rung at a time, then points at the solution the author opened", async () => {
    const { client } = await signUp(app);
    const first = await hint(client, 'authored', WRONG);
    expect(first).toMatchObject({ status: 'hint', level: 1, of: 2, text: AUTHOR_HINTS[0], source: 'author' });
    expect(first.tests).toEqual({ passed: 0, total: 2 });
    const second = await hint(client, 'authored', WRONG);
    expect(second).toMatchObject({ status: 'hint', level: 2, text: AUTHOR_HINTS[1] });
    const end = await hint(client, 'authored', WRONG);
    expect(end).toMatchObject({ status: 'exhausted', level: 2, text: TutorMessages.ExhaustedWithSolution });
    // The ladder is the learner's own: another learner starts at the bottom.
    const { client: other } = await signUp(app);
    expect(await hint(other, 'authored', WRONG)).toMatchObject({ level: 1 });
  });

  it('gives no hint for code that passes, and does not climb for it', async () => {
    const { client } = await signUp(app);
    const passing = await hint(client, 'facts', RIGHT);
    expect(passing).toMatchObject({ status: 'passing', level: 0, text: TutorMessages.Passing, source: null });
    expect(passing.tests).toEqual({ passed: 2, total: 2 });
    expect(await hint(client, 'facts', WRONG)).toMatchObject({ status: 'hint', level: 1 });
  });

  it("builds the platform's ladder from the failing test: nudge, pointer, first difference; never hidden data", async () => {
    const { client } = await signUp(app);
    const rungs = [
      await hint(client, 'facts', WRONG),
      await hint(client, 'facts', WRONG),
      await hint(client, 'facts', WRONG),
    ];
    expect(rungs.map((rung) => [rung.level, rung.of, rung.source])).toEqual([
      [1, 3, 'facts'],
      [2, 3, 'facts'],
      [3, 3, 'facts'],
    ]);
    expect(rungs[0]?.text).toContain('test 1');
    expect(rungs[0]?.text).not.toContain('16');
    // Rung 2 shows the visible case: input 4, expected 10, printed 16.
    expect(rungs[1]?.text).toMatch(/"4⏎?".*"10⏎?".*"16⏎?"/);
    expect(rungs[2]?.text).toContain('line 1');
    const end = await hint(client, 'facts', WRONG);
    expect(end).toMatchObject({ status: 'exhausted', text: TutorMessages.Exhausted });
    const all = JSON.stringify([...rungs, end]);
    for (const secret of [HIDDEN_INPUT, HIDDEN_OUTPUT, SOLUTION_MARK]) expect(all).not.toContain(secret);
  });

  it('names only the fact of a failing hidden test once the visible one passes', async () => {
    const { client } = await signUp(app);
    const hiddenOnly = 'n = int(input())\nprint(10)\n';
    const first = await hint(client, 'facts', hiddenOnly);
    expect(first.text).toContain('hidden test');
    const later = [await hint(client, 'facts', hiddenOnly), await hint(client, 'facts', hiddenOnly)];
    const all = JSON.stringify([first, ...later]);
    for (const secret of [HIDDEN_INPUT, HIDDEN_OUTPUT, SOLUTION_MARK]) expect(all).not.toContain(secret);
  });

  it("points at the compiler's first message and the learner's line for code that does not compile", async () => {
    const { client } = await signUp(app);
    const broken = 'int main() {\n  int x = 1\n  return 0;\n}\n';
    const first = await hint(client, 'cpp', broken);
    expect(first.text).toContain('does not compile');
    const second = await hint(client, 'cpp', broken);
    expect(second.text).toMatch(/line [23]/);
  });

  it('keeps the hints out of the lesson a reader receives, giving only their count', async () => {
    const { client } = await signUp(app);
    const response = await client.get(
      `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${course.pageIds[0]}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const lesson = response.json() as Lesson;
    const authored = lesson.page.components.find((component) => component.comp_id === 'authored');
    expect(authored?.content).toMatchObject({ hintCount: 2 });
    expect(response.body).not.toContain(AUTHOR_HINTS[1]);
  });

  it('refuses more hints than the ladder holds, or a hint that is too long, in the stored widget', () => {
    const base = {
      language: 'python3',
      hints: Array.from({ length: TutorLimits.hintsPerExercise + 1 }, () => 'x'),
    };
    expect(CodeWidgetContentSchema.safeParse(base).success).toBe(false);
    expect(
      CodeWidgetContentSchema.safeParse({
        language: 'python3',
        hints: ['x'.repeat(TutorLimits.hintCharacters + 1)],
      }).success,
    ).toBe(false);
  });
});

describe('GET /api/ai/tutor/log/{author}/{collection}', () => {
  it("shows the course's editors every hint and review given, and nobody else", async () => {
    const { client: learner } = await signUp(app, { full_name: 'Logged Learner' });
    await hint(learner, 'facts', WRONG);
    const review = await learner.post('/api/code/review/feedback', {
      language: 'python3',
      source_code: WRONG,
      widget: widget('facts'),
    });
    expect(review.statusCode, review.body).toBe(200);

    const author = new TestClient(app);
    const login = await author.post('/api/user/login', {
      email: course.author.email,
      password: course.author.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    const response = await author.get(`/api/ai/tutor/log/${course.author.id}/${course.collection.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const log = response.json() as TutorLogResponse;
    const mine = log.entries.filter((entry) => entry.learner_name === 'Logged Learner');
    expect(mine.map((entry) => entry.kind).sort()).toEqual(['hint', 'review']);
    expect(mine.find((entry) => entry.kind === 'hint')).toMatchObject({
      level: 1,
      source: 'facts',
      comp_id: 'facts',
      lesson_title: 'Lesson 1',
      tests: { passed: 0, total: 2 },
    });

    const outsider = await learner.get(`/api/ai/tutor/log/${course.author.id}/${course.collection.id}`);
    expect(outsider.statusCode).toBe(404);
    const loggedOut = await new TestClient(app).get(
      `/api/ai/tutor/log/${course.author.id}/${course.collection.id}`,
    );
    expect(loggedOut.statusCode).toBe(401);
  });
});
