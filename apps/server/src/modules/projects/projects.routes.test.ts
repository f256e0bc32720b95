import type { ProjectOverview, ProjectTaskResponse, TaskOutcome } from '@coderoom/contracts';
import { ContentMessages, ProjectAttemptMode } from '@coderoom/domain';
import { createRunner, type Runner } from '@coderoom/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildCourse, findUser, packageImportDeps } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { importProject, type ProjectManifest } from './projects.package.js';

// Projects through the HTTP API against a real database, with checks and evaluations judged in the
// real sandbox (bubblewrap must be installed, scripts/install-runner-deps.sh).

const SECRET_INPUT = 'hidden evaluation text 7319';
// Digits no timing or count in an answer contains, so their absence proves the hidden case stays hidden.
const HIDDEN_CASE = '31337 40009\n';
const HIDDEN_OUTPUT = '71346\n';

let t: TestApp;
let runner: Runner;
let app: TestApp['app'];
let base: string;
let encodedId: string;
let tasks: ProjectOverview['tasks'];

function manifest(authorEmail: string, courseSlug: string): ProjectManifest {
  return {
    title: 'Shouting Tool',
    summary: 'Make text louder.',
    description: 'A **small** command-line project.',
    difficulty: 'medium',
    language_topic: 'Python',
    language: 'python3',
    tags: ['python'],
    author: authorEmail,
    pre_reqs: ['Reading standard input'],
    pre_requisite_projects: [],
    relevant_courses: [courseSlug],
    files: [
      { name: 'sample.txt', content: 'hi there\n', learner: true },
      { name: 'input.txt', content: `${SECRET_INPUT}\n`, learner: false },
      { name: 'output.txt', content: `${SECRET_INPUT.toUpperCase()}\n`, learner: false },
    ],
    tasks: [
      {
        title: 'Add two numbers',
        type: 'code_widget',
        instructions: 'Print the sum of two numbers.',
        guide: 'Use `split()` and `int()`.',
        starter_code: 'print(0)\n',
        solution: 'a, b = map(int, input().split())\nprint(a + b)\n',
        enable_stdin: true,
        live_tests: [],
        test_cases: [
          { input: '1 2\n', output: '3\n', hidden: false },
          { input: HIDDEN_CASE, output: HIDDEN_OUTPUT, hidden: true },
        ],
      },
      {
        title: 'Shout',
        type: 'code_evaluation',
        instructions: 'Print the input in capitals.',
        starter_code: 'print(input())\n',
        enable_stdin: true,
        live_tests: [],
        test_cases: [],
        evaluation_input: 'input.txt',
        evaluation_output: 'output.txt',
      },
      {
        title: 'Style the page',
        type: 'runjs',
        instructions: 'Make it pretty, then mark it done.',
        enable_stdin: false,
        live_tests: [],
        test_cases: [],
        runjs: { html: '<h1>Hi</h1>', css: '', js: '' },
      },
    ],
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  runner = createRunner({ slots: 1, queueSize: 16, uidBase: 64960 });
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database: t.database,
    mailer: t.mailer,
    runner,
    clock: t.clock,
    logger: false,
  });
  await app.ready();
  const signedUp = await signUp(app, { full_name: 'Project Author' });
  // Relevant courses are named by slug among the project author's own collections.
  const projectAuthor = await findUser(t.database, signedUp.email);
  await buildCourse(t.database, {
    author: { ...projectAuthor, password: '' },
    title: 'Python Basics',
    slug: 'python-basics',
    topic: 'Python',
  });
  const pkg = {
    file: 'shout.yaml',
    slug: 'shouting-tool',
    manifest: manifest(signedUp.email, 'python-basics'),
  };
  const { collectionId, projectId, created } = await importProject(packageImportDeps(t.database), pkg);
  expect(created).toBe(true);
  expect(await importProject(packageImportDeps(t.database), pkg)).toEqual({
    collectionId,
    projectId: null,
    created: false,
  });
  base = `/api/project/${projectAuthor.id}/${collectionId}/${projectId}`;
  const listing = (await new TestClient(app).get('/api/reader/featured_items?type=projects')).json();
  encodedId = listing.items[0].encoded_id;
  tasks = ((await new TestClient(app).get(base)).json() as ProjectOverview).tasks;
});
afterAll(async () => {
  await app.close();
  await runner.close();
  await t.close();
});

async function begin(client: TestClient, mode: number = ProjectAttemptMode.Guided) {
  const beginUrl = base.replace('/api/project/', '/api/project/begin/');
  const response = await client.post(beginUrl, { mode });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().progress as { current_attempt: number; mode: number };
}

function taskUrl(index: number) {
  return `${base}/${tasks[index]?.component_id}`;
}

describe('project overview', () => {
  it('lists the project in explore under /projects and shows what a visitor may see', async () => {
    const visitor = new TestClient(app);
    const listing = (await visitor.get('/api/reader/featured_items?type=projects')).json();
    expect(listing.items.map((item: { title: string }) => item.title)).toEqual(['Shouting Tool']);
    expect(listing.items[0].url).toBe(`/projects/shouting-tool/${encodedId}`);

    const response = await visitor.get(`/api/projects/${encodedId}`);
    expect(response.statusCode).toBe(200);
    const overview = response.json() as ProjectOverview;
    expect(overview).toMatchObject({
      title: 'Shouting Tool',
      difficulty: 'medium',
      pre_reqs: ['Reading standard input'],
      progress: null,
      can_edit: false,
      udata_files: [{ name: 'sample.txt', content: 'hi there\n' }],
    });
    expect(overview.relevant_courses.map((course) => course.title)).toEqual(['Python Basics']);
    expect(overview.tasks.map((task) => [task.title, task.type, task.status])).toEqual([
      ['Add two numbers', 'code_widget', 'default'],
      ['Shout', 'code_evaluation', 'default'],
      ['Style the page', 'runjs', 'default'],
    ]);
    expect(overview.tasks[0]?.url).toBe(`${base.replace('/api', '')}/${overview.tasks[0]?.component_id}`);
    expect((await visitor.get(base)).json()).toEqual(overview);
    // The evaluation files never leave the server.
    expect(response.body).not.toContain(SECRET_INPUT);
    expect(response.body).not.toContain(SECRET_INPUT.toUpperCase());
  });

  it('is a 404 for an unknown project or encoded id, and tasks need a signed-in learner', async () => {
    const visitor = new TestClient(app);
    expect((await visitor.get('/api/projects/zzzzzzzzzz')).statusCode).toBe(404);
    expect((await visitor.get(`${base}9`)).statusCode).toBe(404);
    expect((await visitor.get(taskUrl(0))).statusCode).toBe(401);
    expect(
      (await visitor.post(base.replace('/api/project/', '/api/project/begin/'), { mode: 2001 })).statusCode,
    ).toBe(401);
  });
});

describe('attempts and progress', () => {
  it('shows the guide in guided attempts only, and never the protected content', async () => {
    const { client } = await signUp(app);
    const before = (await client.get(taskUrl(0))).json() as ProjectTaskResponse;
    expect(before.progress).toMatchObject({ mode: null, current_attempt: 0, source_code: null });
    expect(before.component.guide).toEqual([]);

    expect(await begin(client, ProjectAttemptMode.Guided)).toMatchObject({ mode: 2001, current_attempt: 1 });
    const guided = await client.get(taskUrl(0));
    const task = guided.json() as ProjectTaskResponse;
    expect(task.component).toMatchObject({ number: 1, isProject: true, completion: 'check' });
    expect(task.component.guide).toHaveLength(1);
    expect(task.component.codeContent).toMatchObject({
      language: 'python3',
      code: 'print(0)\n',
      testCases: [{ input: '1 2\n', output: '3\n' }],
      hiddenTestCount: 1,
    });
    expect(guided.body).not.toContain('31337');
    expect(guided.body).not.toContain('protected');
    expect(guided.body).not.toContain('a + b');
    const evaluation = await client.get(taskUrl(1));
    expect(evaluation.body).not.toContain(SECRET_INPUT);
    expect(evaluation.body).not.toContain('FileId');

    await begin(client, ProjectAttemptMode.Unguided);
    expect(((await client.get(taskUrl(0))).json() as ProjectTaskResponse).component.guide).toEqual([]);
  });

  it('saves the code of a task and gives it back; a write from before a reset is refused', async () => {
    const { client } = await signUp(app);
    const early = await client.post(`${taskUrl(0)}/progress`, { current_attempt: 1, source_code: 'x' });
    expect(early.statusCode).toBe(400);
    await begin(client);
    const saved = await client.post(`${taskUrl(0)}/progress`, {
      current_attempt: 1,
      source_code: 'print("draft")',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await client.get(`${taskUrl(0)}/progress`)).json()).toEqual({
      mode: 2001,
      current_attempt: 1,
      source_code: 'print("draft")',
      status: 'default',
    });
    expect(((await client.get(taskUrl(0))).json() as ProjectTaskResponse).progress.source_code).toBe(
      'print("draft")',
    );
    // Another learner's progress is their own.
    const other = await signUp(app);
    expect((await other.client.get(`${taskUrl(0)}/progress`)).json().source_code).toBeNull();

    const reset = await client.post(`${base}/reset`);
    expect(reset.json().progress).toMatchObject({ mode: null, current_attempt: 2, completed: 0 });
    await begin(client);
    const stale = await client.post(`${taskUrl(0)}/progress`, { current_attempt: 1, source_code: 'old tab' });
    expect(stale.statusCode).toBe(409);
    expect((await client.get(`${taskUrl(0)}/progress`)).json()).toMatchObject({
      current_attempt: 2,
      source_code: null,
    });
  });

  it('completes tasks on the server: checks, evaluation, mark done; then the project is done', async () => {
    const { client } = await signUp(app);
    await begin(client);

    const wrong = await client.post(`${taskUrl(0)}/check`, { current_attempt: 1, source_code: 'print(3)' });
    expect(wrong.statusCode, wrong.body).toBe(200);
    const failed = wrong.json() as TaskOutcome;
    expect(failed.status).toBe('default');
    expect(failed.judge).toMatchObject({ passed: 1, total: 2, all_passed: false });
    // The hidden case is reported by verdict only: no input, expected or actual output.
    const hiddenCase = failed.judge?.cases.find((entry) => entry.hidden);
    expect(hiddenCase).toMatchObject({ verdict: 'wrong_answer' });
    expect(hiddenCase).not.toHaveProperty('input');
    expect(hiddenCase).not.toHaveProperty('expected_output');
    expect(hiddenCase).not.toHaveProperty('actual_output');
    expect(wrong.body).not.toContain('31337');
    expect(wrong.body).not.toContain('71346');

    const solution = 'a, b = map(int, input().split())\nprint(a + b)\n';
    const right = (
      await client.post(`${taskUrl(0)}/check`, { current_attempt: 1, source_code: solution })
    ).json() as TaskOutcome;
    expect(right).toMatchObject({ status: 'completed', summary: { completed: 1, total: 3, is_done: false } });
    expect((await client.get(`${taskUrl(0)}/progress`)).json().source_code).toBe(solution);

    // A checked task cannot simply be marked done; an evaluation is not a check.
    expect((await client.post(`${taskUrl(1)}/complete`, { current_attempt: 1 })).statusCode).toBe(400);
    expect(
      (await client.post(`${taskUrl(1)}/check`, { current_attempt: 1, source_code: 'x' })).statusCode,
    ).toBe(400);

    const echo = await client.post(`${taskUrl(1)}/evaluate`, {
      current_attempt: 1,
      source_code: 'print(input())',
    });
    expect(echo.statusCode, echo.body).toBe(200);
    expect(echo.json()).toMatchObject({ status: 'default', evaluation: { verdict: 'wrong_answer' } });
    expect(echo.body).not.toContain(SECRET_INPUT);
    const shout = await client.post(`${taskUrl(1)}/evaluate`, {
      current_attempt: 1,
      source_code: 'print(input().upper())',
    });
    expect(shout.json()).toMatchObject({ status: 'completed', evaluation: { verdict: 'passed' } });
    expect(shout.body).not.toContain(SECRET_INPUT.toUpperCase());

    const done = (await client.post(`${taskUrl(2)}/complete`, { current_attempt: 1 })).json() as TaskOutcome;
    expect(done).toMatchObject({ status: 'completed', summary: { completed: 3, total: 3, is_done: true } });
    const overview = (await client.get(base)).json() as ProjectOverview;
    expect(overview.tasks.every((task) => task.status === 'completed')).toBe(true);
    expect(overview.progress?.is_done).toBe(true);

    // Reset (the page asks first: the spec's confirmation) clears it all.
    expect(ContentMessages.ResetProjectConfirm).toBe('Are you sure you want to reset this project?');
    await client.post(`${base}/reset`);
    const after = (await client.get(base)).json() as ProjectOverview;
    expect(after.progress).toMatchObject({ mode: null, current_attempt: 2, completed: 0, is_done: false });
    expect(after.tasks.every((task) => task.status === 'default')).toBe(true);
  });
});
