// Old-to-new route aliases (spec 000 §2, 001 §2) and routes that skip loading user info at start.

/** Old prefix → new prefix. Sub-paths carry over (/dashboard/progress/saved → /learn/saved). */
export const ROUTE_ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['/dashboard/team/onboarding', '/onboarding/admin'],
  ['/dashboard/team/manager-home', '/enterprise-dashboard/manager-dashboard'],
  ['/dashboard/team/learning', '/enterprise-dashboard/manager-dashboard'],
  ['/dashboard/team', '/onboarding/admin'],
  ['/dashboard/progress', '/learn'],
  ['/onboard/paths', '/onboarding/plans'],
  ['/manage/teams-management', '/enterprise-dashboard/teams-management'],
  ['/manage/user-management', '/enterprise-dashboard/user-management'],
  ['/manage/confluence-integration', '/enterprise-dashboard/confluence-integration'],
  ['/manage/track-progress', '/enterprise-dashboard/track-progress'],
  ['/manage/single-sign-on', '/enterprise-dashboard/single-sign-on'],
  ['/create/plans/draft', '/onboarding/drafts'],
  ['/create/plans', '/onboarding/plans'],
  ['/create/assessments', '/assessments-dashboard'],
  ['/create/paths', '/paths-dashboard'],
  ['/create/modules', '/onboarding/modules'],
  ['/create/courses', '/teach'],
  ['/create/new', '/teach'],
  ['/create/answers', '/create-answer'],
];

function matchPrefix(pathname: string, prefix: string): string | null {
  if (pathname === prefix) return '';
  if (pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length);
  return null;
}

export function resolveRouteAlias(pathname: string): string | null {
  const affiliate = /^\/manage\/affiliate\/([^/]+)\/sales$/.exec(pathname);
  if (affiliate) return `/affiliate/${affiliate[1]}/sales`;
  for (const [from, to] of ROUTE_ALIASES) {
    const rest = matchPrefix(pathname, from);
    if (rest !== null) return `${to}${rest}`;
  }
  return null;
}

export function reverseRouteAlias(pathname: string): string | null {
  const affiliate = /^\/affiliate\/([^/]+)\/sales$/.exec(pathname);
  if (affiliate) return `/manage/affiliate/${affiliate[1]}/sales`;
  for (const [from, to] of ROUTE_ALIASES) {
    const rest = matchPrefix(pathname, to);
    if (rest !== null) return `${from}${rest}`;
  }
  return null;
}

/** Who is redirected from old routes: the enterprise fields of user info (spec 002 §3.4). */
export interface AliasRoutingUser {
  enterprise?: { enable_new_nav_b2b?: boolean; organizations?: ReadonlyArray<unknown> } | null;
}

/**
 * Where an old route sends a user (spec 000 §2, 001 §2, 002 §2.3): only enterprise users (members of an
 * organization) with the new-navigation setting are redirected, and only to a route the app has. Everyone
 * else, and every alias whose new route does not exist yet, stays put (the page answers its 404).
 */
export function aliasRedirect(
  pathname: string,
  user: AliasRoutingUser | null | undefined,
  routeExists: (pathname: string) => boolean,
): string | null {
  const enterprise = user?.enterprise;
  if (!enterprise?.enable_new_nav_b2b || (enterprise.organizations ?? []).length === 0) return null;
  const target = resolveRouteAlias(pathname);
  return target !== null && routeExists(target) ? target : null;
}

export const NO_USER_INFO_ROUTE_PREFIXES = [
  '/enterprise-trial/',
  '/enterprise-signup/',
  '/signup-and-reset-password/',
];

export function loadsUserInfoAtStart(pathname: string): boolean {
  return !NO_USER_INFO_ROUTE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
