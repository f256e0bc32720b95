/** Query keys of the account's own settings. */
export const accountKeys = {
  all: ['account'] as const,
  emailChange: ['account', 'email-change'] as const,
  notifications: ['account', 'notification-preferences'] as const,
  onboarding: ['account', 'onboarding'] as const,
  recommendation: ['account', 'onboarding', 'recommendation'] as const,
  dataRequests: ['account', 'data-requests'] as const,
};
