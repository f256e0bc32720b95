import { SESSION_COOKIE } from '@coderoom/contracts';
import { DataRequestOutcome, DataRequestType, DELETED_USER_NAME, ONE_DAY_MS } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox, learningGoals, users } from '../../db/schema.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, VALID_PASSWORD } from '../../test/harness.js';
import { dataRequests } from './privacy.repository.js';

const BASE = '/api/access-right/data';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function ask(client: TestClient, requestType: number) {
  const response = await client.post(`${BASE}/request`, { request_type: requestType });
  expect([200, 201]).toContain(response.statusCode);
  return response.json().request as { id: number; state: string };
}

async function accountRow(userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row;
}

describe('download my data (4000)', () => {
  it('exports everything the user owns as JSON, without secrets, for a week', async () => {
    const { client, email, user } = await signUp(t.app, { full_name: 'Dana Download' });
    await client.put('/api/userdata/weekly-goal', { days_per_week: 4, time_zone: 'Europe/Paris' });

    const created = await client.post(`${BASE}/request`, { request_type: DataRequestType.Download });
    expect(created.statusCode).toBe(201);
    const request = created.json().request;
    expect(request).toMatchObject({ request_type: 4000, state: 'pending', download_url: null });
    // Asking again while it is pending answers the same request.
    const again = await client.post(`${BASE}/request`, { request_type: DataRequestType.Download });
    expect(again.statusCode).toBe(200);
    expect(again.json().request.id).toBe(request.id);

    const processed = await client.post(`${BASE}/request/process`, { request_id: request.id });
    expect(processed.statusCode).toBe(200);
    const done = processed.json().request;
    expect(done).toMatchObject({ state: 'completed', download_url: `${BASE}/request/${request.id}/export` });
    expect(done.export_bytes).toBeGreaterThan(100);

    const file = await client.get(done.download_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="coderoom-data-\d+-[\d-]+\.json"$/,
    );
    const exported = file.json();
    expect(exported).toMatchObject({
      format: 'coderoom-data-export',
      account: { user_id: user.user_id, email, full_name: 'Dana Download' },
    });
    expect(exported.records.learning_goals).toEqual([
      expect.objectContaining({ user_id: user.user_id, days_per_week: 4, time_zone: 'Europe/Paris' }),
    ]);
    expect(exported.records.sessions.length).toBeGreaterThan(0);
    const text = file.body;
    for (const secret of ['password_hash', 'totp_secret', 'token_hash', '"id":']) {
      if (secret === '"id":') {
        for (const session of exported.records.sessions) expect(session).not.toHaveProperty('id');
      } else {
        expect(text).not.toContain(secret);
      }
    }
    expect((await client.get(`${BASE}/requests`)).json().requests[0]).toMatchObject({ id: request.id });

    // Processed once only; gone after a week.
    expect((await client.post(`${BASE}/request/process`, { request_id: request.id })).statusCode).toBe(400);
    t.clock.advance(8 * ONE_DAY_MS);
    expect((await client.get(done.download_url)).statusCode).toBe(498);
    expect((await client.get(`${BASE}/requests`)).json().requests[0].download_url).toBeNull();
  });

  it("lets nobody see, process or fetch another user's request", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const admin = await buildUser(t.database, { admin: true });
    const adminClient = new TestClient(t.app);
    await adminClient.post('/api/user/login', { email: admin.email, password: VALID_PASSWORD });

    const request = await ask(owner.client, DataRequestType.Download);
    for (const client of [other.client, adminClient]) {
      expect((await client.post(`${BASE}/request/process`, { request_id: request.id })).statusCode).toBe(404);
      expect((await client.get(`${BASE}/requests`)).json().requests).toEqual([]);
    }
    const processed = await owner.client.post(`${BASE}/request/process`, { request_id: request.id });
    const url = processed.json().request.download_url;
    for (const client of [other.client, adminClient]) {
      const response = await client.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().errorText).toBe('No such data request.');
    }
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(url)).statusCode).toBe(401);
    expect((await anonymous.post(`${BASE}/request`, { request_type: 4000 })).statusCode).toBe(401);
    expect((await anonymous.post(`${BASE}/request/process`, { request_id: request.id })).statusCode).toBe(
      401,
    );
  });

  it('refuses unknown request types', async () => {
    const { client } = await signUp(t.app);
    expect((await client.post(`${BASE}/request`, { request_type: 4002 })).statusCode).toBe(400);
    expect((await client.post(`${BASE}/request/process`, { request_id: 'x' })).statusCode).toBe(400);
  });
});

describe('delete my account (4001)', () => {
  it('needs the password, then deletes the account and its data and ends the session (8000)', async () => {
    const { client, email, user } = await signUp(t.app);
    await client.put('/api/userdata/weekly-goal', { days_per_week: 2, time_zone: 'UTC' });
    const download = await ask(client, DataRequestType.Download);
    await client.post(`${BASE}/request/process`, { request_id: download.id });
    const request = await ask(client, DataRequestType.Deletion);

    const noPassword = await client.post(`${BASE}/request/process`, { request_id: request.id });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors.password).toBe('Your password is not correct.');
    const wrong = await client.post(`${BASE}/request/process`, {
      request_id: request.id,
      password: 'Wr0ng!pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await accountRow(user.user_id)).toBeDefined();

    const done = await client.post(`${BASE}/request/process`, {
      request_id: request.id,
      password: VALID_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().request).toMatchObject({
      request_type: 4001,
      state: 'completed',
      outcome: DataRequestOutcome.Delete,
    });
    expect(done.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toBe('');

    expect(await accountRow(user.user_id)).toBeUndefined();
    expect(
      await t.database.db.select().from(learningGoals).where(eq(learningGoals.userId, user.user_id)),
    ).toEqual([]);
    // Only the bare record of the deletion stays; the export went with the account.
    const left = await t.database.db.select().from(dataRequests).where(eq(dataRequests.userId, user.user_id));
    expect(left).toEqual([expect.objectContaining({ id: request.id, outcome: 8000, export: null })]);
    expect((await client.get('/api/user/info')).statusCode).toBe(401);
    const login = await new TestClient(t.app).post('/api/user/login', { email, password: VALID_PASSWORD });
    expect(login.statusCode).toBe(401);
    const farewell = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
    expect(farewell.at(-1)?.subject).toMatch(/account was deleted/);
  });

  it('keeps an author anonymised, with their courses online under "Deleted User" (8001)', async () => {
    const author = await buildUser(t.database, { fullName: 'Ava Author' });
    const { collection } = await buildCourse(t.database, { author });
    const client = new TestClient(t.app);
    await client.post('/api/user/login', { email: author.email, password: VALID_PASSWORD });
    await client.put('/api/userdata/weekly-goal', { days_per_week: 3, time_zone: 'UTC' });
    const request = await ask(client, DataRequestType.Deletion);

    const done = await client.post(`${BASE}/request/process`, {
      request_id: request.id,
      password: VALID_PASSWORD,
    });
    expect(done.json().request.outcome).toBe(DataRequestOutcome.Retain);
    const row = await accountRow(author.id);
    expect(row).toMatchObject({ fullName: DELETED_USER_NAME, email: `deleted-${author.id}@deleted.invalid` });
    expect(row?.totpSecret).toBeNull();
    expect(
      await t.database.db.select().from(learningGoals).where(eq(learningGoals.userId, author.id)),
    ).toEqual([]);
    const home = await new TestClient(t.app).get(`/api/reader/collection/${author.id}/${collection.id}`);
    expect(home.statusCode).toBe(200);
    const login = await new TestClient(t.app).post('/api/user/login', {
      email: author.email,
      password: VALID_PASSWORD,
    });
    expect(login.statusCode).toBe(401);
  });

  it("cannot delete someone else's account", async () => {
    const victim = await signUp(t.app);
    const attacker = await signUp(t.app);
    const request = await ask(victim.client, DataRequestType.Deletion);
    const response = await attacker.client.post(`${BASE}/request/process`, {
      request_id: request.id,
      password: VALID_PASSWORD,
    });
    expect(response.statusCode).toBe(404);
    expect(await accountRow(victim.user.user_id)).toBeDefined();
    expect(await accountRow(attacker.user.user_id)).toBeDefined();
  });
});
