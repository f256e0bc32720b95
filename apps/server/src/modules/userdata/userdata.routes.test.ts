import { USER_MAP_VALUE_MAX_BYTES } from '@coderoom/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageReadTimes } from '../../db/schema.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const projectMap = { '101/202/303/1': { completed: true }, '101/202/304/1': { completed: false, score: 3 } };

describe('POST /api/userdata/map/{name}', () => {
  it('merges entries into the map and answers what was stored', async () => {
    const { client } = await signUp(t.app);
    const written = await client.post('/api/userdata/map/project', {
      map_key_val: JSON.stringify(projectMap),
    });
    expect(written.statusCode).toBe(200);
    expect(written.json()).toEqual({ project: projectMap });

    await client.post('/api/userdata/map/project', {
      map_key_val: JSON.stringify({ '101/202/304/1': { completed: true } }),
    });
    const read = await client.get('/api/userdata/map/project');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      project: { '101/202/303/1': { completed: true }, '101/202/304/1': { completed: true } },
    });
  });

  it.each([
    [{ map_key_val: 'not json' }, 'map_key_val', 'Map key val must be a JSON object of keys and values.'],
    [{ map_key_val: '[1,2]' }, 'map_key_val', 'Map key val must be a JSON object of keys and values.'],
    [{ map_key_val: '{}' }, 'map_key_val', 'Map key val must name at least one key.'],
    [{}, 'map_key_val', "Map key val can't be blank."],
    [{ map_key_val: '{"a":1}', extra: 1 }, 'extra', 'Unknown field.'],
  ])('refuses %j', async (body, field, message) => {
    const { client } = await signUp(t.app);
    const response = await client.post('/api/userdata/map/cloud_lab', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it('refuses keys over 256 characters and values over 64 KB', async () => {
    const { client } = await signUp(t.app);
    const longKey = await client.post('/api/userdata/map/cloud_lab', {
      map_key_val: JSON.stringify({ ['k'.repeat(257)]: 1 }),
    });
    expect(longKey.statusCode).toBe(400);
    expect(longKey.json().errorText).toBe('Keys must be 1 to 256 characters long.');

    const bigValue = await client.post('/api/userdata/map/cloud_lab', {
      map_key_val: JSON.stringify({ big: 'x'.repeat(USER_MAP_VALUE_MAX_BYTES) }),
    });
    expect(bigValue.statusCode).toBe(400);
    expect(bigValue.json().errorText).toBe(
      `A value may be at most ${USER_MAP_VALUE_MAX_BYTES} bytes as JSON.`,
    );
    expect((await client.get('/api/userdata/map/cloud_lab')).json()).toEqual({ cloud_lab: {} });
  });

  it('only knows the fixed map names', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post('/api/userdata/map/secrets', { map_key_val: '{"a":1}' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.name).toMatch(/^Name must be one of: collection, shot, blog/);
    expect((await client.get('/api/userdata/map/secrets')).statusCode).toBe(400);
  });
});

describe('POST /api/userdata/maps/get_values', () => {
  it('answers the asked keys that exist, keyed by map name', async () => {
    const { client } = await signUp(t.app);
    await client.post('/api/userdata/map/project', { map_key_val: JSON.stringify(projectMap) });
    const response = await client.post('/api/userdata/maps/get_values', {
      map_name: 'project',
      map_keys: ['101/202/303/1', 'missing'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ project: { '101/202/303/1': { completed: true } } });
  });

  it('refuses an empty key list and unknown maps', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post('/api/userdata/maps/get_values', { map_name: 'nope', map_keys: [] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['map_keys', 'map_name']);
  });

  it("never shows another learner's values", async () => {
    const owner = await signUp(t.app);
    await owner.client.post('/api/userdata/map/shot', {
      map_key_val: JSON.stringify({ s1: { userdata: 'x' } }),
    });
    const stranger = await signUp(t.app);
    const values = await stranger.client.post('/api/userdata/maps/get_values', {
      map_name: 'shot',
      map_keys: ['s1'],
    });
    expect(values.json()).toEqual({ shot: {} });
    expect((await stranger.client.get('/api/userdata/map/shot')).json()).toEqual({ shot: {} });
    await stranger.client.post('/api/userdata/map/shot/delete', { map_keys: ['s1'] });
    expect((await owner.client.get('/api/userdata/map/shot')).json()).toEqual({
      shot: { s1: { userdata: 'x' } },
    });
  });
});

describe('POST /api/userdata/map/{name}/delete', () => {
  it('removes the named keys', async () => {
    const { client } = await signUp(t.app);
    await client.post('/api/userdata/map/project', { map_key_val: JSON.stringify(projectMap) });
    const response = await client.post('/api/userdata/map/project/delete', {
      map_keys: ['101/202/303/1', 'nope'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, deleted: 1 });
    expect(Object.keys((await client.get('/api/userdata/map/project')).json().project)).toEqual([
      '101/202/304/1',
    ]);
  });

  it('refuses a body without keys', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post('/api/userdata/map/project/delete', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ map_keys: "Map keys can't be blank." });
  });
});

describe('POST /api/page/read-time', () => {
  it('adds each report to the running total', async () => {
    const { client, user } = await signUp(t.app);
    const body = { page_id: 30000001, page_type: 'collection', page_read_time: 42.4 };
    expect((await client.post('/api/page/read-time', body)).json()).toEqual({
      page_id: 30000001,
      page_type: 'collection',
      total_read_time: 42,
    });
    const second = await client.post('/api/page/read-time', { ...body, page_read_time: 18 });
    expect(second.json().total_read_time).toBe(60);
    const [row] = await t.database.db
      .select()
      .from(pageReadTimes)
      .where(and(eq(pageReadTimes.userId, user.user_id), eq(pageReadTimes.pageId, 30000001)));
    expect(row).toMatchObject({ totalSeconds: 60, reports: 2 });
  });

  it('refuses unknown page types and negative times', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post('/api/page/read-time', {
      page_id: 1,
      page_type: 'spaceship',
      page_read_time: -5,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.page_type).toMatch(/^Page type must be one of: collection/);
    expect(response.json().errors.page_read_time).toBe('Page read time: must not be negative');
  });
});

describe('without a session', () => {
  it('answers 401 everywhere', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/userdata/map/project')).statusCode).toBe(401);
    expect((await anonymous.post('/api/userdata/map/project', { map_key_val: '{"a":1}' })).statusCode).toBe(
      401,
    );
    expect((await anonymous.post('/api/userdata/map/project/delete', { map_keys: ['a'] })).statusCode).toBe(
      401,
    );
    expect(
      (await anonymous.post('/api/userdata/maps/get_values', { map_name: 'project', map_keys: ['a'] }))
        .statusCode,
    ).toBe(401);
    expect((await anonymous.post('/api/page/read-time', {})).statusCode).toBe(401);
  });
});
