import { NUDGE_LOG_RATE, NUDGES, NudgeType } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nudgeInteractions } from '../../db/schema.js';
import { PlatformMessages } from '../../platform/http/errors.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const tryCode = (interaction: string) => ({
  nudge_type: NudgeType.TryCode,
  interaction,
  text: NUDGES.try_code.text,
});

const logOf = (userId: number) =>
  t.database.db
    .select({
      nudgeType: nudgeInteractions.nudgeType,
      interaction: nudgeInteractions.interaction,
      text: nudgeInteractions.text,
    })
    .from(nudgeInteractions)
    .where(eq(nudgeInteractions.userId, userId))
    .orderBy(nudgeInteractions.id);

describe('POST /api/reader/log-nudge-interaction', () => {
  it('logs shown, clicked and dismissed, and a dismissed nudge stays dismissed for that learner', async () => {
    const { client, user } = await signUp(t.app);
    expect((await client.get('/api/reader/nudges')).json()).toEqual({ dismissed: [] });

    const shown = await client.post('/api/reader/log-nudge-interaction', tryCode('shown'));
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ dismissed: [] });
    await client.post('/api/reader/log-nudge-interaction', tryCode('clicked'));
    expect((await client.get('/api/reader/nudges')).json()).toEqual({ dismissed: [] });

    const dismissed = await client.post('/api/reader/log-nudge-interaction', {
      nudge_type: NudgeType.MarkComplete,
      interaction: 'dismissed',
      text: NUDGES.mark_complete.text,
    });
    expect(dismissed.json()).toEqual({ dismissed: [NudgeType.MarkComplete] });
    expect((await client.get('/api/reader/nudges')).json()).toEqual({ dismissed: [NudgeType.MarkComplete] });

    expect(await logOf(user.user_id)).toEqual([
      { nudgeType: 'try_code', interaction: 'shown', text: NUDGES.try_code.text },
      { nudgeType: 'try_code', interaction: 'clicked', text: NUDGES.try_code.text },
      { nudgeType: 'mark_complete', interaction: 'dismissed', text: NUDGES.mark_complete.text },
    ]);

    // Another learner has dismissed nothing.
    const other = await signUp(t.app);
    expect((await other.client.get('/api/reader/nudges')).json()).toEqual({ dismissed: [] });
  });

  it.each([
    [{ nudge_type: 'popup' }, 'nudge_type', 'Nudge type must be one of: try_code, mark_complete.'],
    [{ interaction: 'hovered' }, 'interaction', 'Interaction must be one of: shown, clicked, dismissed.'],
    [{ text: '   ' }, 'text', "Text: can't be blank"],
    [{ text: 'x'.repeat(501) }, 'text', 'Text: must be at most 500 characters'],
    [{ text: undefined }, 'text', "Text can't be blank."],
    [{ user_id: 1 }, 'user_id', 'Unknown field.'],
  ])('refuses %j with 400 and logs nothing', async (overrides, field, message) => {
    const { client, user } = await signUp(t.app);
    const response = await client.post('/api/reader/log-nudge-interaction', {
      ...tryCode('dismissed'),
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await logOf(user.user_id)).toEqual([]);
  });

  it('answers 401 to visitors on both calls', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.post('/api/reader/log-nudge-interaction', tryCode('shown'))).statusCode).toBe(401);
    expect((await visitor.get('/api/reader/nudges')).statusCode).toBe(401);
  });

  it(`stops a learner after ${NUDGE_LOG_RATE.limit} interactions in an hour`, async () => {
    t.clock.startFreshWindow(NUDGE_LOG_RATE.windowSeconds);
    const { client, user } = await signUp(t.app);
    for (let index = 0; index < NUDGE_LOG_RATE.limit; index += 1) {
      const response = await client.post('/api/reader/log-nudge-interaction', tryCode('shown'));
      expect(response.statusCode).toBe(200);
    }
    const over = await client.post('/api/reader/log-nudge-interaction', tryCode('shown'));
    expect(over.statusCode).toBe(429);
    expect(over.json().errorText).toBe(PlatformMessages.RateLimited);
    expect((await logOf(user.user_id)).length).toBe(NUDGE_LOG_RATE.limit);
  });
});
