import { type StudentStatus, StudentStatusSchema, type UserInfo } from '@coderoom/contracts';
import { StudentMessages, SubscriptionKind, SubscriptionStatus } from '@coderoom/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox, subscriptions } from '../../db/schema.js';
import { buildTestApp, signUp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import { seedPlans, seedSubscription } from '../commerce/commerce.seed.js';

// The student plan of /github-students (docs/growth.md "Student plan"): a school address on the list,
// confirmed with the code the worker mails to it, earns the free premium plan once; refusals otherwise.

const MINUTE = 60_000;
let t: TestApp;
let schools = 0;
const schoolEmail = () => `student${process.pid}x${++schools}@cs.example.edu`;

beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
});
afterAll(async () => {
  await t.close();
});

/** The code in the latest mail to `address` (the worker sends it; the dev mailbox keeps it). */
async function mailedCode(address: string, after = 0): Promise<{ code: string; id: number }> {
  return waitFor(async () => {
    const [mail] = await t.database.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.toAddress, address))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    const code = mail && mail.id > after ? /code is (\d{6})/.exec(mail.textBody)?.[1] : undefined;
    return code && mail ? { code, id: mail.id } : undefined;
  }, `the code mailed to ${address}`);
}

async function start(client: TestClient, address: string) {
  return client.post('/api/github-students/verification', { school_email: address });
}

describe('/github-students', () => {
  it('verifies a school address with the mailed code and grants the student plan once', async () => {
    const { client, user } = await signUp(t.app);
    const none = StudentStatusSchema.parse((await client.get('/api/github-students/status')).json());
    expect(none.state).toBe('none');

    const address = schoolEmail();
    const started = await start(client, address.toUpperCase());
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ state: 'pending', school_email: address });
    const { code } = await mailedCode(address);

    const wrong = await client.post('/api/github-students/confirm', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toBe(StudentMessages.CodeWrong);

    const confirmed = await client.post('/api/github-students/confirm', { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const status = confirmed.json() as StudentStatus;
    expect(status).toMatchObject({ state: 'verified', school_email: address, plan_key: '300-12-6000' });

    // The plan: premium for twelve months, nothing charged, no renewal.
    const [plan] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.user_id));
    expect(plan).toMatchObject({
      planKey: '300-12-6000',
      status: SubscriptionStatus.RenewalCancelled,
      priceCents: 0,
      paymentProcessor: 'student',
    });
    const info = (await client.get('/api/user/info')).json() as UserInfo;
    expect(info.is_user_subscribed).toBe(true);
    const segment = (await client.get('/api/google-analytics/subscription-type')).json();
    expect(JSON.stringify(segment)).toContain('github_scholar');

    // Already used: the same account again, and the same school address on another account.
    const twice = await start(client, schoolEmail());
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorText).toBe(StudentMessages.AlreadyScholar);
    const other = await signUp(t.app);
    const reused = await start(other.client, address);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errors.school_email).toBe(StudentMessages.AddressUsed);
  });

  it('refuses an address outside the school list, a missing, expired or guessed code, and a current plan', async () => {
    const { client, user } = await signUp(t.app);
    const gmail = await start(client, `someone${process.pid}@gmail.com`);
    expect(gmail.statusCode).toBe(400);
    expect(gmail.json().errors.school_email).toBe(StudentMessages.NotSchoolAddress);
    // A look-alike domain is not a school's.
    expect((await start(client, `x${process.pid}@notedu.com`)).statusCode).toBe(400);
    expect(
      (await client.post('/api/github-students/verification', { school_email: 'nope' })).statusCode,
    ).toBe(400);

    const noCode = await client.post('/api/github-students/confirm', { code: '123456' });
    expect(noCode.json().errors.code).toBe(StudentMessages.NoPendingCode);
    expect((await client.post('/api/github-students/confirm', { code: '12ab56' })).statusCode).toBe(400);

    const address = schoolEmail();
    expect((await start(client, address)).statusCode).toBe(200);
    const first = await mailedCode(address);
    t.clock.advance(31 * MINUTE);
    const expired = await client.post('/api/github-students/confirm', { code: first.code });
    expect(expired.json().errors.code).toBe(StudentMessages.CodeExpired);

    // A new code replaces the old one; five wrong guesses end it.
    expect((await start(client, address)).statusCode).toBe(200);
    const second = await mailedCode(address, first.id);
    const wrongCode = second.code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1) {
      const guess = await client.post('/api/github-students/confirm', { code: wrongCode });
      expect(guess.json().errors.code).toBe(StudentMessages.CodeWrong);
    }
    const locked = await client.post('/api/github-students/confirm', { code: second.code });
    expect(locked.json().errors.code).toBe(StudentMessages.TooManyAttempts);
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.user_id)),
    ).toEqual([]);

    const subscriber = await signUp(t.app);
    await seedSubscription(t.database.db, t.clock, {
      userId: subscriber.user.user_id,
      planKey: '100-12-6000',
      status: SubscriptionStatus.Active,
      kind: SubscriptionKind.Paid,
      expiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000),
    });
    const hasPlan = await start(subscriber.client, schoolEmail());
    expect(hasPlan.statusCode).toBe(409);
    expect(hasPlan.json().errorText).toBe(StudentMessages.HasPlan);

    expect((await new TestClient(t.app).get('/api/github-students/status')).statusCode).toBe(401);
  });
});
