import { describe, expect, it } from 'vitest';
import { loadsUserInfoAtStart, resolveRouteAlias, reverseRouteAlias } from './routes.js';

describe('route aliases', () => {
  it('maps old routes to new ones, keeping sub-paths', () => {
    expect(resolveRouteAlias('/dashboard/progress')).toBe('/learn');
    expect(resolveRouteAlias('/dashboard/progress/in-progress')).toBe('/learn/in-progress');
    expect(resolveRouteAlias('/dashboard/team')).toBe('/onboarding/admin');
    expect(resolveRouteAlias('/dashboard/team/manager-home')).toBe('/enterprise-dashboard/manager-dashboard');
    expect(resolveRouteAlias('/onboard/paths')).toBe('/onboarding/plans');
    expect(resolveRouteAlias('/create/plans/draft')).toBe('/onboarding/drafts');
    expect(resolveRouteAlias('/create/new')).toBe('/teach');
    expect(resolveRouteAlias('/manage/single-sign-on')).toBe('/enterprise-dashboard/single-sign-on');
    expect(resolveRouteAlias('/manage/affiliate/42/sales')).toBe('/affiliate/42/sales');
    expect(resolveRouteAlias('/dashboard/progressive')).toBeNull();
    expect(resolveRouteAlias('/learn/home')).toBeNull();
  });

  it('maps back', () => {
    expect(reverseRouteAlias('/learn/saved')).toBe('/dashboard/progress/saved');
    expect(reverseRouteAlias('/onboarding/plans')).toBe('/onboard/paths');
    expect(reverseRouteAlias('/affiliate/7/sales')).toBe('/manage/affiliate/7/sales');
    expect(reverseRouteAlias('/nowhere')).toBeNull();
  });

  it('skips user info on token routes only', () => {
    expect(loadsUserInfoAtStart('/signup-and-reset-password/abc')).toBe(false);
    expect(loadsUserInfoAtStart('/enterprise-trial/abc')).toBe(false);
    expect(loadsUserInfoAtStart('/learn/home')).toBe(true);
  });
});
