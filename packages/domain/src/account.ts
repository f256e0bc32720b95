// Spec 002 §2.2, §3.4, §3.5, §5; 001 §5, §6.
import { lengthBetween, required } from './validators.js';

export const AccountMessages = {
  InvalidEmail: 'Invalid Email Address',
  MaxIncorrectCredentials: 'Maximum incorrect credentials limit reached!',
  TotpRequired: 'totp required',
  QrCodeRequired: 'qr code required',
} as const;

export function signupNotAllowedMessage(product: string): string {
  return `You are not allowed to sign up on ${product}.`;
}

export const UserTheme = { Unset: 'unset', Dark: 'dark', Light: 'light' } as const;
export type UserTheme = (typeof UserTheme)[keyof typeof UserTheme];

/** What a user picks; `system` means "use system preference". */
export const ThemeChoice = { Light: 'light', Dark: 'dark', System: 'system' } as const;
export type ThemeChoice = (typeof ThemeChoice)[keyof typeof ThemeChoice];

/** Flags that move only from unseen to seen (spec 002 §3.4). */
export const ViewedFlag = {
  ProjectPreviewsTour: 'project_previews_tour_viewed',
  WeeklyGoalsTour: 'weekly_goals_tour_viewed',
  CustomizeFontsModal: 'customize_fonts_modal_viewed',
  NotesAndHighlightsModal: 'notes_and_highlights_modal_viewed',
  CustomizeFontsFeedback: 'customize_fonts_feedback_viewed',
  ExploreFeedback: 'explore_feedback_viewed',
  FeedbackTooltip: 'feedback_tooltip_viewed',
} as const;
export type ViewedFlag = (typeof ViewedFlag)[keyof typeof ViewedFlag];

/** The account's stored theme as a choice: system preference wins, an unset theme follows the system. */
export function themeChoiceForAccount(user: {
  user_theme: UserTheme;
  use_system_preference: boolean;
}): ThemeChoice {
  if (user.use_system_preference || user.user_theme === UserTheme.Unset) return ThemeChoice.System;
  return user.user_theme;
}

export function canChangeViewedFlag(from: boolean, to: boolean): boolean {
  return from === to || (!from && to);
}

export const PlatformAdminRole = {
  SuperAdmin: 1000,
  SubscriptionAdmin: 1001,
  SubscriptionExecutive: 1002,
} as const;
export type PlatformAdminRole = (typeof PlatformAdminRole)[keyof typeof PlatformAdminRole];

// Our design (the spec names the message, not the numbers): 5 wrong attempts lock sign-in for 15 minutes.
export const MAX_FAILED_LOGINS = 5;
export const LOGIN_LOCKOUT_MINUTES = 15;

export const FULL_NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

const EMAIL_PATTERN =
  /^[^\s@"(),:;<>[\]\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** Sign-up and login e-mail: required and valid, one message for both (spec 002 §5.2). */
export function validateEmail(value: unknown): string | null {
  return typeof value === 'string' && isEmail(value.trim()) ? null : AccountMessages.InvalidEmail;
}

// Letters of any script, combining marks, spaces, apostrophes, hyphens and dots.
const FULL_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

export function validateFullName(value: unknown, label = 'Full name'): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return (
    required(label, text) ??
    lengthBetween(label, text, 1, FULL_NAME_MAX_LENGTH) ??
    (FULL_NAME_PATTERN.test(text) ? null : `${label} cannot contain special characters.`)
  );
}

/** Our wording: the spec lists the rule (upper, lower, digit, special) without a message. */
export function PASSWORD_PATTERN_MESSAGE(label: string): string {
  return `${label} must contain an upper case letter, a lower case letter, a digit and a special character.`;
}

/** Shown under password inputs, so people meet the rule before the validator has to say it. */
export const PASSWORD_RULE_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, with upper and lower case letters, a digit and a special character.`;

export function isStrongPassword(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9\s]/.test(value);
}

export function validatePassword(value: unknown, label = 'Password'): string | null {
  const text = typeof value === 'string' ? value : '';
  return (
    required(label, text) ??
    lengthBetween(label, text, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH) ??
    (isStrongPassword(text) ? null : PASSWORD_PATTERN_MESSAGE(label))
  );
}

export interface HomeRoutingUser {
  user_id?: string | number | null;
  workflow_onboarding?: { next_onboarding_stage?: string | null; is_onboarding_completed?: boolean };
  enterprise?: {
    enable_new_nav_b2b?: boolean;
    organizations?: ReadonlyArray<OrganizationRoleFlags>;
  };
}

export interface OrganizationRoleFlags {
  is_admin?: boolean;
  is_manager?: boolean;
  is_mentor?: boolean;
  is_mentee?: boolean;
}

export const HomeRoutes = {
  LoggedOut: '/',
  LearnerHome: '/learn/home',
  AdminDashboard: '/onboarding/admin',
  ManagerDashboard: '/enterprise-dashboard/manager-dashboard',
  MentorDashboard: '/onboarding/dashboard',
  MenteePlans: '/onboarding/assigned-plans',
} as const;

/**
 * Post-login home (spec 002 §2.2): enterprise admins or managers with the new navigation go to a
 * dashboard; users with an onboarding stage go to it; everyone else to /learn/home; logged out to /.
 */
export function postLoginHome(user: HomeRoutingUser | null | undefined): string {
  if (!user || user.user_id === null || user.user_id === undefined) return HomeRoutes.LoggedOut;
  const enterprise = user.enterprise;
  if (enterprise?.enable_new_nav_b2b) {
    const landing = organizationLanding(enterprise.organizations ?? []);
    if (landing) return landing;
  }
  const onboarding = user.workflow_onboarding;
  if (onboarding?.next_onboarding_stage && !onboarding.is_onboarding_completed) {
    return `/onboarding/${encodeURIComponent(onboarding.next_onboarding_stage)}`;
  }
  return HomeRoutes.LearnerHome;
}

/** Onboarding landing for organization users, first match wins (spec 002 §2.2, 001 §2). */
export const organizationLandingOrder = [
  'admin',
  'manager',
  'mentor dashboard',
  'mentee assigned plans',
] as const;

/**
 * The onboarding landing of organization users in the spec's order: admin, manager, mentor dashboard,
 * mentee assigned plans; null for a member who is none of these.
 */
export function organizationLanding(organizations: ReadonlyArray<OrganizationRoleFlags>): string | null {
  if (organizations.some((org) => org.is_admin)) return HomeRoutes.AdminDashboard;
  if (organizations.some((org) => org.is_manager)) return HomeRoutes.ManagerDashboard;
  if (organizations.some((org) => org.is_mentor)) return HomeRoutes.MentorDashboard;
  if (organizations.some((org) => org.is_mentee)) return HomeRoutes.MenteePlans;
  return null;
}
