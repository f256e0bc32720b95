/**
 * Why a lab cannot start for this learner (capability flag can_access_cloudlabs, docs/cloudlabs.md). The
 * server refuses with the same words when a start is attempted anyway.
 */
export const CLOUD_LABS_NOT_ENABLED =
  "Cloud labs are not enabled for your organization. Ask your organization's admin to enable them.";
