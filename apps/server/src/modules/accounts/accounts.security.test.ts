import { SESSION_COOKIE } from '@coderoom/contracts';
import { AccountMessages, MAX_FAILED_LOGINS } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devMailbox, jobs, users } from '../../db/schema.js';
import { totpAt } from '../../platform/auth/totp.js';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, type TestApp, TestClient, uniqueEmail } from '../../test/harness.js';

// The findings of the account probe (issue 13): each case failed before its fix.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const TOTP_STEP_MS = 30_000;

/** A user with app two-factor on, its secret known to the test. */
async function buildTwoFactorUser() {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const user = await buildUser(t.database, { totpSecret: secret, twoFactorViaApp: true });
  return { ...user, secret };
}

describe('one-time codes are one-time', () => {
  // Each case starts at the beginning of a time step, so its codes cannot straddle a step boundary.
  beforeEach(() => t.clock.startFreshWindow(TOTP_STEP_MS / 1000));

  it('accepts a code once: a second login with the same code fails and starts no session', async () => {
    const user = await buildTwoFactorUser();
    const code = totpAt(user.secret, t.clock.now().getTime());
    const first = await new TestClient(t.app).post('/api/user/login', {
      email: user.email,
      password: user.password,
      totp: code,
    });
    expect(first.statusCode).toBe(200);

    const replay = new TestClient(t.app);
    const second = await replay.post('/api/user/login', {
      email: user.email,
      password: user.password,
      totp: code,
    });
    expect(second.statusCode).toBe(401);
    expect(second.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
    expect((await replay.get('/api/user/info')).statusCode).toBe(401);

    // The next step's code works, and an earlier step's code (still inside the drift window) does not.
    t.clock.advance(TOTP_STEP_MS);
    const earlier = await new TestClient(t.app).post('/api/user/login', {
      email: user.email,
      password: user.password,
      totp: totpAt(user.secret, t.clock.now().getTime() - TOTP_STEP_MS),
    });
    expect(earlier.statusCode).toBe(401);
    const next = await new TestClient(t.app).post('/api/user/login', {
      email: user.email,
      password: user.password,
      totp: totpAt(user.secret, t.clock.now().getTime()),
    });
    expect(next.statusCode).toBe(200);
  });

  it('does not accept the code that just switched two-factor on, nor a used one to switch it off', async () => {
    const user = await buildUser(t.database);
    const client = new TestClient(t.app);
    await client.post('/api/user/login', { email: user.email, password: user.password });
    const { secret } = (await client.post('/api/user/qrcode')).json();
    const code = totpAt(secret, t.clock.now().getTime());
    expect((await client.post('/api/user/verify-totp', { totp: code })).statusCode).toBe(200);

    const login = await new TestClient(t.app).post('/api/user/login', {
      email: user.email,
      password: user.password,
      totp: code,
    });
    expect(login.statusCode).toBe(401);
    const off = await client.put('/api/editorial/user/set-two-factor', {
      two_factor_via_app: false,
      totp: code,
    });
    expect(off.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.twoFactorViaApp).toBe(true);
  });
});

/** Asks for a reset link as the form does and reads the token from the mail that arrived. */
async function requestResetToken(email: string): Promise<string> {
  const earlier = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
  const response = await new TestClient(t.app).post('/api/user/password-reset/request', { email });
  expect(response.statusCode).toBe(200);
  const mail = await waitForMail(
    email,
    (text) => /signup-and-reset-password\/[\w-]+/.test(text),
    new Set(earlier.map((row) => row.id)),
  );
  return mail.textBody.match(/signup-and-reset-password\/([\w-]+)/)?.[1] ?? '';
}

/** The newest mail to `to` that matches, polled with a deadline (mail leaves through a queue). */
async function waitForMail(to: string, matches: (text: string) => boolean, seen = new Set<number>()) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, to));
    const mail = rows.filter((row) => !seen.has(row.id) && matches(row.textBody)).at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function storedPasswordHash(userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

describe('password reset and two-factor', () => {
  beforeEach(() => t.clock.startFreshWindow(TOTP_STEP_MS / 1000));

  it('asks for the app code before it changes the password or starts a session', async () => {
    const user = await buildTwoFactorUser();
    const before = await storedPasswordHash(user.id);
    const token = await requestResetToken(user.email);

    const client = new TestClient(t.app);
    const noCode = await client.post('/api/user/password-reset/confirm', { token, password: 'N3w!Password' });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().errorText).toBe(AccountMessages.TotpRequired);
    expect(noCode.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
    expect((await client.get('/api/user/info')).statusCode).toBe(401);
    expect(await storedPasswordHash(user.id)).toBe(before);

    const wrongCode = await client.post('/api/user/password-reset/confirm', {
      token,
      password: 'N3w!Password',
      totp: '000000',
    });
    expect(wrongCode.statusCode).toBe(401);
    expect(await storedPasswordHash(user.id)).toBe(before);

    // The link is still good: with the code, the password changes and the session starts.
    const withCode = await client.post('/api/user/password-reset/confirm', {
      token,
      password: 'N3w!Password',
      totp: totpAt(user.secret, t.clock.now().getTime()),
    });
    expect(withCode.statusCode).toBe(200);
    expect((await client.get('/api/user/info')).json().user_id).toBe(user.id);
    expect(await storedPasswordHash(user.id)).not.toBe(before);
  });

  it('sends an account that must set up two-factor to log in, with no session', async () => {
    const user = await buildUser(t.database, { twoFactorRequired: true });
    const token = await requestResetToken(user.email);
    const client = new TestClient(t.app);
    const response = await client.post('/api/user/password-reset/confirm', {
      token,
      password: 'N3w!Password',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorText).toBe(AccountMessages.QrCodeRequired);
    expect(response.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
    expect((await client.get('/api/user/info')).statusCode).toBe(401);
    // The new password is saved: logging in with it leads to the two-factor set-up.
    const login = await new TestClient(t.app).post('/api/user/login', {
      email: user.email,
      password: 'N3w!Password',
    });
    expect(login.json().errorText).toBe(AccountMessages.QrCodeRequired);
  });
});

describe('reset links are ended by newer ones and by a password change', () => {
  it('a newer reset request ends every earlier link', async () => {
    const user = await buildUser(t.database);
    const first = await requestResetToken(user.email);
    const second = await requestResetToken(user.email);
    expect(second).not.toBe(first);
    const old = await new TestClient(t.app).post('/api/user/password-reset/confirm', {
      token: first,
      password: 'N3w!Password',
    });
    expect(old.statusCode).toBe(498);
    const fresh = await new TestClient(t.app).post('/api/user/password-reset/confirm', {
      token: second,
      password: 'N3w!Password',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('a password change ends every outstanding link', async () => {
    const user = await buildUser(t.database);
    const token = await requestResetToken(user.email);
    const client = new TestClient(t.app);
    await client.post('/api/user/login', { email: user.email, password: user.password });
    const changed = await client.post('/api/user/password', {
      current_password: user.password,
      new_password: 'Chang3d!Pass',
    });
    expect(changed.statusCode).toBe(200);
    const stale = await new TestClient(t.app).post('/api/user/password-reset/confirm', {
      token,
      password: 'N3w!Password',
    });
    expect(stale.statusCode).toBe(498);
    const login = await new TestClient(t.app).post('/api/user/login', {
      email: user.email,
      password: 'Chang3d!Pass',
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('asking for a reset link tells nothing about who has an account', () => {
  async function jobsFor(email: string) {
    const rows = await t.database.db.select().from(jobs);
    return rows.filter((row) => (row.payload as { email?: string }).email === email);
  }

  it('answers alike and does the same work for a known and an unknown address; only the worker knows', async () => {
    const known = await buildUser(t.database);
    const unknown = uniqueEmail('nobody');
    const answers = [];
    for (const email of [known.email, unknown]) {
      const response = await new TestClient(t.app).post('/api/user/password-reset/request', { email });
      answers.push({ status: response.statusCode, body: response.json() });
      // The request itself writes one queued job, whoever owns the address; mail and token come later.
      const queued = await jobsFor(email);
      expect(queued).toHaveLength(1);
      expect(queued[0]?.kind).toBe('accounts.password_reset_mail');
    }
    expect(answers[0]).toEqual(answers[1]);

    const mail = await waitForMail(known.email, (text) => text.includes('signup-and-reset-password/'));
    expect(mail.subject).toMatch(/Reset your/);
    // The unknown address's job finishes too, having sent nothing.
    const deadline = Date.now() + 10_000;
    while ((await jobsFor(unknown))[0]?.state !== 'done' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await jobsFor(unknown))[0]?.state).toBe('done');
    const toUnknown = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, unknown));
    expect(toUnknown).toHaveLength(0);
  });
});

describe('lockout tells nothing about who has an account', () => {
  it('locks an unknown address exactly as a real one: same statuses, bodies and headers', async () => {
    const real = await buildUser(t.database);
    const ghost = uniqueEmail('ghost');
    const runs = [];
    for (const email of [real.email, ghost]) {
      const answers = [];
      // Each address from its own client, so the per-address counters are what is compared.
      const client = new TestClient(t.app);
      for (let i = 0; i <= MAX_FAILED_LOGINS; i++) {
        const response = await client.post('/api/user/login', { email, password: 'Wr0ng!pass' });
        answers.push({
          status: response.statusCode,
          body: response.json(),
          retryAfter: response.headers['retry-after'] !== undefined,
        });
      }
      runs.push(answers);
    }
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[0]?.at(-1)).toMatchObject({
      status: 429,
      body: { errorText: AccountMessages.MaxIncorrectCredentials },
      retryAfter: true,
    });
  });
});

describe('a GET changes no two-factor state', () => {
  async function pendingSecret(userId: number) {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    return row?.totpPendingSecret ?? null;
  }

  it('GET /api/user/qrcode creates no secret and replaces none; only POST makes one', async () => {
    const user = await buildUser(t.database);
    const client = new TestClient(t.app);
    await client.post('/api/user/login', { email: user.email, password: user.password });

    // An <img src="/api/user/qrcode"> elsewhere on the site fetches this with the reader's cookies.
    const before = await client.get('/api/user/qrcode');
    expect(before.statusCode).toBe(404);
    expect(before.json().errorText).toEqual(expect.any(String));
    expect(await pendingSecret(user.id)).toBeNull();

    const created = await client.post('/api/user/qrcode');
    expect(created.statusCode).toBe(200);
    const { secret } = created.json();
    expect(await pendingSecret(user.id)).toBe(secret);

    // The GET shows the same pending secret again, as often as asked, and leaves it as it was.
    const shown = await client.get('/api/user/qrcode');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      secret,
      qr_code: expect.stringMatching(/^data:image\/png;base64,/),
    });
    await client.get('/api/user/qrcode');
    expect(await pendingSecret(user.id)).toBe(secret);

    // A fresh POST makes the one shown before stale.
    const again = (await client.post('/api/user/qrcode')).json();
    expect(again.secret).not.toBe(secret);
    expect(await pendingSecret(user.id)).toBe(again.secret);
  });
});
