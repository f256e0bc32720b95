// Spec 002 §1, §2.3, §3.7–§3.9, §4.7, §9 and 000 §9: the global shell's constants and rules.

export const PRODUCT_NAME = 'Coderoom';

export const SiteTitle = {
  Main: 'Interactive Courses for Software Developers',
  Workspace: 'Just-in-Time Training for Developers',
} as const;

/** Workspace title for /work pages and for team hosts; the main title elsewhere. */
export function pageTitleFor(input: {
  pathname: string;
  host: string;
  teamHosts: readonly string[];
}): string {
  const isWork = input.pathname === '/work' || input.pathname.startsWith('/work/');
  const host = input.host.split(':')[0]?.toLowerCase() ?? '';
  const isTeamHost = input.teamHosts.some((team) => team.toLowerCase() === host);
  return isWork || isTeamHost ? SiteTitle.Workspace : SiteTitle.Main;
}

export const SEARCH_PROMPT = 'What do you want to learn?';
export const SEARCH_STRING_MAX_LENGTH = 128;
export function truncateSearchString(text: string): string {
  return text.slice(0, SEARCH_STRING_MAX_LENGTH);
}

export const Breakpoints = { Small: 600, Medium: 780, Large: 960 } as const;

export const SidebarKind = {
  Legacy: 'legacy',
  Enterprise: 'enterprise',
  Lesson: 'lesson',
  LessonEditor: 'lessonEditor',
  AssessmentEditor: 'assessmentEditor',
  CloudLab: 'cloudLab',
  Plan: 'plan',
  Project: 'project',
  Proofread: 'proofread',
  Profile: 'profile',
  Workflows: 'workflows',
} as const;
export type SidebarKind = (typeof SidebarKind)[keyof typeof SidebarKind];

/** Width limits in rem: max 6 legacy, 16.5 enterprise, 20 others; min 4 enterprise, 0 others. */
export function sidebarWidthLimits(kind: SidebarKind): { min: number; max: number } {
  if (kind === SidebarKind.Legacy) return { min: 0, max: 6 };
  if (kind === SidebarKind.Enterprise) return { min: 4, max: 16.5 };
  return { min: 0, max: 20 };
}

export const WORKFLOW_SIDEBAR_WIDTHS = [318, 264] as const;
export const THEME_COOKIE_MAX_AGE_SECONDS = 31_536_000;
export const SESSION_IDLE_TIMEOUT_MS = 15 * 60 * 1000;
export const SessionMessages = {
  AboutToExpire: 'Your session is about to expire',
  Expired: 'Your session has expired',
} as const;
export const PAYLOAD_LIMIT_BYTES = 200_000;
export const PROGRESS_BAR_SPEED_MS = 1000;
export const COPY_HANDLER_DEBOUNCE_MS = 250;
export const AUTOMATION_CHECK_DELAY_MS = 5000;
export const POLLING_INTERVAL_MS = 5000;
export const POLLING_MAX_RETRIES = 15;
export const ONE_DAY_MS = 86_400_000;
export const ONE_WEEK_MS = 604_800_000;
export const PAGE_SAVE_COMPRESSION_LEVEL = 9;
export const LISTING_PAGE_SIZE = 10;
export const NOTES_SEARCH_PAGE_SIZE = 10;
export const THUMBNAIL_SIZE = { width: 188, height: 122 } as const;
export const CODE_FEEDBACK_LIMIT = 1024;

/** The header search dropdown's two variants (spec 002 §2.3) and the configured default. */
export type SearchDropdownVariant = 'full_text' | 'default';
export const SEARCH_DROPDOWN_DEFAULT_VARIANT: SearchDropdownVariant = 'full_text';
