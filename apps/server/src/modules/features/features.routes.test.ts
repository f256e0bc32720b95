import type { AdminFeaturesResponse, FeaturesResponse } from '@coderoom/contracts';
import { FeatureFlag, FeatureMessages, RolloutLevel } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

// Feature flags (spec 001 §6): super admins set a rollout level per feature; the AI assistant follows it
// for staff, individual learners (B2C) and organization members (B2B).

let t: TestApp;
let admin: TestClient;
let learner: TestClient;
let member: TestClient;

async function logIn(email: string): Promise<TestClient> {
  const client = new TestClient(t.app);
  expect((await client.post('/api/user/login', { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
  return client;
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database);
  admin = await logIn('admin@coderoom.dev');
  member = await logIn('member@coderoom.dev');
  ({ client: learner } = await signUp(t.app));
});
afterAll(() => t.close());

const setRollout = (rollout: string, client = admin) =>
  client.request('PUT', `/api/admin/features/${FeatureFlag.AiAssistant}`, { rollout });
const askAi = (client: TestClient) =>
  client.post('/api/ai/search', { question: 'How do I read a line of input?' });
const aiOn = async (client: TestClient) =>
  ((await client.get('/api/features')).json() as FeaturesResponse).features.ai_assistant;

describe('feature flags', () => {
  it('lists every flag with its level for super admins only', async () => {
    const listed = await admin.get('/api/admin/features');
    expect(listed.statusCode).toBe(200);
    const { features } = listed.json() as AdminFeaturesResponse;
    expect(features.map((feature) => feature.name)).toEqual(Object.values(FeatureFlag));
    expect(features.find((feature) => feature.name === FeatureFlag.AiAssistant)?.rollout).toBe(
      RolloutLevel.All,
    );
    expect(features.find((feature) => feature.name === FeatureFlag.SocialLogin)?.rollout).toBe(
      RolloutLevel.Disabled,
    );

    const refused = await learner.get('/api/admin/features');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorText: FeatureMessages.AdminsOnly });
    expect((await setRollout('internal', learner)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/features')).statusCode).toBe(401);
  });

  it('refuses unknown flags and levels with the contract errors', async () => {
    expect((await admin.request('PUT', '/api/admin/features/teleport', { rollout: 'all' })).statusCode).toBe(
      400,
    );
    expect((await setRollout('everyone')).statusCode).toBe(400);
    expect(
      (await admin.request('PUT', `/api/admin/features/${FeatureFlag.AiAssistant}`, {})).statusCode,
    ).toBe(400);
  });

  it('rolls the AI assistant out level by level', async () => {
    const visitor = new TestClient(t.app);
    // all: everyone, visitors included, sees it on.
    expect(await aiOn(visitor)).toBe(true);
    expect((await askAi(learner)).statusCode).toBe(200);

    // internal: staff only.
    expect((await setRollout('internal')).statusCode).toBe(200);
    expect(await aiOn(admin)).toBe(true);
    expect(await aiOn(learner)).toBe(false);
    const refused = await askAi(learner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorText: FeatureMessages.Unavailable });
    expect((await askAi(member)).statusCode).toBe(403);
    expect((await askAi(admin)).statusCode).not.toBe(403);

    // b2c: individual learners, not organization members.
    await setRollout('b2c');
    expect((await askAi(learner)).statusCode).toBe(200);
    expect((await askAi(member)).statusCode).toBe(403);
    expect(await aiOn(visitor)).toBe(false);

    // b2b: organization members on a valid subscription, not individual learners.
    await setRollout('b2b');
    expect(await aiOn(member)).toBe(true);
    expect((await askAi(member)).statusCode).not.toBe(403);
    expect((await askAi(learner)).statusCode).toBe(403);

    // disabled: no one, staff included.
    await setRollout('disabled');
    expect((await askAi(admin)).statusCode).toBe(403);
    expect(await aiOn(admin)).toBe(false);

    await setRollout('all');
    expect((await askAi(learner)).statusCode).toBe(200);
  });
});
