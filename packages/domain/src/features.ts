// Feature flags and rollout levels (spec 001 §6): a feature is switched on for a widening audience.

export const FeatureFlag = {
  SocialLogin: 'social_login',
  GiftSubscription: 'gift_subscription',
  PaymentProviders: 'payment_providers',
  SearchExperience: 'search_experience',
  Milestones: 'milestones',
  TwoFactorAuthenticator: 'two_factor_authenticator',
  ScheduledReports: 'scheduled_reports',
  AiAssistant: 'ai_assistant',
} as const;
export type FeatureFlag = (typeof FeatureFlag)[keyof typeof FeatureFlag];
export const FEATURE_FLAGS = Object.values(FeatureFlag);

export const RolloutLevel = {
  Disabled: 'disabled',
  Internal: 'internal',
  B2c: 'b2c',
  B2b: 'b2b',
  All: 'all',
} as const;
export type RolloutLevel = (typeof RolloutLevel)[keyof typeof RolloutLevel];
export const ROLLOUT_LEVELS = Object.values(RolloutLevel);

/** Names an admin reads on the feature settings page. */
export const FeatureLabels: Record<FeatureFlag, string> = {
  social_login: 'Social login',
  gift_subscription: 'Gift subscription',
  payment_providers: 'Payment providers',
  search_experience: 'Search experience',
  milestones: 'Milestones',
  two_factor_authenticator: 'Two-factor authenticator',
  scheduled_reports: 'Scheduled reports',
  ai_assistant: 'AI assistant',
};

export const RolloutLabels: Record<RolloutLevel, string> = {
  disabled: 'Disabled',
  internal: 'Internal (platform staff)',
  b2c: 'Individual learners (B2C)',
  b2b: 'Organization members (B2B)',
  all: 'Everyone',
};

/** Who is asking: platform staff (a platform admin role), and whether they count as a B2B user (001 §6). */
export interface FeatureAudience {
  isInternal: boolean;
  isB2b: boolean;
  signedIn: boolean;
}

/**
 * Whether a feature at this rollout level is on for this audience. Staff see every level but disabled,
 * so a feature can be tried before anyone else has it; B2C is every signed-in user who is not B2B.
 */
export function isFeatureOn(level: RolloutLevel, audience: FeatureAudience): boolean {
  switch (level) {
    case RolloutLevel.Disabled:
      return false;
    case RolloutLevel.All:
      return true;
    case RolloutLevel.Internal:
      return audience.isInternal;
    case RolloutLevel.B2c:
      return audience.isInternal || (audience.signedIn && !audience.isB2b);
    case RolloutLevel.B2b:
      return audience.isInternal || audience.isB2b;
  }
}

export const FeatureMessages = {
  Unavailable: 'This feature is not available to you yet.',
  AdminsOnly: 'Only platform admins can change features.',
} as const;
