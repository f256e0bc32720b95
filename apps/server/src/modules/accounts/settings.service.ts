import type {
  EmailChangeRequest,
  EmailChangeStatus,
  NotificationPreferencesRequest,
  OnboardingAnswersRequest,
  OnboardingState,
  ProfileUpdateRequest,
  UserInfo,
} from '@coderoom/contracts';
import {
  DELETED_USER_NAME,
  EMAIL_CHANGE_TTL_HOURS,
  ErrorStatus,
  type LearningGoal,
  type NotificationPreferences,
  OnboardingStage,
  PRODUCT_NAME,
  resolveNotificationPreferences,
  validateEmail,
  validateFullName,
} from '@coderoom/domain';
import type { OnboardingAnswers, UserRow } from '../../db/schema.js';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import type { SessionStore } from '../../platform/auth/sessions.js';
import { hashToken, newToken } from '../../platform/auth/tokens.js';
import { matchTotpStep } from '../../platform/auth/totp.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { invalidInput } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { AccountErrors } from './accounts.errors.js';
import { presentUserInfo } from './accounts.presenter.js';
import * as repo from './accounts.repository.js';

// The account's own settings (docs/account.md): profile, e-mail change with a confirmation link,
// notification preferences, the author capability and onboarding answers; and, for the privacy
// module, re-authentication and the end of an account.

export interface AccountSettingsDeps {
  db: Db;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** Ends the sessions of an account that goes, in every process's session cache too. */
  sessions: Pick<SessionStore, 'revokeAllForUser'>;
}

export const SettingsRateRules = {
  emailChangePerUser: { limit: 5, windowSeconds: 60 * 60 },
  reauthPerUser: { limit: 10, windowSeconds: 15 * 60 },
} as const;

/** The profile fields a data export starts with (never the password hash or second-factor secrets). */
export interface AccountExportProfile {
  user_id: number;
  email: string;
  full_name: string;
  profile_pic_url: string | null;
  sign_up_date: string;
  user_theme: string;
  use_system_preference: boolean;
  two_factor_via_app: boolean;
  is_author: boolean;
  notification_preferences: NotificationPreferences;
  onboarding: OnboardingState;
  viewed_flags: Record<string, boolean>;
  checklist: UserRow['checklist'];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The first stage whose answer is missing; the recommendation once all three are in. */
function stageAfter(answers: OnboardingAnswers): OnboardingStage {
  if (!answers.goal) return OnboardingStage.Goal;
  if (!answers.languages?.length) return OnboardingStage.Languages;
  if (!answers.level) return OnboardingStage.Level;
  return OnboardingStage.Recommendation;
}

export function presentOnboarding(user: UserRow): OnboardingState {
  const answers = user.onboardingAnswers;
  return {
    next_stage: user.isOnboardingCompleted ? null : user.nextOnboardingStage,
    is_completed: user.isOnboardingCompleted,
    answers: {
      goal: (answers.goal as LearningGoal | undefined) ?? null,
      languages: answers.languages ?? [],
      level: answers.level ?? null,
    },
  };
}

export function createAccountSettingsService(deps: AccountSettingsDeps) {
  const { db, rateLimiter, mailer, clock } = deps;
  const updateUser = (executor: DbExecutor, id: number, patch: repo.UserPatch) =>
    repo.updateUser(executor, id, patch, clock.now());

  async function loadUser(userId: number, executor: DbExecutor = db): Promise<UserRow> {
    const user = await repo.findUserById(executor, userId);
    if (!user) throw AccountErrors.userNotFound();
    return user;
  }

  async function checkPassword(user: UserRow, password: string | undefined): Promise<void> {
    await rateLimiter.consume(`reauth:user:${user.id}`, SettingsRateRules.reauthPerUser);
    if (!password || !(await verifyPassword(user.passwordHash, password)))
      throw AccountErrors.wrongPassword();
  }

  return {
    async updateProfile(userId: number, input: ProfileUpdateRequest): Promise<UserInfo> {
      const patch: repo.UserPatch = {};
      if (input.full_name !== undefined) {
        const fullName = input.full_name.trim();
        const error = validateFullName(fullName);
        if (error) throw invalidInput({ full_name: error });
        patch.fullName = fullName;
      }
      if (input.profile_pic_url === null) patch.profilePicUrl = null;
      if (Object.keys(patch).length === 0) throw AccountErrors.nothingToUpdate();
      return presentUserInfo((await updateUser(db, userId, patch)) ?? (await loadUser(userId)));
    },

    /** Called by the media module once it has checked the upload is the caller's own finished picture. */
    async setProfilePicture(userId: number, url: string): Promise<void> {
      await loadUser(userId);
      await updateUser(db, userId, { profilePicUrl: url });
    },

    async emailChangeStatus(userId: number): Promise<EmailChangeStatus> {
      const pending = await repo.findPendingEmailChange(db, userId, clock.now());
      return {
        pending_email: pending?.newEmail ?? null,
        expires_at: pending?.expiresAt.toISOString() ?? null,
      };
    },

    /**
     * Sends a one-time link to the new address; nothing changes until it is opened by the same account.
     * The password is asked again so a borrowed session cannot take the account over by its e-mail.
     */
    async requestEmailChange(userId: number, input: EmailChangeRequest): Promise<EmailChangeStatus> {
      await rateLimiter.consume(`email-change:user:${userId}`, SettingsRateRules.emailChangePerUser);
      const user = await loadUser(userId);
      const newEmail = input.new_email.trim();
      const emailError = validateEmail(newEmail);
      if (emailError) throw invalidInput({ new_email: emailError });
      await checkPassword(user, input.password);
      if (newEmail.toLowerCase() === user.email.toLowerCase()) throw AccountErrors.sameEmail();
      if (await repo.findUserByEmail(db, newEmail)) throw AccountErrors.newEmailTaken();

      const token = newToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
      await repo.replaceEmailChangeToken(db, {
        tokenHash: hashToken(token),
        userId,
        newEmail,
        createdAt: now,
        expiresAt,
      });
      const link = `${deps.publicUrl}/settings?email_token=${token}`;
      await mailer.send({
        to: newEmail,
        subject: `Confirm your new ${PRODUCT_NAME} e-mail address`,
        text: `Hi ${user.fullName},\n\nYou asked to use this address for your ${PRODUCT_NAME} account. Open this link within ${EMAIL_CHANGE_TTL_HOURS} hours, signed in to your account, to confirm it:\n\n${link}\n\nUntil then your account keeps ${user.email}. If it wasn't you, ignore this e-mail.\n`,
        html: `<p>Hi ${escapeHtml(user.fullName)},</p><p>You asked to use this address for your ${PRODUCT_NAME} account. Open this link within ${EMAIL_CHANGE_TTL_HOURS} hours, signed in to your account, to confirm it:</p><p><a href="${link}">${link}</a></p><p>Until then your account keeps ${escapeHtml(user.email)}. If it wasn't you, ignore this e-mail.</p>`,
      });
      return { pending_email: newEmail, expires_at: expiresAt.toISOString() };
    },

    /** Applies the change and tells the old address, so a takeover never goes unnoticed. */
    async confirmEmailChange(userId: number, token: string): Promise<UserInfo> {
      const now = clock.now();
      const { before, after } = await db.transaction(async (tx) => {
        const newEmail = await repo.consumeEmailChangeToken(tx, userId, hashToken(token), now);
        if (newEmail === null) throw AccountErrors.emailChangeTokenInvalid();
        const current = await loadUser(userId, tx);
        const owner = await repo.findUserByEmail(tx, newEmail);
        if (owner && owner.id !== userId) throw AccountErrors.newEmailTaken();
        const updated = await repo.updateEmail(tx, userId, newEmail, now);
        return { before: current, after: updated ?? current };
      });
      await mailer.send({
        to: before.email,
        subject: `Your ${PRODUCT_NAME} e-mail address was changed`,
        text: `Hi ${before.fullName},\n\nThe e-mail address of your ${PRODUCT_NAME} account was changed from ${before.email} to ${after.email}. From now on, sign in with the new address.\n\nIf you did not do this, reset your password at once and contact us.\n`,
      });
      return presentUserInfo(after);
    },

    async notificationPreferences(userId: number): Promise<NotificationPreferences> {
      return resolveNotificationPreferences((await loadUser(userId)).notificationPreferences);
    },

    async updateNotificationPreferences(
      userId: number,
      input: NotificationPreferencesRequest,
    ): Promise<NotificationPreferences> {
      const user = await loadUser(userId);
      const merged = {
        ...resolveNotificationPreferences(user.notificationPreferences),
        ...input.preferences,
      };
      const updated = await updateUser(db, userId, { notificationPreferences: merged });
      return resolveNotificationPreferences(updated?.notificationPreferences ?? merged);
    },

    /** Self-service: asking to author grants it at once (docs/account.md, "Teach"). */
    async becomeAuthor(userId: number): Promise<UserInfo> {
      const updated = await updateUser(db, userId, { isAuthor: true });
      return presentUserInfo(updated ?? (await loadUser(userId)));
    },

    async onboarding(userId: number): Promise<OnboardingState> {
      return presentOnboarding(await loadUser(userId));
    },

    /** Merges answers and moves to the first stage still missing one. */
    async saveOnboardingAnswers(userId: number, input: OnboardingAnswersRequest): Promise<OnboardingState> {
      const user = await loadUser(userId);
      const answers: OnboardingAnswers = { ...user.onboardingAnswers };
      if (input.goal) answers.goal = input.goal;
      if (input.languages) answers.languages = [...new Set(input.languages)];
      if (input.level) answers.level = input.level;
      const updated = await updateUser(db, userId, {
        onboardingAnswers: answers,
        nextOnboardingStage: stageAfter(answers),
      });
      return presentOnboarding(updated ?? user);
    },

    /** Finishing or skipping ends onboarding for good; the answers stay for recommendations. */
    async finishOnboarding(userId: number): Promise<OnboardingState> {
      const updated = await updateUser(db, userId, {
        isOnboardingCompleted: true,
        nextOnboardingStage: null,
      });
      return presentOnboarding(updated ?? (await loadUser(userId)));
    },

    /** Re-authentication before a destructive step: the password, and a current code with app 2FA. */
    async reauthenticate(userId: number, password: string | undefined, totp: string | undefined) {
      const user = await loadUser(userId);
      await checkPassword(user, password);
      if (user.twoFactorViaApp && user.totpSecret) {
        // 400, not the login's 401: the caller is signed in, only the code is missing or wrong.
        // A code works once (the login's rule): its step is claimed as it is accepted.
        const step = totp ? matchTotpStep(user.totpSecret, totp.trim(), clock.now().getTime()) : null;
        if (step === null || !(await repo.claimTotpStep(db, user.id, step, clock.now()))) {
          throw AccountErrors.invalidTotp(ErrorStatus.OperationNotAllowed);
        }
      }
    },

    async exportProfile(userId: number): Promise<AccountExportProfile> {
      const user = await loadUser(userId);
      return {
        user_id: user.id,
        email: user.email,
        full_name: user.fullName,
        profile_pic_url: user.profilePicUrl,
        sign_up_date: user.createdAt.toISOString(),
        user_theme: user.userTheme,
        use_system_preference: user.useSystemPreference,
        two_factor_via_app: user.twoFactorViaApp,
        is_author: user.isAuthor,
        notification_preferences: resolveNotificationPreferences(user.notificationPreferences),
        onboarding: presentOnboarding(user),
        viewed_flags: user.viewedFlags,
        checklist: user.checklist,
      };
    },

    /** Who to tell that the account is gone; read before it goes. */
    async contactOf(userId: number, executor: DbExecutor = db) {
      const user = await loadUser(userId, executor);
      return { email: user.email, fullName: user.fullName };
    },

    /** Deletes the account row; every table that refers to it with ON DELETE CASCADE goes with it. */
    async deleteAccount(tx: DbExecutor, userId: number): Promise<void> {
      await deps.sessions.revokeAllForUser(tx, userId);
      await repo.deleteUser(tx, userId);
    },

    /**
     * Keeps the row (content it wrote still names it) but strips everything personal from it: no
     * e-mail, name, picture, password or second factor; nobody can sign in to it again.
     */
    async anonymiseAccount(tx: DbExecutor, userId: number): Promise<void> {
      const now = clock.now();
      await repo.updateEmail(tx, userId, `deleted-${userId}@deleted.invalid`, now);
      await updateUser(tx, userId, {
        fullName: DELETED_USER_NAME,
        profilePicUrl: null,
        // A hash of random bytes: no password can ever match it.
        passwordHash: await hashPassword(newToken()),
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        twoFactorViaApp: false,
        twoFactorRequired: false,
        userTheme: 'unset',
        useSystemPreference: false,
        viewedFlags: {},
        featureFeedbacksSubmitted: [],
        checklist: { checklist_selection: [], completion_map: {} },
        tutorialStatus: null,
        notificationPreferences: {},
        onboardingAnswers: {},
        nextOnboardingStage: null,
        isOnboardingCompleted: true,
      });
    },
  };
}

export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
