import { ContainerMessages, WorkType } from '@coderoom/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { findUser, packageImportDeps } from '../../test/factories.js';
import { openTestDatabase, signUp, type TestClient, TestClock } from '../../test/harness.js';
import { importCloudLab } from '../cloudlabs/cloudlabs.package.js';
import { importProject } from '../projects/projects.package.js';
import { FakeDriver } from './containers.fakeDriver.js';

// Several live sandboxes per learner (docs/containers.md "Several sandboxes per learner"): a project and a
// cloud lab at once; one cloud lab at a time; at the per-user limit the refusal names what runs and lists
// it to stop. Over the fake driver, with real projects and labs in the database.

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
const driver = new FakeDriver();
let authorEmail: string;
let authorId: number;

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  database = opened.database;
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: { mode: 'dev', send: async () => undefined } as never,
    clock: new TestClock(),
    instances: driver,
    logger: false,
  });
  await app.ready();
  const author = await signUp(app, { full_name: 'Sandbox Author' });
  authorEmail = author.email;
  authorId = (await findUser(database, authorEmail)).id;
});
afterAll(async () => {
  await app.close();
  await drop();
});

async function importLab(title: string) {
  const imported = await importCloudLab(packageImportDeps(database), {
    file: 'lab.yaml',
    slug: title.toLowerCase().replaceAll(' ', '-'),
    manifest: {
      title,
      summary: 'A test lab',
      overview: 'Try it.',
      difficulty: 'beginner',
      tags: [],
      author: authorEmail,
      env: { type: 'CloudShell', image: 'coderoom/python/3', files: [] },
      tasks: [{ title: 'First', instructions: 'Do one.', check: 'check-one' }],
    },
  });
  return { collectionId: imported.collectionId, pageId: imported.labId as number };
}

async function importLiveProject(title: string) {
  const { collectionId, projectId } = await importProject(packageImportDeps(database), {
    file: 'live.yaml',
    slug: title.toLowerCase().replaceAll(' ', '-'),
    manifest: {
      title,
      summary: '',
      description: '',
      difficulty: 'easy',
      language_topic: 'Python',
      tags: [],
      author: authorEmail,
      pre_reqs: [],
      pre_requisite_projects: [],
      relevant_courses: [],
      files: [],
      tasks: [
        {
          title: 'Make a file',
          type: 'terminal',
          instructions: 'Make `done.txt`.',
          enable_stdin: false,
          test_cases: [],
          live: { image: 'coderoom/python/3', files: [] },
          live_tests: [{ name: 'done.txt exists', script: 'test -f done.txt' }],
        },
      ],
    },
  });
  return { collectionId, pageId: projectId as number };
}

let labs: { a: { collectionId: number; pageId: number }; b: { collectionId: number; pageId: number } };
let projects: {
  one: { collectionId: number; pageId: number };
  two: { collectionId: number; pageId: number };
};

beforeAll(async () => {
  labs = { a: await importLab('Lab Alpha'), b: await importLab('Lab Beta') };
  projects = { one: await importLiveProject('Todo API'), two: await importLiveProject('Chat Server') };
});

async function startProject(client: TestClient, project: { collectionId: number; pageId: number }) {
  const overview = await client.get(`/api/project/${authorId}/${project.collectionId}/${project.pageId}`);
  expect(overview.statusCode, overview.body).toBe(200);
  return client.post(`/api/instances/${authorId}/${project.collectionId}/allocate`, {
    work_type: WorkType.StandaloneProject,
    page_id: project.pageId,
    sub_document_id: overview.json().tasks[0].component_id,
  });
}

const startLab = (client: TestClient, lab: { collectionId: number; pageId: number }) =>
  client.post(`/api/instances/${authorId}/${lab.collectionId}/allocate`, {
    work_type: WorkType.StandaloneCloudLab,
    page_id: lab.pageId,
  });

describe('several live sandboxes per learner', () => {
  it('runs a project and a cloud lab at once, each listed with what it is', async () => {
    const { client } = await signUp(app);
    const project = await startProject(client, projects.one);
    expect(project.statusCode, project.body).toBe(200);
    const lab = await startLab(client, labs.a);
    expect(lab.statusCode, lab.body).toBe(200);
    const listed = (await client.get('/api/instances')).json();
    expect(listed[project.json().instance_id]).toMatchObject({ kind: 'project', title: 'Todo API' });
    expect(listed[lab.json().instance_id]).toMatchObject({ kind: 'cloud_lab', title: 'Lab Alpha' });
    // Starting either again rejoins the same sandbox.
    expect((await startProject(client, projects.one)).json().instance_id).toBe(project.json().instance_id);
    expect((await startLab(client, labs.a)).json().instance_id).toBe(lab.json().instance_id);
  });

  it('refuses a second cloud lab, naming the running lab and offering to stop it', async () => {
    const { client } = await signUp(app);
    const lab = (await startLab(client, labs.a)).json().instance_id as string;
    const second = await startLab(client, labs.b);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      errorText: `${ContainerMessages.SecondCloudLab} Stop cloud lab "Lab Alpha" to start this one.`,
      errors: { [`stop.${lab}`]: 'cloud lab "Lab Alpha"' },
    });
    expect((await client.request('DELETE', `/api/instances/${lab}`)).statusCode).toBe(200);
    expect((await startLab(client, labs.b)).statusCode).toBe(200);
  });

  it('at the limit names a project as a project and lists both to stop; stopping one makes room', async () => {
    const { client } = await signUp(app);
    const project = (await startProject(client, projects.one)).json().instance_id as string;
    const lab = (await startLab(client, labs.a)).json().instance_id as string;

    const third = await startProject(client, projects.two);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      errorText:
        'You can keep 2 live sandboxes at once, and project "Todo API" and cloud lab "Lab Alpha" are running. Stop one to start this one.',
      errors: { [`stop.${project}`]: 'project "Todo API"', [`stop.${lab}`]: 'cloud lab "Lab Alpha"' },
    });
    // Run tests of a project that cannot start is the same conflict, not a failed allocation.
    const overview = (
      await client.get(`/api/project/${authorId}/${projects.two.collectionId}/${projects.two.pageId}`)
    ).json();
    const tests = await client.post(
      `/api/instances/${authorId}/${projects.two.collectionId}/${projects.two.pageId}/${overview.tasks[0].component_id}/run_tests`,
      { document_type: 'project' },
    );
    expect(tests.statusCode).toBe(409);
    expect(Object.keys(tests.json().errors).sort()).toEqual([`stop.${project}`, `stop.${lab}`].sort());

    // Another learner's sandboxes do not count against this one's.
    const { client: other } = await signUp(app);
    expect((await startProject(other, projects.two)).statusCode).toBe(200);

    expect((await client.request('DELETE', `/api/instances/${project}`)).statusCode).toBe(200);
    const started = await startProject(client, projects.two);
    expect(started.statusCode, started.body).toBe(200);
    const running = (await client.get('/api/instances')).json();
    expect(Object.keys(running).sort()).toEqual([lab, started.json().instance_id].sort());
  });
});
