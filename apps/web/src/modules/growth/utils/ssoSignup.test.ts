import { describe, expect, it } from 'vitest';
import { isSsoSignup, ssoSignupRequest, withoutSsoSignupFlag } from './ssoSignup';

describe('after an SSO sign-up', () => {
  it('reads and removes the flag, keeping the rest of the query', () => {
    expect(isSsoSignup('?sso_signup=1')).toBe(true);
    expect(isSsoSignup('?a=1&sso_signup=1')).toBe(true);
    expect(isSsoSignup('?sso_signup=0')).toBe(false);
    expect(isSsoSignup('')).toBe(false);
    expect(withoutSsoSignupFlag('?sso_signup=1')).toBe('');
    expect(withoutSsoSignupFlag('?tab=plans&sso_signup=1')).toBe('?tab=plans');
  });

  it('sends what was stored when the sign-in started, else the current attribution, else nothing', () => {
    const stored = { utm: { utm_source: 'okta-newsletter' }, referral_site: 'news.example.com' };
    const current = { utm: { utm_source: 'later' } };
    expect(ssoSignupRequest(stored, current)).toEqual(stored);
    expect(ssoSignupRequest(null, current)).toEqual(current);
    // A damaged stored item is not sent.
    expect(ssoSignupRequest({ utm: 'oops' }, current)).toEqual(current);
    expect(ssoSignupRequest({}, null)).toEqual({});
  });
});
