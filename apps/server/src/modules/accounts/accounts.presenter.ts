import type { UserInfo } from '@coderoom/contracts';
import type { UserRow } from '../../db/schema.js';

/** What the organizations module adds to user info (spec 001 §3, 002 §3.4). */
export interface EnterpriseBlock {
  organizations: UserInfo['enterprise']['organizations'];
  active_organization_id: number | null;
  organization_id: number | null;
  has_valid_enterprise_sub: boolean;
  freemium_info: UserInfo['enterprise']['freemium_info'];
}

const OUTSIDE_ORGANIZATIONS: EnterpriseBlock = {
  organizations: [],
  active_organization_id: null,
  organization_id: null,
  has_valid_enterprise_sub: false,
  freemium_info: {
    is_learn_freemium: false,
    is_work_freemium: false,
    effective_learn_sub_id: null,
    effective_work_sub_id: null,
    has_valid_learn_sub: false,
  },
};

/**
 * The user-info answer (spec 002 §3.4, 001 §3). Fields owned by modules that do not exist yet
 * (subscriptions, trials, labs) carry their empty defaults until those modules fill them; the organizations
 * module fills the enterprise block (callers that do not pass it answer as outside any organization).
 */
export function presentUserInfo(
  user: UserRow,
  enterprise: EnterpriseBlock = OUTSIDE_ORGANIZATIONS,
): UserInfo {
  return {
    user_id: user.id,
    email: user.email,
    full_name: user.fullName,
    profile_pic_url: user.profilePicUrl,
    sign_up_date: user.createdAt.toISOString(),
    admin: user.adminRole !== null,
    admin_role: user.adminRole,
    is_author: user.isAuthor || user.adminRole !== null,
    user_theme: user.userTheme,
    use_system_preference: user.useSystemPreference,
    dark_mode_selected: user.userTheme === 'dark',
    owns_free_courses: false,
    owns_paid_courses: false,
    organization_id: enterprise.organization_id,
    has_active_b2c_trial: false,
    has_availed_b2c_trial: false,
    has_valid_enterprise_sub: enterprise.has_valid_enterprise_sub,
    has_valid_enterprise_trial: false,
    has_availed_b2b_trial: false,
    has_team_trial: false,
    preferred_subscription_id: null,
    preferred_subscription_price: null,
    is_user_subscribed: false,
    is_team_buy_admin: false,
    is_team_trial_admin: false,
    in_progress_lab: null,
    attempted_cloud_lab: false,
    show_onboarding_questionnaire: user.nextOnboardingStage !== null && !user.isOnboardingCompleted,
    two_factor_via_email: false,
    two_factor_via_app: user.twoFactorViaApp,
    bannerDetails: [],
    viewed_flags: user.viewedFlags,
    used_notes_and_highlights: false,
    used_customize_fonts: false,
    notes_and_highlights_used_count: 0,
    feature_feedbacks_submitted: user.featureFeedbacksSubmitted,
    checklist: user.checklist,
    workflow_onboarding: {
      next_onboarding_stage: user.nextOnboardingStage,
      is_onboarding_completed: user.isOnboardingCompleted,
      redirected_project_id: null,
    },
    enterprise: {
      organizations: enterprise.organizations,
      active_organization_id: enterprise.active_organization_id,
      enable_new_nav_b2b: user.enableNewNavB2b,
      enable_enterprise_new_sidebar: false,
      enterpriseSidebarState: null,
      user_onboarding_tutorial_status: user.tutorialStatus,
      freemium_info: enterprise.freemium_info,
    },
  };
}
