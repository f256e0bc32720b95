import { UserInfoSchema } from '@coderoom/contracts';
import { postLoginHome } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;
let rustAdvanced: number;
let rustBeginner: number;
let goBeginner: number;

beforeAll(async () => {
  t = await buildTestApp();
  const author = await buildUser(t.database, { fullName: 'Catalogue Author' });
  rustAdvanced = (await buildCourse(t.database, { author, topic: 'Rust', difficulty: 'advanced' })).collection
    .id;
  rustBeginner = (await buildCourse(t.database, { author, topic: 'Rust', difficulty: 'beginner' })).collection
    .id;
  goBeginner = (await buildCourse(t.database, { author, topic: 'Go', difficulty: 'beginner' })).collection.id;
});
afterAll(async () => {
  await t.close();
});

describe('learner onboarding', () => {
  it('starts for a new learner, moves stage by stage, and ends on finishing', async () => {
    const { client } = await signUp(t.app);
    const info = UserInfoSchema.parse((await client.get('/api/user/info')).json());
    expect(info.workflow_onboarding.next_onboarding_stage).toBe('goal');
    expect(info.show_onboarding_questionnaire).toBe(true);
    expect(postLoginHome(info)).toBe('/onboarding/goal');

    expect((await client.put('/api/user/onboarding', { goal: 'new_language' })).json().next_stage).toBe(
      'languages',
    );
    expect((await client.put('/api/user/onboarding', { languages: ['Rust', 'Go'] })).json().next_stage).toBe(
      'level',
    );
    const last = await client.put('/api/user/onboarding', { level: 'advanced' });
    expect(last.json()).toEqual({
      next_stage: 'recommendation',
      is_completed: false,
      answers: { goal: 'new_language', languages: ['Rust', 'Go'], level: 'advanced' },
    });

    const finished = await client.post('/api/user/onboarding/finish');
    expect(finished.json()).toMatchObject({ next_stage: null, is_completed: true });
    const after = UserInfoSchema.parse((await client.get('/api/user/info')).json());
    expect(postLoginHome(after)).toBe('/learn/home');
    expect(after.show_onboarding_questionnaire).toBe(false);
  });

  it('refuses answers outside the lists', async () => {
    const { client } = await signUp(t.app);
    expect((await client.put('/api/user/onboarding', { goal: 'fame' })).statusCode).toBe(400);
    expect((await client.put('/api/user/onboarding', { languages: ['COBOL'] })).statusCode).toBe(400);
    expect((await client.put('/api/user/onboarding', { level: 'guru' })).statusCode).toBe(400);
    expect((await client.put('/api/user/onboarding', { languages: [] })).statusCode).toBe(400);
  });

  it('recommends a published course of the chosen language nearest the chosen level', async () => {
    const { client } = await signUp(t.app);
    await client.put('/api/user/onboarding', { goal: 'level_up', languages: ['Rust'], level: 'advanced' });
    const advanced = (await client.get('/api/user/onboarding/recommendation')).json();
    expect(advanced.course.collection_id).toBe(rustAdvanced);
    expect(advanced.reason).toMatch(/advanced Rust course/);
    expect(advanced.alternatives.map((card: { collection_id: number }) => card.collection_id)).toContain(
      rustBeginner,
    );

    // Someone starting to code begins at the beginning.
    await client.put('/api/user/onboarding', { goal: 'start_coding' });
    const beginner = (await client.get('/api/user/onboarding/recommendation')).json();
    expect(beginner.course.collection_id).toBe(rustBeginner);
    expect(beginner.course.url).toMatch(/^\/courses\//);
  });

  it('falls back to a course at the level when the language has none', async () => {
    const { client } = await signUp(t.app);
    await client.put('/api/user/onboarding', { goal: 'new_language', languages: ['C++'], level: 'beginner' });
    const answer = (await client.get('/api/user/onboarding/recommendation')).json();
    expect([rustBeginner, goBeginner]).toContain(answer.course.collection_id);
    expect(answer.reason).toMatch(/no course in C\+\+/);
  });

  it('needs a session', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/user/onboarding')).statusCode).toBe(401);
    expect((await anonymous.get('/api/user/onboarding/recommendation')).statusCode).toBe(401);
    expect((await anonymous.put('/api/user/onboarding', { goal: 'level_up' })).statusCode).toBe(401);
  });
});
