import { type AttributionRequest, AttributionRequestSchema } from '@coderoom/contracts';
import { SSO_SIGNUP_FLAG } from '@coderoom/domain';

// After a just-in-time SSO sign-up (spec 001 §7 "POST /api/user/utm … sent after SSO sign-up"): the SSO
// callback lands on `/?sso_signup=1`; the web app then sends what it stored as `utm_sso_info` when the
// sign-in started (the attribution of the visit that led to it), else what it holds now.

export function isSsoSignup(search: string): boolean {
  return new URLSearchParams(search).get(SSO_SIGNUP_FLAG) === '1';
}

/** The search string without the flag ('' when nothing else is left). */
export function withoutSsoSignupFlag(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SSO_SIGNUP_FLAG);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The body of `POST /api/user/utm` after an SSO sign-up: the stored `utm_sso_info` when it is a valid
 * request, else the current attribution, else an empty body (the call still says the sign-up happened).
 */
export function ssoSignupRequest(stored: unknown, current: AttributionRequest | null): AttributionRequest {
  const parsed = AttributionRequestSchema.safeParse(stored);
  if (parsed.success && Object.keys(parsed.data).length > 0) return parsed.data;
  return current ?? {};
}
