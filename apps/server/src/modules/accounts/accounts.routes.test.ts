import {
  CSRF_HEADER,
  LOGGED_IN_COOKIE,
  SESSION_COOKIE,
  THEME_COOKIE,
  UserInfoSchema,
} from '@coderoom/contracts';
import { AccountMessages, LOGIN_LOCKOUT_MINUTES, MAX_FAILED_LOGINS, ViewedFlag } from '@coderoom/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox, jobs, sessions, users } from '../../db/schema.js';
import { totpAt } from '../../platform/auth/totp.js';
import { buildUser } from '../../test/factories.js';
import {
  buildTestApp,
  signUp,
  type TestApp,
  TestClient,
  uniqueEmail,
  VALID_PASSWORD,
  waitFor,
} from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

describe('POST /api/user/signup', () => {
  it('creates the account and a session, and answers the full user info', async () => {
    const client = new TestClient(t.app);
    const email = uniqueEmail('Signup');
    const response = await client.post('/api/user/signup', {
      email,
      password: VALID_PASSWORD,
      full_name: '  Grace Hopper ',
    });
    expect(response.statusCode).toBe(201);
    const info = UserInfoSchema.parse(response.json());
    expect(info.email).toBe(email);
    expect(info.full_name).toBe('Grace Hopper');
    expect(info.user_theme).toBe('unset');
    expect(info.admin).toBe(false);

    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const again = await client.get('/api/user/info');
    expect(again.statusCode).toBe(200);
    expect(again.json().user_id).toBe(info.user_id);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, info.user_id));
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it.each([
    [
      { email: 'not-an-email', password: VALID_PASSWORD, full_name: 'Ann' },
      'email',
      AccountMessages.InvalidEmail,
    ],
    [{ email: '', password: VALID_PASSWORD, full_name: 'Ann' }, 'email', AccountMessages.InvalidEmail],
    [
      { email: uniqueEmail(), password: VALID_PASSWORD, full_name: '' },
      'full_name',
      "Full name can't be blank.",
    ],
    [
      { email: uniqueEmail(), password: VALID_PASSWORD, full_name: 'Ann <script>' },
      'full_name',
      'Full name cannot contain special characters.',
    ],
    [
      { email: uniqueEmail(), password: 'Sh0rt!', full_name: 'Ann' },
      'password',
      'Password field must be between 8 and 64 characters long',
    ],
    [
      { email: uniqueEmail(), password: 'alllowercase1!', full_name: 'Ann' },
      'password',
      'Password must contain an upper case letter, a lower case letter, a digit and a special character.',
    ],
  ])('rejects %j with the message for %s', async (body, field, message) => {
    const before = await userCount();
    const response = await new TestClient(t.app).post('/api/user/signup', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(response.json().errorText).toBeTruthy();
    expect(await userCount()).toBe(before);
  });

  it('rejects missing fields, wrong types and unknown fields field by field', async () => {
    const client = new TestClient(t.app);
    const missing = await client.post('/api/user/signup', { email: uniqueEmail() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      password: "Password can't be blank.",
      full_name: "Full name can't be blank.",
    });

    const wrongType = await client.post('/api/user/signup', {
      email: 42,
      password: VALID_PASSWORD,
      full_name: 'A',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.email).toBe('Email must be a string.');

    const unknown = await client.post('/api/user/signup', {
      email: uniqueEmail(),
      password: VALID_PASSWORD,
      full_name: 'Ann',
      is_admin: true,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.is_admin).toBe('Unknown field.');
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const { email } = await signUp(t.app);
    const response = await new TestClient(t.app).post('/api/user/signup', {
      email: email.toUpperCase(),
      password: VALID_PASSWORD,
      full_name: 'Copy Cat',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors.email).toMatch(/already exists/);
  });
});

describe('POST /api/user/login', () => {
  it('logs in with the right password and sets the session cookie and the account theme', async () => {
    const user = await buildUser(t.database, { userTheme: 'dark' });
    const client = new TestClient(t.app);
    const response = await client.post('/api/user/login', { email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user_id).toBe(user.id);
    expect(response.cookies.find((c) => c.name === THEME_COOKIE)?.value).toBe('dark');
    expect((await client.get('/api/user/info')).statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await buildUser(t.database);
    const wrong = await new TestClient(t.app).post('/api/user/login', {
      email: user.email,
      password: 'Wr0ng!pass',
    });
    const unknown = await new TestClient(t.app).post('/api/user/login', {
      email: uniqueEmail('nobody'),
      password: 'Wr0ng!pass',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('locks the account after too many wrong passwords, until the lockout passes', async () => {
    const user = await buildUser(t.database);
    const client = new TestClient(t.app, '10.0.0.7');
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      statuses.push(
        (await client.post('/api/user/login', { email: user.email, password: 'Wr0ng!pass' })).statusCode,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const locked = await client.post('/api/user/login', { email: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorText).toBe(AccountMessages.MaxIncorrectCredentials);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(LOGIN_LOCKOUT_MINUTES * 60_000 + 1000);
    const after = await client.post('/api/user/login', { email: user.email, password: user.password });
    expect(after.statusCode).toBe(200);
  });

  it('rate-limits login attempts per client address', async () => {
    t.clock.startFreshWindow(60);
    const client = new TestClient(t.app, '10.0.0.99');
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await client.post('/api/user/login', { email: `nobody${i}@example.com`, password: 'x' }))
        .statusCode;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    const other = await new TestClient(t.app, '10.0.0.100').post('/api/user/login', {
      email: 'nobody@example.com',
      password: 'x',
    });
    expect(other.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('answers 401 on user info when logged out', async () => {
    const response = await new TestClient(t.app).get('/api/user/info');
    expect(response.statusCode).toBe(401);
    expect(response.json().errorText).toBeTruthy();
  });

  it('logout ends the session on the server, not just the cookie', async () => {
    const { client } = await signUp(t.app);
    const token = client.cookies.get(SESSION_COOKIE)!;
    expect((await client.post('/api/user/logout')).statusCode).toBe(200);
    expect((await client.get('/api/user/info')).statusCode).toBe(401);
    // Replaying the old cookie does not bring the session back.
    client.cookies.set(SESSION_COOKIE, token);
    expect((await client.get('/api/user/info')).statusCode).toBe(401);
  });

  it('keeps the readable logged-in marker in step with the session', async () => {
    // Login sets it beside the session; the page reads it (it is not httpOnly) before asking for user info.
    const { client, email } = await signUp(t.app);
    expect(client.cookies.get(LOGGED_IN_COOKIE)).toBe('1');
    const login = await new TestClient(t.app).post('/api/user/login', { email, password: VALID_PASSWORD });
    expect(login.cookies.find((cookie) => cookie.name === LOGGED_IN_COOKIE)?.httpOnly).toBeFalsy();

    // A session without the marker (deleted by hand, set before markers existed) gets it back.
    client.cookies.delete(LOGGED_IN_COOKIE);
    expect((await client.get('/api/user/info')).statusCode).toBe(200);
    expect(client.cookies.get(LOGGED_IN_COOKIE)).toBe('1');

    // A marker that outlived its session is cleared by the next answer, the 401 of user info included.
    const token = client.cookies.get(SESSION_COOKIE);
    expect((await client.post('/api/user/logout')).statusCode).toBe(200);
    expect(client.cookies.has(LOGGED_IN_COOKIE)).toBe(false);
    client.cookies.set(SESSION_COOKIE, token ?? '');
    client.cookies.set(LOGGED_IN_COOKIE, '1');
    expect((await client.get('/api/user/info')).statusCode).toBe(401);
    expect(client.cookies.has(LOGGED_IN_COOKIE)).toBe(false);

    // An anonymous visitor is never handed one.
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/reader/featured_items')).statusCode).toBe(200);
    expect(visitor.cookies.has(LOGGED_IN_COOKIE)).toBe(false);
  });

  it('refuses a state-changing request without the CSRF header and changes nothing', async () => {
    const { client, user } = await signUp(t.app);
    const missing = await client.request(
      'POST',
      '/api/userdata/darkmode',
      { frontend_theme: 'dark' },
      { csrf: false },
    );
    expect(missing.statusCode).toBe(403);
    const forged = await client.request(
      'POST',
      '/api/userdata/darkmode',
      { frontend_theme: 'dark' },
      { csrf: false, headers: { [CSRF_HEADER]: 'guessed' } },
    );
    expect(forged.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.user_id));
    expect(row?.userTheme).toBe('unset');
  });
});

describe('password reset', () => {
  /** The newest mail to `email`, waited for: the reset mail leaves through the job queue. */
  async function latestMailTo(email: string) {
    return waitFor(async () => {
      const rows = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
      return rows.at(-1);
    }, `a mail to ${email}`);
  }

  it('mails a single-use link that sets a new password and ends old sessions', async () => {
    const { client: oldSession, email } = await signUp(t.app);
    const requester = new TestClient(t.app);
    expect((await requester.post('/api/user/password-reset/request', { email })).statusCode).toBe(200);
    const mail = await latestMailTo(email);
    const token = mail?.textBody.match(/signup-and-reset-password\/([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    const weak = await requester.post('/api/user/password-reset/confirm', { token, password: 'weak' });
    expect(weak.statusCode).toBe(400);

    const done = await requester.post('/api/user/password-reset/confirm', {
      token,
      password: 'N3w!Password',
    });
    expect(done.statusCode).toBe(200);
    expect((await requester.get('/api/user/info')).statusCode).toBe(200);
    expect((await oldSession.get('/api/user/info')).statusCode).toBe(401);

    const reused = await requester.post('/api/user/password-reset/confirm', {
      token,
      password: 'An0ther!Pass',
    });
    expect(reused.statusCode).toBe(498);

    const login = await new TestClient(t.app).post('/api/user/login', { email, password: 'N3w!Password' });
    expect(login.statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await new TestClient(t.app).post('/api/user/password-reset/request', { email });
    expect(response.statusCode).toBe(200);
    // Once the worker has handled the request, there is still no mail.
    await waitFor(async () => {
      const rows = await t.database.db.select().from(jobs);
      return rows.some((row) => (row.payload as { email: string }).email === email && row.state === 'done');
    }, 'the reset job to finish');
    const sent = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
    expect(sent).toEqual([]);
  });

  it('refuses an expired link', async () => {
    const { email } = await signUp(t.app);
    await new TestClient(t.app).post('/api/user/password-reset/request', { email });
    const token = (await latestMailTo(email))?.textBody.match(/signup-and-reset-password\/([\w-]+)/)?.[1];
    t.clock.advance(61 * 60_000);
    const response = await new TestClient(t.app).post('/api/user/password-reset/confirm', {
      token,
      password: 'N3w!Password',
    });
    expect(response.statusCode).toBe(498);
  });
});

describe('POST /api/user/password', () => {
  it('needs the current password and ends the other sessions', async () => {
    const { client, email } = await signUp(t.app);
    const other = new TestClient(t.app);
    await other.post('/api/user/login', { email, password: VALID_PASSWORD });

    const wrong = await client.post('/api/user/password', {
      current_password: 'nope',
      new_password: 'N3w!Password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toBeTruthy();

    const ok = await client.post('/api/user/password', {
      current_password: VALID_PASSWORD,
      new_password: 'N3w!Password',
    });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('/api/user/info')).statusCode).toBe(200);
    expect((await other.get('/api/user/info')).statusCode).toBe(401);
  });
});

describe('settings', () => {
  it('saves the theme to the account and to a year-long cookie', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post('/api/userdata/darkmode', { frontend_theme: 'dark' });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === THEME_COOKIE);
    expect(cookie?.value).toBe('dark');
    expect(cookie?.maxAge).toBe(31536000);
    const info = (await client.get('/api/user/info')).json();
    expect(info.user_theme).toBe('dark');
    expect(info.dark_mode_selected).toBe(true);

    await client.post('/api/userdata/darkmode', { frontend_theme: 'system' });
    expect((await client.get('/api/user/info')).json().use_system_preference).toBe(true);

    const bad = await client.post('/api/userdata/darkmode', { frontend_theme: 'purple' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.frontend_theme).toMatch(/light, dark, system/);
  });

  it('rejects a checklist update with neither selection nor completion map, and merges otherwise', async () => {
    const { client } = await signUp(t.app);
    expect((await client.put('/api/user/checklist', {})).statusCode).toBe(400);
    await client.put('/api/user/checklist', { checklist_selection: ['invite', 'course'] });
    const merged = await client.put('/api/user/checklist', { completion_map: { invite: true } });
    expect(merged.json().checklist).toEqual({
      checklist_selection: ['invite', 'course'],
      completion_map: { invite: true },
    });
  });

  it('moves viewed flags only from unseen to seen', async () => {
    const { client } = await signUp(t.app);
    const flag = ViewedFlag.WeeklyGoalsTour;
    const response = await client.put('/api/user/viewed-flags', { flags: [flag] });
    expect(response.statusCode).toBe(200);
    expect(response.json().viewed_flags[flag]).toBe(true);
    const unknown = await client.put('/api/user/viewed-flags', { flags: ['made_up_flag'] });
    expect(unknown.statusCode).toBe(400);
    const setFalse = await client.put('/api/user/viewed-flags', { flags: { [flag]: false } });
    expect(setFalse.statusCode).toBe(400);
  });

  it('stores the tutorial status and the enterprise navigation choice', async () => {
    const { client } = await signUp(t.app);
    expect(
      (await client.post('/api/user/onboarding/tutorial-status', { status: 'completed' })).statusCode,
    ).toBe(200);
    expect(
      (await client.post('/api/userdata/enterprise-navigation', { enable_new_nav_b2b: true })).statusCode,
    ).toBe(200);
    const info = (await client.get('/api/user/info')).json();
    expect(info.enterprise.user_onboarding_tutorial_status).toBe('completed');
    expect(info.enterprise.enable_new_nav_b2b).toBe(true);
  });

  it('answers names and pictures for a list of users, to logged-in callers only', async () => {
    const other = await buildUser(t.database, { fullName: 'Katherine Johnson' });
    const { client } = await signUp(t.app);
    const response = await client.post('/api/user/names-and-profile-pics', {
      user_ids: [other.id, other.id],
    });
    expect(response.json().users).toEqual([
      { user_id: other.id, full_name: 'Katherine Johnson', profile_pic_url: null },
    ]);
    const anonymous = await new TestClient(t.app).post('/api/user/names-and-profile-pics', {
      user_ids: [other.id],
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('two-factor authentication', () => {
  it('sets up with a QR code, then asks for the code at every login', async () => {
    const { client, email } = await signUp(t.app);
    const qr = await client.post('/api/user/qrcode');
    expect(qr.statusCode).toBe(200);
    const { qr_code, secret, otpauth_url } = qr.json();
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    expect(otpauth_url).toContain(`secret=${secret}`);

    const wrong = await client.post('/api/user/verify-totp', { totp: '000000' });
    expect(wrong.statusCode).toBe(400);
    const right = await client.post('/api/user/verify-totp', {
      totp: totpAt(secret, t.clock.now().getTime()),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().two_factor_via_app).toBe(true);

    // Each code is good once (accounts.security.test.ts): the login waits for the next one.
    t.clock.advance(30_000);
    const fresh = new TestClient(t.app);
    const noCode = await fresh.post('/api/user/login', { email, password: VALID_PASSWORD });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().errorText).toBe(AccountMessages.TotpRequired);
    const withCode = await fresh.post('/api/user/login', {
      email,
      password: VALID_PASSWORD,
      totp: totpAt(secret, t.clock.now().getTime()),
    });
    expect(withCode.statusCode).toBe(200);

    const offWithoutCode = await fresh.put('/api/editorial/user/set-two-factor', {
      two_factor_via_app: false,
    });
    expect(offWithoutCode.statusCode).toBe(400);
    t.clock.advance(30_000);
    const off = await fresh.put('/api/editorial/user/set-two-factor', {
      two_factor_via_app: false,
      totp: totpAt(secret, t.clock.now().getTime()),
    });
    expect(off.json().two_factor_via_app).toBe(false);
  });

  it('when an admin requires it, login answers "qr code required" with a session limited to set-up', async () => {
    const admin = await buildUser(t.database, { admin: true });
    const user = await buildUser(t.database);
    const adminClient = new TestClient(t.app);
    await adminClient.post('/api/user/login', { email: admin.email, password: admin.password });
    const required = await adminClient.put('/api/editorial/user/set-two-factor', {
      two_factor_via_app: true,
      user_id: user.id,
    });
    expect(required.statusCode).toBe(200);

    const client = new TestClient(t.app);
    const login = await client.post('/api/user/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(401);
    expect(login.json().errorText).toBe(AccountMessages.QrCodeRequired);
    expect((await client.get('/api/user/info')).statusCode).toBe(401);
    expect((await client.post('/api/userdata/darkmode', { frontend_theme: 'dark' })).statusCode).toBe(401);

    const { secret } = (await client.post('/api/user/qrcode')).json();
    const verified = await client.post('/api/user/verify-totp', {
      totp: totpAt(secret, t.clock.now().getTime()),
    });
    expect(verified.statusCode).toBe(200);
    expect((await client.get('/api/user/info')).statusCode).toBe(200);
  });

  it('does not let an ordinary user change two-factor for someone else', async () => {
    const victim = await buildUser(t.database);
    const { client } = await signUp(t.app);
    const response = await client.put('/api/editorial/user/set-two-factor', {
      two_factor_via_app: false,
      user_id: victim.id,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/admin/mailbox', () => {
  it('shows sent mail to platform admins only', async () => {
    const admin = await buildUser(t.database, { admin: true });
    const { client: learner, email } = await signUp(t.app);
    await new TestClient(t.app).post('/api/user/password-reset/request', { email });
    await waitFor(async () => {
      const rows = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
      return rows.length > 0;
    }, 'the reset mail');
    expect((await learner.get('/api/admin/mailbox')).statusCode).toBe(403);

    const adminClient = new TestClient(t.app);
    await adminClient.post('/api/user/login', { email: admin.email, password: admin.password });
    const response = await adminClient.get('/api/admin/mailbox');
    expect(response.statusCode).toBe(200);
    expect(response.json().messages.some((m: { to: string }) => m.to === email)).toBe(true);
  });
});

describe('session rows', () => {
  it('stores only a hash of the session token', async () => {
    const { client, user } = await signUp(t.app);
    const token = client.cookies.get(SESSION_COOKIE)!;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.user_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(token);
    expect(rows[0]?.id).toMatch(/^[0-9a-f]{64}$/);
  });
});
