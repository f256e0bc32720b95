import type {
  EditorProject,
  ProjectOverview,
  SaveEditorProjectRequest,
  SaveEditorTaskRequest,
  SaveEditorTaskResponse,
} from '@coderoom/contracts';
import { ErrorMessages, ProjectAttemptMode, ProjectMessages } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EtagMessages } from '../../platform/http/etag.js';
import { buildUser, packageImportDeps } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { ProjectErrors } from './projects.errors.js';
import { importProject } from './projects.package.js';

// The project editor through the HTTP API against a real database: who may read and write a project,
// what a task must hold (the spec's messages), eTags on concurrent edits, and learners' progress kept.

const SECRET_INPUT = 'protected evaluation text 5521';
const SOLUTION = 'print(input().upper())\n';

let t: TestApp;
let author: TestClient;
let base: string;
let projectUrl: string;
let learnerBase: string;

async function read(client = author): Promise<EditorProject> {
  const response = await client.get(projectUrl);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EditorProject;
}

const task = (overrides: Partial<SaveEditorTaskRequest> = {}): SaveEditorTaskRequest => ({
  title: 'Read the docs',
  type: 'url_iframe',
  url: 'https://example.com/docs',
  ...overrides,
});

/** A task save with `etag` in the eTag header: by default the project's current one; null sends none. */
async function saveTask(componentId: number | 'new', body: unknown, etag?: string | null, client = author) {
  const sent = etag === undefined ? (await read()).etag : etag;
  return client.request(
    'PUT',
    `${base}/project_component/${componentId}`,
    body,
    sent === null ? {} : { headers: { etag: `"${sent}"` } },
  );
}

function projectBody(project: EditorProject, overrides: Partial<SaveEditorProjectRequest> = {}) {
  return {
    title: project.title,
    summary: project.summary,
    difficulty: project.difficulty,
    description: project.description,
    pre_reqs: project.pre_reqs,
    pre_requisite_projects: project.pre_requisite_projects,
    relevant_courses: project.relevant_courses,
    udata_files: project.udata_files,
    component_ids: project.tasks.map((item) => item.component_id),
    ...overrides,
  } satisfies SaveEditorProjectRequest;
}

beforeAll(async () => {
  t = await buildTestApp();
  const user = await buildUser(t.database, { fullName: 'Project Author' });
  const { collectionId, projectId } = await importProject(packageImportDeps(t.database), {
    file: 'shout.yaml',
    slug: 'shout-editor',
    manifest: {
      title: 'Shout Editor',
      summary: 'Make text louder.',
      description: 'A **small** project.',
      difficulty: 'easy',
      language_topic: 'Python',
      language: 'python3',
      tags: [],
      author: user.email,
      pre_reqs: ['Standard input'],
      pre_requisite_projects: [],
      relevant_courses: [],
      files: [
        { name: 'sample.txt', content: 'hi\n', learner: true },
        { name: 'input.txt', content: `${SECRET_INPUT}\n`, learner: false },
        { name: 'output.txt', content: `${SECRET_INPUT.toUpperCase()}\n`, learner: false },
      ],
      tasks: [
        {
          title: 'Add two numbers',
          type: 'code_widget',
          instructions: 'Print the sum.',
          starter_code: 'print(0)\n',
          solution: 'a, b = map(int, input().split())\nprint(a + b)\n',
          enable_stdin: true,
          live_tests: [],
          test_cases: [
            { input: '1 2\n', output: '3\n', hidden: false },
            { input: '40 2\n', output: '42\n', hidden: true },
          ],
        },
        {
          title: 'Shout',
          type: 'code_evaluation',
          instructions: 'Print the input in capitals.',
          starter_code: 'print(input())\n',
          solution: SOLUTION,
          enable_stdin: true,
          live_tests: [],
          test_cases: [],
          evaluation_input: 'input.txt',
          evaluation_output: 'output.txt',
        },
      ],
    },
  });
  if (!projectId) throw new Error('project not imported');
  base = `/api/author/${user.id}/collection/${collectionId}`;
  projectUrl = `${base}/project/${projectId}`;
  learnerBase = `/api/project/${user.id}/${collectionId}/${projectId}`;
  author = new TestClient(t.app);
  const login = await author.post('/api/user/login', { email: user.email, password: user.password });
  expect(login.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('project editor', () => {
  it('shows its editors the project with every task whole, protected content included, and the eTag', async () => {
    const response = await author.get(projectUrl);
    expect(response.statusCode).toBe(200);
    const project = response.json() as EditorProject;
    expect(response.headers.etag).toBe(`"${project.etag}"`);
    expect(project).toMatchObject({ title: 'Shout Editor', difficulty: 'easy', can_edit: true });
    expect(project.tasks.map((item) => [item.title, item.type, item.position])).toEqual([
      ['Add two numbers', 'code_widget', 0],
      ['Shout', 'code_evaluation', 1],
    ]);
    expect(project.tasks[0]?.protected_content.test_cases).toEqual([
      { input: '1 2\n', output: '3\n', hidden: false },
      { input: '40 2\n', output: '42\n', hidden: true },
    ]);
    expect(project.tasks[1]?.protected_content.solution).toBe(SOLUTION);
    expect(response.body).toContain(SECRET_INPUT);
    // Learners read the same project without any of it.
    const { client: learner } = await signUp(t.app);
    const overview = await learner.get(learnerBase);
    expect(overview.statusCode).toBe(200);
    expect(overview.body).not.toContain(SECRET_INPUT);
    expect(overview.body).not.toContain('40 2');
    const taskView = await learner.get(`${learnerBase}/${project.tasks[1]?.component_id}`);
    expect(taskView.body).not.toContain(SOLUTION.trim());
  });

  it('answers invalid tasks with the spec messages per field and stores nothing', async () => {
    const before = await read();
    const evaluation = before.tasks[1];
    if (!evaluation) throw new Error('no evaluation task');
    const code = { comp_id: 'c1', language: 'python3' as const, code: '' };
    const cases: Array<[SaveEditorTaskRequest, Record<string, string>]> = [
      [task({ url: 'not a url' }), { url: ProjectMessages.InvalidUrl }],
      [task({ url: 'javascript:alert(1)' }), { url: 'Enter a valid URL' }],
      [task({ url: null }), { url: 'Enter a valid URL' }],
      [
        task({ type: 'code_evaluation', url: null, codeContent: code }),
        {
          evaluationInputFileId: 'Please select evaluation input file',
          evaluationOutputFileId: 'Please select evaluation output file',
        },
      ],
      [
        task({
          type: 'code_evaluation',
          codeContent: code,
          protected_content: { evaluationInputFileId: 99_999_999, evaluationOutputFileId: 99_999_998 },
        }),
        {
          evaluationInputFileId: ProjectMessages.EvaluationInputRequired,
          evaluationOutputFileId: ProjectMessages.EvaluationOutputRequired,
        },
      ],
      [task({ type: 'code_widget' }), { codeContent: ProjectErrors.CodeContentRequired }],
      [task({ type: 'terminal' }), { live: ProjectErrors.LiveSettingsRequired }],
      [
        task({
          type: 'workspace',
          live: { image: 'coderoom/python/3', files: [{ path: '../x', content: '' }] },
        }),
        { live: ProjectErrors.LiveFilePathInvalid, app_port: ProjectErrors.AppPortRequired },
      ],
    ];
    for (const [body, errors] of cases) {
      for (const componentId of ['new', evaluation.component_id] as const) {
        const response = await saveTask(componentId, { ...body, project_id: before.project_id });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().errors).toEqual(errors);
      }
    }
    const blank = await saveTask('new', task({ title: '  ' }));
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors)).toContain('title');
    const after = await read();
    expect(after.etag).toBe(before.etag);
    expect(after.tasks).toEqual(before.tasks);
  });

  it('adds a task at the end, saves changes to it, and keeps its id', async () => {
    const before = await read();
    const created = await saveTask('new', { ...task(), project_id: before.project_id }, before.etag);
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json() as SaveEditorTaskResponse;
    expect(saved.task).toMatchObject({ title: 'Read the docs', type: 'url_iframe', position: 2 });
    expect(saved.etag).not.toBe(before.etag);

    const edited = await saveTask(
      saved.task.component_id,
      task({ title: 'Read the guide', url: 'http://example.com/guide' }),
      saved.etag,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await read();
    expect(after.etag).toBe((edited.json() as SaveEditorTaskResponse).etag);
    expect(after.tasks.at(-1)).toMatchObject({
      component_id: saved.task.component_id,
      title: 'Read the guide',
      url: 'http://example.com/guide',
    });
    const overview = (await new TestClient(t.app).get(learnerBase)).json() as ProjectOverview;
    expect(overview.tasks.at(-1)).toMatchObject({ title: 'Read the guide', type: 'url_iframe' });
  });

  it('saves the project fields and the task order with the current eTag only', async () => {
    const seen = await read();
    const reversed = seen.tasks.map((item) => item.component_id).reverse();
    const put = (body: unknown, etag?: string) =>
      author.request('PUT', projectUrl, body, etag ? { headers: { 'if-match': `"${etag}"` } } : {});

    expect((await put(projectBody(seen))).statusCode).toBe(400); // no eTag
    const missing = await put(projectBody(seen, { component_ids: reversed.slice(1) }), seen.etag);
    expect(missing.json().errors).toEqual({ component_ids: ProjectErrors.OrderMismatch });
    const strangeFile = await put(projectBody(seen, { udata_files: [1] }), seen.etag);
    expect(strangeFile.json().errors).toEqual({ udata_files: ProjectErrors.UnknownDataFile });

    const saved = await put(
      projectBody(seen, {
        title: 'Shout Louder',
        difficulty: 'hard',
        pre_reqs: ['Strings', ' '],
        component_ids: reversed,
      }),
      seen.etag,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await read();
    expect(after.etag).toBe((saved.json() as EditorProject).etag);
    expect(after).toMatchObject({ title: 'Shout Louder', difficulty: 'hard', pre_reqs: ['Strings'] });
    expect(after.tasks.map((item) => item.component_id)).toEqual(reversed);
    expect(after.tasks.map((item) => item.position)).toEqual(reversed.map((_, index) => index));
    const overview = (await new TestClient(t.app).get(learnerBase)).json() as ProjectOverview;
    expect(overview.tasks.map((item) => item.component_id)).toEqual(reversed);

    // Back in the imported order for the tests that follow.
    const restored = await put(projectBody(after, { component_ids: [...reversed].reverse() }), after.etag);
    expect(restored.statusCode).toBe(200);
  });

  it('refuses a write based on a stale eTag with the spec conflict text, and one without an eTag', async () => {
    const seen = await read();
    const first = seen.tasks[0];
    const last = seen.tasks.at(-1);
    if (!first || !last) throw new Error('no tasks');
    const other = await saveTask(last.component_id, task({ title: 'Edited elsewhere' }), seen.etag);
    expect(other.statusCode).toBe(200);

    const stale = await saveTask(last.component_id, task({ title: 'Mine' }), seen.etag);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(ErrorMessages.ContentJustUpdated);
    const staleProject = await author.request('PUT', projectUrl, projectBody(seen), {
      headers: { 'if-match': seen.etag },
    });
    expect(staleProject.statusCode).toBe(409);
    expect(staleProject.json().errorText).toBe(
      'This content was just updated. Refresh the page to get latest content',
    );
    const staleDelete = await author.request(
      'DELETE',
      `${base}/project_component/${first.component_id}`,
      undefined,
      {
        headers: { 'if-match': seen.etag },
      },
    );
    expect(staleDelete.statusCode).toBe(409);
    expect((await read()).tasks.at(-1)?.title).toBe('Edited elsewhere');

    const missing = await saveTask(last.component_id, task({ title: 'Mine' }), null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ etag: EtagMessages.Required });
    // The Conflicts dialog's Save: the current eTag, read anew, overwrites.
    const overwrite = await saveTask(last.component_id, task({ title: 'Mine' }), (await read()).etag);
    expect(overwrite.statusCode).toBe(200);
    expect((await read()).tasks.at(-1)?.title).toBe('Mine');
  });

  it("keeps learners' progress through edits, and drops a deleted task from their count", async () => {
    const { client: learner } = await signUp(t.app);
    const begun = await learner.post(learnerBase.replace('/api/project/', '/api/project/begin/'), {
      mode: ProjectAttemptMode.Unguided,
    });
    expect(begun.statusCode, begun.body).toBe(200);
    const seen = await read();
    const [first, , last] = seen.tasks;
    if (!first || !last) throw new Error('no tasks');
    const progressUrl = `${learnerBase}/${first.component_id}/progress`;
    const stored = await learner.post(progressUrl, { current_attempt: 1, source_code: 'print(3)\n' });
    expect(stored.statusCode, stored.body).toBe(200);
    const done = await learner.post(`${learnerBase}/${last.component_id}/complete`, { current_attempt: 1 });
    expect(done.statusCode, done.body).toBe(200);

    const edited = await saveTask(first.component_id, {
      title: 'Add two numbers, again',
      type: 'code_widget',
      codeContent: { comp_id: 'sum', language: 'python3', code: 'print(1)\n' },
      protected_content: { test_cases: [{ input: '1 1\n', output: '2\n', hidden: true }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const progress = (await learner.get(progressUrl)).json();
    expect(progress).toMatchObject({ current_attempt: 1, source_code: 'print(3)\n' });
    const before = (await learner.get(learnerBase)).json() as ProjectOverview;
    expect(before.progress).toMatchObject({ completed: 1, total: 3 });

    const url = `${base}/project_component/${last.component_id}`;
    const current = await read();
    expect((await author.request('DELETE', url)).statusCode).toBe(400); // no eTag
    const deleted = await author.request('DELETE', url, undefined, { headers: { 'if-match': current.etag } });
    expect(deleted.statusCode).toBe(200);
    const after = await read();
    expect(after.etag).toBe(deleted.json().etag);
    expect(after.tasks.map((item) => item.component_id)).not.toContain(last.component_id);
    const again = await author.request('DELETE', url, undefined, { headers: { 'if-match': after.etag } });
    expect(again.statusCode).toBe(404);
    const overview = (await learner.get(learnerBase)).json() as ProjectOverview;
    expect(overview.progress).toMatchObject({ completed: 0, total: 2 });
    expect((await learner.get(progressUrl)).json()).toMatchObject({ source_code: 'print(3)\n' });
  });

  it('lets only editors write: readers 403, visitors 401, viewers read only, non-projects 404', async () => {
    const seen = await read();
    const { client: learner } = await signUp(t.app);
    const learnerRead = await learner.get(projectUrl);
    expect(learnerRead.statusCode).toBe(403);
    expect(learnerRead.json().errorText).toBe(ProjectErrors.NotAnEditor);
    expect(learnerRead.body).not.toContain(SECRET_INPUT);
    expect(
      (await saveTask('new', { ...task(), project_id: seen.project_id }, undefined, learner)).statusCode,
    ).toBe(403);
    expect(
      (await learner.request('PUT', projectUrl, projectBody(seen), { headers: { 'if-match': seen.etag } }))
        .statusCode,
    ).toBe(403);
    expect((await new TestClient(t.app).get(projectUrl)).statusCode).toBe(401);

    const { client: viewer, email } = await signUp(t.app);
    const invited = await author.post(`${base}/collaborators`, { email, role: 'collaborator' });
    expect(invited.statusCode, invited.body).toBe(201);
    const viewed = await read(viewer);
    expect(viewed.can_edit).toBe(false);
    expect(viewed.tasks[0]?.protected_content.test_cases.length).toBeGreaterThan(0);
    expect(
      (await saveTask('new', { ...task(), project_id: seen.project_id }, undefined, viewer)).statusCode,
    ).toBe(403);
    const viewerDelete = await viewer.request(
      'DELETE',
      `${base}/project_component/${seen.tasks[0]?.component_id}`,
      undefined,
      { headers: { 'if-match': seen.etag } },
    );
    expect(viewerDelete.statusCode).toBe(403);

    // Only project collections have a project editor; unknown projects are 404 to everyone.
    const { client: stranger } = await signUp(t.app);
    const draft = await author.post('/api/author/collection?work_type=course', { title: 'Not a project' });
    expect(draft.statusCode).toBe(201);
    const courseUrl = projectUrl.replace(/collection\/\d+/, `collection/${draft.json().collection_id}`);
    expect((await author.get(courseUrl)).statusCode).toBe(404);
    expect((await stranger.get(courseUrl)).statusCode).toBe(404);
    expect((await author.get(`${projectUrl}9`)).statusCode).toBe(404);
  });
});

describe('a project created on /teach', () => {
  it('gets its project on the first POST …/project, the same one afterwards, and opens in the editor', async () => {
    const created = await author.post('/api/author/collection?work_type=standalone_project', {
      title: 'Word Counter',
    });
    expect(created.statusCode).toBe(201);
    const { author_id: authorId, collection_id: collectionId } = created.json();
    const url = `/api/author/${authorId}/collection/${collectionId}/project`;

    const first = await author.post(url);
    expect(first.statusCode).toBe(201);
    const again = await author.post(url);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ project_id: first.json().project_id, created: false });

    const opened = await author.get(`${url}/${first.json().project_id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ title: 'Word Counter', tasks: [] });

    const listed = await author.get('/api/author/collections');
    const row = listed
      .json()
      .items.find((item: { collection_id: number }) => item.collection_id === collectionId);
    expect(row.editor_url).toBe(`/projecteditor/${authorId}/${collectionId}/${first.json().project_id}`);

    const { client: stranger } = await signUp(t.app);
    expect((await stranger.post(url)).statusCode).toBe(404);
    expect((await new TestClient(t.app).post(url)).statusCode).toBe(401);
  });
});
