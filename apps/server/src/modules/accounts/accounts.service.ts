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
  PRODUCT_NAME,
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
import { newTotpSecret, otpauthUrl, verifyTotp } from '../../platform/auth/totp.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { forbidden, invalidInput } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { AccountErrors } from './accounts.errors.js';
import { isPlatformAdmin } from './accounts.policy.js';
import { presentUserInfo } from './accounts.presenter.js';
import * as repo from './accounts.repository.js';

export interface AccountsDeps {
  db: Db;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
}

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
const VIEWED_FLAGS = new Set<string>(Object.values(ViewedFlag));

// Budgets for the auth endpoints, per client address and per account.
export const AuthRateRules = {
  loginPerIp: { limit: 30, windowSeconds: 60 },
  loginPerAccount: { limit: 20, windowSeconds: 15 * 60 },
  signupPerIp: { limit: 10, windowSeconds: 60 * 60 },
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
  const { db, sessions, rateLimiter, mailer, clock } = deps;

  /** Every change to a user row carries the clock's time. */
  const updateUser = (executor: DbExecutor, id: number, patch: repo.UserPatch) =>
    repo.updateUser(executor, id, patch, clock.now());

  async function loadUser(userId: number): Promise<UserRow> {
    const user = await repo.findUserById(db, userId);
    if (!user) throw AccountErrors.userNotFound();
    return user;
  }

  async function startSession(user: UserRow, client: ClientInfo): Promise<SessionResult> {
    const sessionToken = await sessions.create(db, { userId: user.id, state: 'active', ...client });
    return { user: presentUserInfo(user), sessionToken };
  }

  async function failLogin(user: UserRow): Promise<never> {
    const now = clock.now();
    const lockUntil = new Date(now.getTime() + LOGIN_LOCKOUT_MINUTES * 60_000);
    const result = await repo.recordFailedLogin(db, user.id, { maxAttempts: MAX_FAILED_LOGINS, lockUntil });
    if (result?.lockedUntil && result.lockedUntil > now) {
      throw AccountErrors.lockedOut(Math.ceil((result.lockedUntil.getTime() - now.getTime()) / 1000));
    }
    throw AccountErrors.invalidCredentials();
  }

  return {
    async getUserInfo(auth: SessionContext): Promise<UserInfo> {
      return presentUserInfo(await loadUser(auth.userId));
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
      const user = await repo.insertUser(db, {
        email,
        fullName,
        passwordHash: await hashPassword(input.password),
      });
      if (!user) throw AccountErrors.emailTaken();
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
      await rateLimiter.consume(`login:account:${email.toLowerCase()}`, AuthRateRules.loginPerAccount);

      const user = await repo.findUserByEmail(db, email);
      if (!user) {
        await verifyAgainstDummy(input.password);
        throw AccountErrors.invalidCredentials();
      }
      const now = clock.now();
      if (user.lockedUntil && user.lockedUntil > now) {
        throw AccountErrors.lockedOut(Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 1000));
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) return failLogin(user);

      if (user.twoFactorViaApp && user.totpSecret) {
        if (!input.totp) throw AccountErrors.totpRequired();
        if (!verifyTotp(user.totpSecret, input.totp.trim(), now.getTime())) return failLogin(user);
      } else if (user.twoFactorRequired) {
        // Two-factor is required but not set up yet: a limited session may only fetch the QR code.
        const pendingTwoFactorToken = await sessions.create(db, {
          userId: user.id,
          state: 'pending_two_factor',
          ...client,
        });
        return { pendingTwoFactorToken };
      }
      const fresh = await updateUser(db, user.id, { failedLoginCount: 0, lockedUntil: null });
      return startSession(fresh ?? user, client);
    },

    async logout(auth: SessionContext | null): Promise<void> {
      if (auth) await sessions.revoke(auth.sessionId);
    },

    /** Always answers the same way, so the form cannot be used to find out who has an account. */
    async requestPasswordReset(email: string, client: ClientInfo): Promise<void> {
      const address = normaliseEmail(email);
      const emailError = validateEmail(address);
      if (emailError) throw invalidInput({ email: emailError });
      await rateLimiter.consume(`reset:ip:${client.ip}`, AuthRateRules.resetPerIp);
      await rateLimiter.consume(`reset:account:${address.toLowerCase()}`, AuthRateRules.resetPerAccount);
      const user = await repo.findUserByEmail(db, address);
      if (!user) return;
      const token = newToken();
      await repo.insertResetToken(db, {
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(clock.now().getTime() + RESET_TOKEN_TTL_MS),
      });
      const link = `${deps.publicUrl}/signup-and-reset-password/${token}`;
      await mailer.send({
        to: user.email,
        subject: `Reset your ${PRODUCT_NAME} password`,
        text: `Hi ${user.fullName},\n\nSomeone asked to reset the password of your ${PRODUCT_NAME} account. Open this link within an hour to choose a new one:\n\n${link}\n\nIf it wasn't you, ignore this e-mail: your password stays as it is.\n`,
        html: `<p>Hi ${escapeHtml(user.fullName)},</p><p>Someone asked to reset the password of your ${PRODUCT_NAME} account. Open this link within an hour to choose a new one:</p><p><a href="${link}">${link}</a></p><p>If it wasn't you, ignore this e-mail: your password stays as it is.</p>`,
      });
    },

    async confirmPasswordReset(input: PasswordResetConfirm, client: ClientInfo): Promise<SessionResult> {
      const passwordError = validatePassword(input.password);
      if (passwordError) throw invalidInput({ password: passwordError });
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction(async (tx) => {
        const userId = await repo.consumeResetToken(tx, hashToken(input.token), clock.now());
        if (userId === null) throw AccountErrors.resetTokenInvalid();
        // A new password ends every existing session, wherever it is.
        await sessions.revokeAllForUser(tx, userId);
        return updateUser(tx, userId, { passwordHash, failedLoginCount: 0, lockedUntil: null });
      });
      if (!user) throw AccountErrors.resetTokenInvalid();
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

    /** A fresh secret each time until one is confirmed, so a QR code seen by someone else goes stale. */
    async createQrCode(auth: SessionContext) {
      const user = await loadUser(auth.userId);
      if (user.twoFactorViaApp) throw AccountErrors.twoFactorAlreadyOn();
      const secret = newTotpSecret();
      await updateUser(db, user.id, { totpPendingSecret: secret });
      const url = otpauthUrl(secret, user.email, PRODUCT_NAME);
      return { qr_code: await QRCode.toDataURL(url, { margin: 1, width: 220 }), secret, otpauth_url: url };
    },

    async verifyTotpSetup(auth: SessionContext, code: string): Promise<UserInfo> {
      await rateLimiter.consume(`totp:user:${auth.userId}`, AuthRateRules.totpPerUser);
      const user = await loadUser(auth.userId);
      if (!user.totpPendingSecret) throw AccountErrors.qrCodeRequired(ErrorStatus.OperationNotAllowed);
      if (!verifyTotp(user.totpPendingSecret, code.trim(), clock.now().getTime())) {
        throw AccountErrors.invalidTotp(ErrorStatus.OperationNotAllowed);
      }
      const updated = await db.transaction(async (tx) => {
        const row = await updateUser(tx, user.id, {
          totpSecret: user.totpPendingSecret,
          totpPendingSecret: null,
          twoFactorViaApp: true,
          failedLoginCount: 0,
          lockedUntil: null,
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
            : { twoFactorRequired: false, twoFactorViaApp: false, totpSecret: null, totpPendingSecret: null },
        );
        return presentUserInfo(caller);
      }
      if (input.two_factor_via_app) {
        if (caller.twoFactorViaApp) return presentUserInfo(caller);
        throw AccountErrors.qrCodeRequired(ErrorStatus.OperationNotAllowed);
      }
      if (!caller.twoFactorViaApp || !caller.totpSecret) return presentUserInfo(caller);
      await rateLimiter.consume(`totp:user:${auth.userId}`, AuthRateRules.totpPerUser);
      if (!input.totp || !verifyTotp(caller.totpSecret, input.totp.trim(), clock.now().getTime())) {
        throw AccountErrors.invalidTotp(ErrorStatus.OperationNotAllowed);
      }
      const updated = await updateUser(db, caller.id, {
        twoFactorViaApp: false,
        twoFactorRequired: false,
        totpSecret: null,
        totpPendingSecret: null,
      });
      return presentUserInfo(updated ?? caller);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
