import { ThemeChoice, UserTheme } from '@coderoom/domain';
import { z } from 'zod';

// Request bodies are strict: an unknown field is a 400 naming the field, never silently dropped.

export const SignupRequestSchema = z.strictObject({
  email: z.string(),
  password: z.string(),
  full_name: z.string(),
  /** A friend's referral code (docs/growth.md): an unknown one is refused, naming the field. */
  referral_code: z.string().max(32).optional(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const LoginRequestSchema = z.strictObject({
  email: z.string(),
  password: z.string(),
  totp: z.string().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const PasswordResetRequestSchema = z.strictObject({ email: z.string() });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** `totp`: the app's code, needed when the account has app two-factor on (docs/security.md). */
export const PasswordResetConfirmSchema = z.strictObject({
  token: z.string(),
  password: z.string(),
  totp: z.string().optional(),
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

export const PasswordChangeRequestSchema = z.strictObject({
  current_password: z.string(),
  new_password: z.string(),
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequestSchema>;

const themeChoices = [ThemeChoice.Light, ThemeChoice.Dark, ThemeChoice.System] as const;
export const DarkModeRequestSchema = z.strictObject({ frontend_theme: z.enum(themeChoices) });
export type DarkModeRequest = z.infer<typeof DarkModeRequestSchema>;

export const ChecklistRequestSchema = z.strictObject({
  checklist_selection: z.array(z.string().max(100)).max(50).optional(),
  completion_map: z.record(z.string().max(100), z.boolean()).optional(),
});
export type ChecklistRequest = z.infer<typeof ChecklistRequestSchema>;

export const TutorialStatus = ['not_started', 'in_progress', 'completed', 'skipped'] as const;
export const TutorialStatusRequestSchema = z.strictObject({ status: z.enum(TutorialStatus) });
export type TutorialStatusRequest = z.infer<typeof TutorialStatusRequestSchema>;

export const EnterpriseNavigationRequestSchema = z.strictObject({ enable_new_nav_b2b: z.boolean() });
export type EnterpriseNavigationRequest = z.infer<typeof EnterpriseNavigationRequestSchema>;

export const NamesAndProfilePicsRequestSchema = z.strictObject({
  user_ids: z.array(z.number().int().positive()).min(1).max(100),
});
export type NamesAndProfilePicsRequest = z.infer<typeof NamesAndProfilePicsRequestSchema>;
export const NamesAndProfilePicsResponseSchema = z.object({
  users: z.array(
    z.object({ user_id: z.number(), full_name: z.string(), profile_pic_url: z.string().nullable() }),
  ),
});
export type NamesAndProfilePicsResponse = z.infer<typeof NamesAndProfilePicsResponseSchema>;

/** Viewed flags only move from unseen to seen: the body names the flags to mark as seen. */
export const ViewedFlagsRequestSchema = z.strictObject({ flags: z.array(z.string()).min(1).max(20) });
export type ViewedFlagsRequest = z.infer<typeof ViewedFlagsRequestSchema>;

export const QrCodeResponseSchema = z.object({
  qr_code: z.string(),
  secret: z.string(),
  otpauth_url: z.string(),
});
export type QrCodeResponse = z.infer<typeof QrCodeResponseSchema>;

export const VerifyTotpRequestSchema = z.strictObject({ totp: z.string() });
export type VerifyTotpRequest = z.infer<typeof VerifyTotpRequestSchema>;

export const SetTwoFactorRequestSchema = z.strictObject({
  two_factor_via_app: z.boolean(),
  /** Required to switch app two-factor off for oneself. */
  totp: z.string().optional(),
  /** Platform admins may require two-factor for another account. */
  user_id: z.number().int().positive().optional(),
});
export type SetTwoFactorRequest = z.infer<typeof SetTwoFactorRequestSchema>;

const organizationSchema = z.object({
  organization_id: z.number(),
  is_confluence_integration_enabled: z.boolean(),
  is_mentor: z.boolean(),
  is_slack_authorized: z.boolean(),
  free_onboarding_seats: z.number(),
  is_admin: z.boolean(),
  is_manager: z.boolean(),
  /** The rest of the membership (spec 001 §3; organizations module). */
  name: z.string(),
  role: z.number(),
  admin_level: z.number().nullable(),
  is_mentee: z.boolean(),
  is_subscriber: z.boolean(),
  is_user_team_manager: z.boolean(),
  subscription_id: z.number().nullable(),
  subscription_type: z.number().nullable(),
  no_courses_access: z.boolean(),
  include_all_courses: z.boolean(),
  included_courses_list: z.array(z.object({ author_id: z.number(), work_id: z.number() })),
  excluded_courses_list: z.array(z.object({ author_id: z.number(), work_id: z.number() })),
  included_categories_list: z.array(z.string()),
  excluded_categories_list: z.array(z.string()),
  can_access_cloudlabs: z.boolean(),
});
export type UserInfoOrganization = z.infer<typeof organizationSchema>;

/** GET /api/user/info: spec 002 §3.4 and 001 §3; fields of later modules carry their empty defaults. */
export const UserInfoSchema = z.object({
  user_id: z.number(),
  email: z.string(),
  full_name: z.string(),
  profile_pic_url: z.string().nullable(),
  sign_up_date: z.string(),
  admin: z.boolean(),
  admin_role: z.number().nullable(),
  /** Asked to author (or an admin): the studio ("Teach") is offered. Ours, docs/account.md. */
  is_author: z.boolean(),
  user_theme: z.enum([UserTheme.Unset, UserTheme.Dark, UserTheme.Light]),
  use_system_preference: z.boolean(),
  dark_mode_selected: z.boolean(),
  owns_free_courses: z.boolean(),
  owns_paid_courses: z.boolean(),
  organization_id: z.number().nullable(),
  has_active_b2c_trial: z.boolean(),
  has_availed_b2c_trial: z.boolean(),
  has_valid_enterprise_sub: z.boolean(),
  has_valid_enterprise_trial: z.boolean(),
  has_availed_b2b_trial: z.boolean(),
  has_team_trial: z.boolean(),
  preferred_subscription_id: z.number().nullable(),
  preferred_subscription_price: z.number().nullable(),
  is_user_subscribed: z.boolean(),
  is_team_buy_admin: z.boolean(),
  is_team_trial_admin: z.boolean(),
  in_progress_lab: z.unknown().nullable(),
  attempted_cloud_lab: z.boolean(),
  show_onboarding_questionnaire: z.boolean(),
  two_factor_via_email: z.boolean(),
  two_factor_via_app: z.boolean(),
  bannerDetails: z.array(z.unknown()),
  viewed_flags: z.record(z.string(), z.boolean()),
  used_notes_and_highlights: z.boolean(),
  used_customize_fonts: z.boolean(),
  notes_and_highlights_used_count: z.number(),
  feature_feedbacks_submitted: z.array(z.string()),
  checklist: z.object({
    checklist_selection: z.array(z.string()),
    completion_map: z.record(z.string(), z.boolean()),
  }),
  workflow_onboarding: z.object({
    next_onboarding_stage: z.string().nullable(),
    is_onboarding_completed: z.boolean(),
    redirected_project_id: z.number().nullable(),
  }),
  enterprise: z.object({
    organizations: z.array(organizationSchema),
    active_organization_id: z.number().nullable(),
    enable_new_nav_b2b: z.boolean(),
    enable_enterprise_new_sidebar: z.boolean(),
    enterpriseSidebarState: z.string().nullable(),
    user_onboarding_tutorial_status: z.string().nullable(),
    freemium_info: z.object({
      is_learn_freemium: z.boolean(),
      is_work_freemium: z.boolean(),
      effective_learn_sub_id: z.number().nullable(),
      effective_work_sub_id: z.number().nullable(),
      has_valid_learn_sub: z.boolean(),
    }),
  }),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const MailboxMessageSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created: z.string(),
});
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;
export const MailboxResponseSchema = z.object({ messages: z.array(MailboxMessageSchema) });
export type MailboxResponse = z.infer<typeof MailboxResponseSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
