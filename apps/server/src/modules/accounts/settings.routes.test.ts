import { UserInfoSchema } from '@coderoom/contracts';
import { DEFAULT_NOTIFICATION_PREFERENCES, EMAIL_CHANGE_TTL_HOURS } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox, users } from '../../db/schema.js';
import {
  buildTestApp,
  signUp,
  type TestApp,
  TestClient,
  uniqueEmail,
  VALID_PASSWORD,
} from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function mailsTo(email: string) {
  return t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
}

async function tokenMailedTo(email: string): Promise<string> {
  const mail = (await mailsTo(email)).at(-1);
  const token = mail?.textBody.match(/email_token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  return token;
}

describe('PUT /api/user/profile', () => {
  it('renames the caller with the full-name rules, and removes the picture', async () => {
    const { client, user } = await signUp(t.app);
    await t.database.db
      .update(users)
      .set({ profilePicUrl: '/api/assets/x.png' })
      .where(eq(users.id, user.user_id));

    const renamed = await client.put('/api/user/profile', { full_name: '  Grace Hopper ' });
    expect(renamed.statusCode).toBe(200);
    expect(UserInfoSchema.parse(renamed.json()).full_name).toBe('Grace Hopper');

    const bad = await client.put('/api/user/profile', { full_name: 'Grace <script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.full_name).toBe('Full name cannot contain special characters.');
    expect((await client.put('/api/user/profile', {})).statusCode).toBe(400);

    const removed = await client.put('/api/user/profile', { profile_pic_url: null });
    expect(removed.json().profile_pic_url).toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.user_id));
    expect(row).toMatchObject({ fullName: 'Grace Hopper', profilePicUrl: null });
  });

  it('needs a session', async () => {
    const response = await new TestClient(t.app).put('/api/user/profile', { full_name: 'Nobody' });
    expect(response.statusCode).toBe(401);
  });
});

describe('changing the e-mail address', () => {
  it('applies only after the link sent to the new address is opened, and tells the old address', async () => {
    const { client, email, user } = await signUp(t.app);
    const newEmail = uniqueEmail('moved');

    const asked = await client.post('/api/user/email/change', {
      new_email: newEmail,
      password: VALID_PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().pending_email).toBe(newEmail);
    expect(new Date(asked.json().expires_at).getTime() - t.clock.now().getTime()).toBeGreaterThan(
      (EMAIL_CHANGE_TTL_HOURS - 1) * 3_600_000,
    );
    // Nothing changed yet.
    expect((await client.get('/api/user/info')).json().email).toBe(email);
    expect((await client.get('/api/user/email/change')).json().pending_email).toBe(newEmail);

    const token = await tokenMailedTo(newEmail);
    const confirmed = await client.post('/api/user/email/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().email).toBe(newEmail);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.user_id));
    expect(row?.email).toBe(newEmail);

    const notice = (await mailsTo(email)).at(-1);
    expect(notice?.subject).toMatch(/e-mail address was changed/);
    expect(notice?.textBody).toContain(newEmail);

    // The link works once; the new address signs in, the old one does not.
    expect((await client.post('/api/user/email/confirm', { token })).statusCode).toBe(498);
    expect((await client.get('/api/user/email/change')).json().pending_email).toBeNull();
    const login = await new TestClient(t.app).post('/api/user/login', {
      email: newEmail,
      password: VALID_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const old = await new TestClient(t.app).post('/api/user/login', { email, password: VALID_PASSWORD });
    expect(old.statusCode).toBe(401);
  });

  it('asks for the password, a valid and free address different from the current one', async () => {
    const { client, email } = await signUp(t.app);
    const other = await signUp(t.app);
    const wrong = await client.post('/api/user/email/change', { new_email: uniqueEmail(), password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password).toBe('Your password is not correct.');
    const invalid = await client.post('/api/user/email/change', {
      new_email: 'no-at',
      password: VALID_PASSWORD,
    });
    expect(invalid.json().errors.new_email).toBe('Invalid Email Address');
    const same = await client.post('/api/user/email/change', { new_email: email, password: VALID_PASSWORD });
    expect(same.statusCode).toBe(400);
    const taken = await client.post('/api/user/email/change', {
      new_email: other.email.toUpperCase(),
      password: VALID_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
  });

  it("never confirms with another account's link, and not after a day", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const newEmail = uniqueEmail('target');
    await owner.client.post('/api/user/email/change', { new_email: newEmail, password: VALID_PASSWORD });
    const token = await tokenMailedTo(newEmail);

    const stolen = await intruder.client.post('/api/user/email/confirm', { token });
    expect(stolen.statusCode).toBe(498);
    expect((await intruder.client.get('/api/user/info')).json().email).toBe(intruder.email);

    t.clock.advance((EMAIL_CHANGE_TTL_HOURS + 1) * 3_600_000);
    expect((await owner.client.post('/api/user/email/confirm', { token })).statusCode).toBe(498);
    expect((await owner.client.get('/api/user/info')).json().email).toBe(owner.email);
  });

  it('keeps only the latest request: an earlier link stops working', async () => {
    const { client } = await signUp(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await client.post('/api/user/email/change', { new_email: first, password: VALID_PASSWORD });
    const firstToken = await tokenMailedTo(first);
    await client.post('/api/user/email/change', { new_email: second, password: VALID_PASSWORD });
    expect((await client.post('/api/user/email/confirm', { token: firstToken })).statusCode).toBe(498);
    const done = await client.post('/api/user/email/confirm', { token: await tokenMailedTo(second) });
    expect(done.json().email).toBe(second);
  });
});

describe('notification preferences', () => {
  it('start from the defaults, keep partial changes, and refuse unknown categories', async () => {
    const { client, user } = await signUp(t.app);
    const initial = await client.get('/api/user/notification-preferences');
    expect(initial.json()).toEqual({ preferences: DEFAULT_NOTIFICATION_PREFERENCES });

    const saved = await client.put('/api/user/notification-preferences', {
      preferences: { product_news: { email: true, in_app: true } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      product_news: { email: true, in_app: true },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.user_id));
    expect(row?.notificationPreferences).toMatchObject({ product_news: { email: true, in_app: true } });

    const unknown = await client.put('/api/user/notification-preferences', {
      preferences: { spam: { email: true, in_app: true } },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await new TestClient(t.app).get('/api/user/notification-preferences')).statusCode).toBe(401);
  });
});

describe('POST /api/user/author', () => {
  it('grants the author capability that shows the studio', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/user/info')).json().is_author).toBe(false);
    const granted = await client.post('/api/user/author');
    expect(granted.statusCode).toBe(200);
    expect(UserInfoSchema.parse(granted.json()).is_author).toBe(true);
    expect((await client.get('/api/user/info')).json().is_author).toBe(true);
  });
});
