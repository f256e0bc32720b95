import type {
  ChecklistRequest,
  DarkModeRequest,
  LoginRequest,
  PasswordChangeRequest,
  PasswordResetConfirm,
  SetTwoFactorRequest,
  SignupRequest,
  UserInfo,
} from '@coderoom/contracts';
import {
  ErrorStatus,
  LOGIN_LOCKOUT_MINUTES,
  MAX_FAILED_LOGINS,
  OnboardingStage,
  PRODUCT_NAME,
  SsoErrors,
  ThemeChoice,
  ViewedFlag,
  validateEmail,
  validateFullName,
  validatePassword,
} from '@coderoom/domain';
import QRCode from 'qrcode';
import type { UserRow } from '../../db/schema.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/password.js';
import type { SessionContext, SessionStore } from '../../platform/auth/sessions.js';
import { hashToken, newToken } from '../../platform/auth/tokens.js';
import { matchTotpStep, newTotpSecret, otpauthUrl } from '../../platform/auth/totp.js';
import { createFeedCache } from '../../platform/cache/feedCache.js';
import type { Clock } from '../../platform/clock.js';
import type { ChangeFeed } from '../../platform/db/changes.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { forbidden, invalidInput } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { AccountErrors } from './accounts.errors.js';
import { isPlatformAdmin } from './accounts.policy.js';
import { type EnterpriseBlock, presentUserInfo } from './accounts.presenter.js';
import * as repo from './accounts.repository.js';

export interface AccountsDeps {
  db: Db;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  jobs: JobQueue;
  clock: Clock;
  publicUrl: string;
  /** The user-info fields commerce owns (is_user_subscribed, owns_paid_courses, trials, preferred plan). */
  commerceInfo?: (userId: number) => Promise<Partial<UserInfo>>;
  /** The enterprise block of user info (organizations module); without it the user is in no organization. */
  enterprise?: { enterpriseBlock(userId: number): Promise<EnterpriseBlock> };
  /** Whether the organization owning this address's domain signs in by SSO only (organizations module). */
  ssoOnly?: (email: string) => Promise<boolean>;
  /** A friend's referral code given at sign-up: checked first, recorded once the account exists (growth). */
  referrals?: {
    assertCode(code: string): Promise<void>;
    recordSignup(userId: number, code: string): Promise<void>;
  };
  /**
   * The change feed: user info takes the user's row from a per-process cache that every write to it drops
   * (`user:<id>`, migration 0090), in every process. Without it the row is read on every call.
   */
  changes?: Pick<ChangeFeed, 'on' | 'isLive' | 'onReset'>;
}

/** Users whose row one process keeps for user info. */
const USER_CACHE_MAX_ENTRIES = 20_000;

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface SessionResult {
  user: UserInfo;
  sessionToken: string;
}

/** The password was right but two-factor must be set up first; the token is a limited session. */
export interface PendingTwoFactorResult {
  pendingTwoFactorToken: string;
}

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Job kind: find the address's account, if any, and mail it a reset link (docs/jobs.md). */
export const PASSWORD_RESET_MAIL_JOB = 'accounts.password_reset_mail';
const VIEWED_FLAGS = new Set<string>(Object.values(ViewedFlag));

/**
 * Sign-ups one address may make in an hour: 10, or SIGNUPS_PER_IP_PER_HOUR (a positive integer) where one
 * address stands for many people, e.g. the end-to-end journeys, which all sign up from 127.0.0.1.
 */
function signupsPerIpPerHour(): number {
  const configured = Number(process.env.SIGNUPS_PER_IP_PER_HOUR);
  return Number.isInteger(configured) && configured > 0 ? configured : 10;
}

// Budgets for the auth endpoints, per client address and per account.
export const AuthRateRules = {
  loginPerIp: { limit: 30, windowSeconds: 60 },
  signupPerIp: { limit: signupsPerIpPerHour(), windowSeconds: 60 * 60 },
  resetPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  totpPerUser: { limit: 10, windowSeconds: 5 * 60 },
  passwordChangePerUser: { limit: 10, windowSeconds: 15 * 60 },
} as const;

function collectErrors(checks: Record<string, string | null>): Record<string, string> | null {
  const errors = Object.fromEntries(
    Object.entries(checks).filter((entry): entry is [string, string] => !!entry[1]),
  );
  return Object.keys(errors).length > 0 ? errors : null;
}

function normaliseEmail(email: string): string {
  return email.trim();
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, sessions, rateLimiter, mailer, jobs, clock } = deps;

  /** Every change to a user row carries the clock's time. */
  const updateUser = (executor: DbExecutor, id: number, patch: repo.UserPatch) =>
    repo.updateUser(executor, id, patch, clock.now());

  const userRows = createFeedCache<number, { user: UserRow | undefined }>(deps.changes, {
    maxEntries: USER_CACHE_MAX_ENTRIES,
  });
  deps.changes?.on('user', (userId) => userRows.delete(Number(userId)));

  async function loadUser(userId: number): Promise<UserRow> {
    const user = await repo.findUserById(db, userId);
    if (!user) throw AccountErrors.userNotFound();
    return user;
  }

  async function startSession(user: UserRow, client: ClientInfo): Promise<SessionResult> {
    const sessionToken = await sessions.create(db, { userId: user.id, state: 'active', ...client });
    return { user: presentUserInfo(user), sessionToken };
  }

  /** A right code whose time step this account has not used yet; the step is used up by this call. */
  async function acceptTotp(userId: number, secret: string, code: string, executor: DbExecutor = db) {
    const step = matchTotpStep(secret, code.trim(), clock.now().getTime());
    return step !== null && (await repo.claimTotpStep(executor, userId, step, clock.now()));
  }

  /** The key failed logins are counted under: the address as typed, whether or not it has an account. */
  const loginKey = (email: string) => email.toLowerCase();

  async function failLogin(email: string): Promise<never> {
    const now = clock.now();
    const lockoutMs = LOGIN_LOCKOUT_MINUTES * 60_000;
    const lockedUntil = await repo.recordLoginFailure(db, loginKey(email), {
      maxAttempts: MAX_FAILED_LOGINS,
      now,
      lockUntil: new Date(now.getTime() + lockoutMs),
      freshSince: new Date(now.getTime() - lockoutMs),
    });
    if (lockedUntil && lockedUntil > now) throw lockedOut(lockedUntil, now);
    throw AccountErrors.invalidCredentials();
  }

  const lockedOut = (until: Date, now: Date) =>
    AccountErrors.lockedOut(Math.ceil((until.getTime() - now.getTime()) / 1000));

  /**
   * The reset mail, sent by the job worker. A retry sends a fresh link, which ends the earlier one. A
   * logged-out enterprise purchase (modules/commerce) queues it with `organization` set: the same link,
   * worded as the first password of the account the purchase made.
   */
  async function sendPasswordResetMail(payload: unknown): Promise<void> {
    const address = (payload as { email?: unknown }).email;
    const organization = (payload as { organization?: unknown }).organization;
    if (typeof address !== 'string') throw new Error('password reset job without an e-mail address');
    const user = await repo.findUserByEmail(db, address);
    if (!user) return;
    const token = newToken();
    const now = clock.now();
    await db.transaction(async (tx) => {
      // Only the newest link works: an older one, still in some inbox, is ended here.
      await repo.invalidateResetTokens(tx, user.id, now);
      await repo.insertResetToken(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      });
    });
    const link = `${deps.publicUrl}/signup-and-reset-password/${token}`;
    if (typeof organization === 'string') {
      await mailer.send({
        to: user.email,
        subject: `Your ${PRODUCT_NAME} account for ${organization} is ready`,
        text: `Hi ${user.fullName},\n\nThank you for buying ${PRODUCT_NAME} for ${organization}. You are its admin. Open this link within an hour to choose your password and sign in:\n\n${link}\n\nLater, "Forgot password" on the login page sends a new link.\n`,
        html: `<p>Hi ${escapeHtml(user.fullName)},</p><p>Thank you for buying ${PRODUCT_NAME} for ${escapeHtml(organization)}. You are its admin. Open this link within an hour to choose your password and sign in:</p><p><a href="${link}">${link}</a></p><p>Later, "Forgot password" on the login page sends a new link.</p>`,
      });
      return;
    }
    await mailer.send({
      to: user.email,
      subject: `Reset your ${PRODUCT_NAME} password`,
      text: `Hi ${user.fullName},\n\nSomeone asked to reset the password of your ${PRODUCT_NAME} account. Open this link within an hour to choose a new one:\n\n${link}\n\nIf it wasn't you, ignore this e-mail: your password stays as it is.\n`,
      html: `<p>Hi ${escapeHtml(user.fullName)},</p><p>Someone asked to reset the password of your ${PRODUCT_NAME} account. Open this link within an hour to choose a new one:</p><p><a href="${link}">${link}</a></p><p>If it wasn't you, ignore this e-mail: your password stays as it is.</p>`,
    });
  }
  jobs.handle(PASSWORD_RESET_MAIL_JOB, sendPasswordResetMail);

  return {
    async getUserInfo(auth: SessionContext): Promise<UserInfo> {
      const { user } = await userRows.get(auth.userId, async () => ({
        user: await repo.findUserById(db, auth.userId),
      }));
      if (!user) throw AccountErrors.userNotFound();
      const info = presentUserInfo(
        user,
        deps.enterprise ? await deps.enterprise.enterpriseBlock(user.id) : undefined,
      );
      return deps.commerceInfo ? { ...info, ...(await deps.commerceInfo(auth.userId)) } : info;
    },

    async signup(input: SignupRequest, client: ClientInfo): Promise<SessionResult> {
      await rateLimiter.consume(`signup:ip:${client.ip}`, AuthRateRules.signupPerIp);
      const email = normaliseEmail(input.email);
      const fullName = input.full_name.trim();
      const errors = collectErrors({
        email: validateEmail(email),
        full_name: validateFullName(fullName),
        password: validatePassword(input.password),
      });
      if (errors) throw invalidInput(errors);
      if (await repo.findUserByEmail(db, email)) throw AccountErrors.emailTaken();
      const referralCode = input.referral_code?.trim();
      if (referralCode) await deps.referrals?.assertCode(referralCode);
      const user = await repo.insertUser(db, {
        email,
        fullName,
        passwordHash: await hashPassword(input.password),
        // A new learner starts with onboarding (docs/account.md); postLoginHome sends them there.
        nextOnboardingStage: OnboardingStage.Goal,
      });
      if (!user) throw AccountErrors.emailTaken();
      if (referralCode) await deps.referrals?.recordSignup(user.id, referralCode);
      return startSession(user, client);
    },

    /**
     * Password first, then two-factor. Every wrong password or code counts towards the lockout; an
     * unknown e-mail costs the same time as a wrong password so it cannot be told apart.
     */
    async login(input: LoginRequest, client: ClientInfo): Promise<SessionResult | PendingTwoFactorResult> {
      const email = normaliseEmail(input.email);
      await rateLimiter.consume(`login:ip:${client.ip}`, AuthRateRules.loginPerIp);
      const emailError = validateEmail(email);
      if (emailError) throw invalidInput({ email: emailError });

      // The same steps for every address — look up, check the lock, verify a hash, count a failure — so
      // neither the answers nor their timing tell whether it has an account (docs/security.md).
      const user = await repo.findUserByEmail(db, email);
      const now = clock.now();
      const lockedUntil = await repo.findLoginLock(db, loginKey(email));
      if (lockedUntil && lockedUntil > now) throw lockedOut(lockedUntil, now);
      if (!user) {
        await verifyAgainstDummy(input.password);
        return failLogin(email);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) return failLogin(email);
      // Only after the right password, so this answer says nothing to someone guessing.
      if (deps.ssoOnly && (await deps.ssoOnly(user.email))) throw forbidden(SsoErrors.PasswordLoginDisabled);

      if (user.twoFactorViaApp && user.totpSecret) {
        if (!input.totp) throw AccountErrors.totpRequired();
        if (!(await acceptTotp(user.id, user.totpSecret, input.totp))) return failLogin(email);
      } else if (user.twoFactorRequired) {
        // Two-factor is required but not set up yet: a limited session may only fetch the QR code.
        const pendingTwoFactorToken = await sessions.create(db, {
          userId: user.id,
          state: 'pending_two_factor',
          ...client,
        });
        return { pendingTwoFactorToken };
      }
      await repo.clearLoginFailures(db, loginKey(email));
      return startSession(user, client);
    },

    /**
     * Single sign-on (modules/organizations/sso): the identity provider has vouched for this address, so
     * the account with it gets a session, or one is made (just-in-time). Its password is random and never
     * told: such a person signs in through their IdP, or sets a password by the reset mail.
     */
    async signInVerified(
      input: { email: string; fullName: string },
      client: ClientInfo,
    ): Promise<{ userId: number; sessionToken: string; created: boolean }> {
      const email = normaliseEmail(input.email);
      const existing = await repo.findUserByEmail(db, email);
      const user =
        existing ??
        (await repo.insertUser(db, {
          email,
          fullName: input.fullName.trim().slice(0, 100) || (email.split('@')[0] ?? email),
          passwordHash: await hashPassword(newToken()),
          nextOnboardingStage: OnboardingStage.Goal,
        })) ??
        (await repo.findUserByEmail(db, email));
      if (!user) throw AccountErrors.userNotFound();
      const sessionToken = await sessions.create(db, { userId: user.id, state: 'active', ...client });
      return { userId: user.id, sessionToken, created: !existing };
    },

    /**
     * A logged-out enterprise purchase (modules/commerce) makes the buyer's account in the payment's
     * transaction: a random password nobody is told, so the account opens only through the set-password
     * mail (`queueAccountSetupIn`), which proves the mailbox. Answers the account's id and its password
     * hash as made (commerce keeps it to tell whether the owner has claimed the account since), or
     * undefined when another request made an account for the address first.
     */
    async createPurchaseAccountIn(
      tx: DbExecutor,
      input: { email: string; fullName: string },
    ): Promise<{ userId: number; passwordHash: string } | undefined> {
      const user = await repo.insertUser(tx, {
        email: normaliseEmail(input.email),
        fullName: input.fullName,
        passwordHash: await hashPassword(newToken()),
        nextOnboardingStage: OnboardingStage.Goal,
      });
      return user ? { userId: user.id, passwordHash: user.passwordHash } : undefined;
    },

    /** Queues, in the caller's transaction, the mail with the link that sets a purchase account's password. */
    async queueAccountSetupIn(tx: DbExecutor, email: string, organization: string): Promise<void> {
      await jobs.enqueue(tx, PASSWORD_RESET_MAIL_JOB, { email, organization });
    },

    async logout(auth: SessionContext | null): Promise<void> {
      if (auth) await sessions.revoke(auth.sessionId);
    },

    /**
     * Always answers the same way and does the same work, so neither the answer nor its timing tells
     * who has an account: every valid address gets one queued job, and only the worker looks it up.
     */
    async requestPasswordReset(email: string, client: ClientInfo): Promise<void> {
      const address = normaliseEmail(email);
      const emailError = validateEmail(address);
      if (emailError) throw invalidInput({ email: emailError });
      await rateLimiter.consume(`reset:ip:${client.ip}`, AuthRateRules.resetPerIp);
      await rateLimiter.consume(`reset:account:${address.toLowerCase()}`, AuthRateRules.resetPerAccount);
      await jobs.enqueue(db, PASSWORD_RESET_MAIL_JOB, { email: address });
    },

    /**
     * A reset link proves access to the mailbox, not the second factor: an account with app two-factor
     * must send its code too (before anything changes), and an account that must still set two-factor up
     * gets its new password but no session, so its next login leads to the set-up (docs/security.md).
     */
    async confirmPasswordReset(input: PasswordResetConfirm, client: ClientInfo): Promise<SessionResult> {
      const passwordError = validatePassword(input.password);
      if (passwordError) throw invalidInput({ password: passwordError });
      const tokenHash = hashToken(input.token);
      const userId = await repo.findLiveResetToken(db, tokenHash, clock.now());
      if (userId === null) throw AccountErrors.resetTokenInvalid();
      const owner = await loadUser(userId);
      if (owner.twoFactorViaApp && owner.totpSecret) {
        if (!input.totp) throw AccountErrors.totpRequired();
        await rateLimiter.consume(`totp:user:${owner.id}`, AuthRateRules.totpPerUser);
        if (!(await acceptTotp(owner.id, owner.totpSecret, input.totp))) throw AccountErrors.invalidTotp();
      }
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction(async (tx) => {
        const now = clock.now();
        if ((await repo.consumeResetToken(tx, tokenHash, now)) === null)
          throw AccountErrors.resetTokenInvalid();
        await repo.invalidateResetTokens(tx, userId, now);
        // A new password ends every existing session, wherever it is.
        await sessions.revokeAllForUser(tx, userId);
        // A new password lifts a lockout of the account's address.
        await repo.clearLoginFailures(tx, loginKey(owner.email));
        return updateUser(tx, userId, { passwordHash });
      });
      if (!user) throw AccountErrors.resetTokenInvalid();
      if (user.twoFactorRequired && !user.twoFactorViaApp) throw AccountErrors.qrCodeRequired();
      return startSession(user, client);
    },

    async changePassword(auth: SessionContext, input: PasswordChangeRequest): Promise<void> {
      await rateLimiter.consume(`password:user:${auth.userId}`, AuthRateRules.passwordChangePerUser);
      const passwordError = validatePassword(input.new_password, 'New password');
      if (passwordError) throw invalidInput({ new_password: passwordError });
      const user = await loadUser(auth.userId);
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        throw AccountErrors.wrongCurrentPassword();
      }
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash });
        await sessions.revokeAllForUser(tx, user.id, auth.sessionId);
        // A reset link sent before the change must not undo it.
        await repo.invalidateResetTokens(tx, user.id, clock.now());
      });
    },

    async setTheme(auth: SessionContext, input: DarkModeRequest): Promise<void> {
      const patch =
        input.frontend_theme === ThemeChoice.System
          ? { useSystemPreference: true }
          : { userTheme: input.frontend_theme, useSystemPreference: false };
      await updateUser(db, auth.userId, patch);
    },

    async updateChecklist(auth: SessionContext, input: ChecklistRequest): Promise<UserInfo> {
      if (!input.checklist_selection && !input.completion_map) throw AccountErrors.checklistEmpty();
      const user = await loadUser(auth.userId);
      const checklist = {
        checklist_selection: input.checklist_selection ?? user.checklist.checklist_selection,
        completion_map: { ...user.checklist.completion_map, ...input.completion_map },
      };
      return presentUserInfo((await updateUser(db, auth.userId, { checklist })) ?? user);
    },

    async setTutorialStatus(auth: SessionContext, status: string): Promise<void> {
      await updateUser(db, auth.userId, { tutorialStatus: status });
    },

    async setEnterpriseNavigation(auth: SessionContext, enabled: boolean): Promise<void> {
      await updateUser(db, auth.userId, { enableNewNavB2b: enabled });
    },

    /** Flags only ever move from unseen to seen: the request can only add `true` values. */
    async markViewedFlags(auth: SessionContext, flags: string[]): Promise<UserInfo> {
      const unknown = flags.find((flag) => !VIEWED_FLAGS.has(flag));
      if (unknown) throw AccountErrors.unknownViewedFlag(unknown);
      const patch = Object.fromEntries(flags.map((flag) => [flag, true] as const));
      const user = await repo.mergeViewedFlags(db, auth.userId, patch, clock.now());
      if (!user) throw AccountErrors.userNotFound();
      return presentUserInfo(user);
    },

    async namesAndProfilePics(ids: number[]) {
      return repo.findNamesAndPictures(db, [...new Set(ids)]);
    },

    /**
     * POST /api/user/qrcode: a fresh pending secret each call until one is confirmed, so a QR code seen
     * by someone else goes stale. Only a POST makes one: a GET (an image tag elsewhere) changes nothing.
     */
    async createQrCode(auth: SessionContext) {
      const user = await loadUser(auth.userId);
      if (user.twoFactorViaApp) throw AccountErrors.twoFactorAlreadyOn();
      const secret = newTotpSecret();
      await updateUser(db, user.id, { totpPendingSecret: secret });
      return qrCodeOf(secret, user.email);
    },

    /** GET /api/user/qrcode: the pending secret's QR code again (after a reload); read-only. */
    async readQrCode(auth: SessionContext) {
      const user = await loadUser(auth.userId);
      if (user.twoFactorViaApp) throw AccountErrors.twoFactorAlreadyOn();
      if (!user.totpPendingSecret) throw AccountErrors.noPendingQrCode();
      return qrCodeOf(user.totpPendingSecret, user.email);
    },

    async verifyTotpSetup(auth: SessionContext, code: string): Promise<UserInfo> {
      await rateLimiter.consume(`totp:user:${auth.userId}`, AuthRateRules.totpPerUser);
      const user = await loadUser(auth.userId);
      if (!user.totpPendingSecret) throw AccountErrors.qrCodeRequired(ErrorStatus.OperationNotAllowed);
      if (!(await acceptTotp(user.id, user.totpPendingSecret, code))) {
        throw AccountErrors.invalidTotp(ErrorStatus.OperationNotAllowed);
      }
      const updated = await db.transaction(async (tx) => {
        const row = await updateUser(tx, user.id, {
          totpSecret: user.totpPendingSecret,
          totpPendingSecret: null,
          twoFactorViaApp: true,
        });
        if (auth.state === 'pending_two_factor') await sessions.activate(tx, auth.sessionId);
        return row;
      });
      return presentUserInfo(updated ?? user);
    },

    /**
     * On oneself: switching off needs a current code; switching on needs the QR flow first.
     * A platform admin may require (or reset) two-factor for another account.
     */
    async setTwoFactor(auth: SessionContext, input: SetTwoFactorRequest): Promise<UserInfo> {
      const caller = await loadUser(auth.userId);
      if (input.user_id !== undefined && input.user_id !== caller.id) {
        if (!isPlatformAdmin(caller)) throw forbidden();
        await loadUser(input.user_id);
        await updateUser(
          db,
          input.user_id,
          input.two_factor_via_app
            ? { twoFactorRequired: true }
            : {
                twoFactorRequired: false,
                twoFactorViaApp: false,
                totpSecret: null,
                totpPendingSecret: null,
                totpLastStep: null,
              },
        );
        return presentUserInfo(caller);
      }
      if (input.two_factor_via_app) {
        if (caller.twoFactorViaApp) return presentUserInfo(caller);
        throw AccountErrors.qrCodeRequired(ErrorStatus.OperationNotAllowed);
      }
      if (!caller.twoFactorViaApp || !caller.totpSecret) return presentUserInfo(caller);
      await rateLimiter.consume(`totp:user:${auth.userId}`, AuthRateRules.totpPerUser);
      if (!input.totp || !(await acceptTotp(caller.id, caller.totpSecret, input.totp))) {
        throw AccountErrors.invalidTotp(ErrorStatus.OperationNotAllowed);
      }
      const updated = await updateUser(db, caller.id, {
        twoFactorViaApp: false,
        twoFactorRequired: false,
        totpSecret: null,
        totpPendingSecret: null,
        // The next secret starts its own sequence of steps.
        totpLastStep: null,
      });
      return presentUserInfo(updated ?? caller);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

async function qrCodeOf(secret: string, email: string) {
  const url = otpauthUrl(secret, email, PRODUCT_NAME);
  return { qr_code: await QRCode.toDataURL(url, { margin: 1, width: 220 }), secret, otpauth_url: url };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
