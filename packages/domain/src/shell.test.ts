import { describe, expect, it } from 'vitest';
import { pageTitleFor, SidebarKind, SiteTitle, sidebarWidthLimits, truncateSearchString } from './shell.js';

describe('pageTitleFor', () => {
  it('uses the workspace title on /work and team hosts', () => {
    expect(pageTitleFor({ pathname: '/learn/home', host: 'localhost:3000', teamHosts: [] })).toBe(
      SiteTitle.Main,
    );
    expect(pageTitleFor({ pathname: '/work/docs', host: 'localhost', teamHosts: [] })).toBe(
      SiteTitle.Workspace,
    );
    expect(pageTitleFor({ pathname: '/workshop', host: 'localhost', teamHosts: [] })).toBe(SiteTitle.Main);
    expect(
      pageTitleFor({ pathname: '/', host: 'Team.Example.com:443', teamHosts: ['team.example.com'] }),
    ).toBe(SiteTitle.Workspace);
  });
});

describe('sidebarWidthLimits', () => {
  it('has the spec widths', () => {
    expect(sidebarWidthLimits(SidebarKind.Legacy)).toEqual({ min: 0, max: 6 });
    expect(sidebarWidthLimits(SidebarKind.Enterprise)).toEqual({ min: 4, max: 16.5 });
    expect(sidebarWidthLimits(SidebarKind.Lesson)).toEqual({ min: 0, max: 20 });
  });
});

describe('truncateSearchString', () => {
  it('cuts at 128 characters', () => {
    expect(truncateSearchString('x'.repeat(200))).toHaveLength(128);
    expect(truncateSearchString('short')).toBe('short');
  });
});
