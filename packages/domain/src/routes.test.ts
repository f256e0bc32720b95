import { describe, expect, it } from 'vitest';
import { aliasRedirect, loadsUserInfoAtStart, resolveRouteAlias, reverseRouteAlias } from './routes.js';

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

describe('alias redirects (only enterprise users with the new navigation, only to routes that exist)', () => {
  const exists = (pathname: string) => pathname === '/learn' || pathname.startsWith('/learn/');
  const enterprise = { enterprise: { enable_new_nav_b2b: true, organizations: [{ organization_id: 1 }] } };

  it('redirects an enterprise user with the new navigation to a route that exists', () => {
    expect(aliasRedirect('/dashboard/progress/saved', enterprise, exists)).toBe('/learn/saved');
  });

  it('keeps everyone else where they are', () => {
    expect(aliasRedirect('/dashboard/progress', null, exists)).toBeNull();
    expect(aliasRedirect('/dashboard/progress', { enterprise: null }, exists)).toBeNull();
    const oldNavigation = { enterprise: { ...enterprise.enterprise, enable_new_nav_b2b: false } };
    expect(aliasRedirect('/dashboard/progress', oldNavigation, exists)).toBeNull();
    // The setting alone is not enough: the user must belong to an organization.
    const noOrganization = { enterprise: { enable_new_nav_b2b: true, organizations: [] } };
    expect(aliasRedirect('/dashboard/progress', noOrganization, exists)).toBeNull();
  });

  it('never redirects to a route the app does not have', () => {
    expect(aliasRedirect('/dashboard/team', enterprise, exists)).toBeNull();
    expect(aliasRedirect('/create/plans', enterprise, exists)).toBeNull();
    expect(aliasRedirect('/not/an/alias', enterprise, exists)).toBeNull();
  });
});
