// Spec 000 §1, §3, §4, §5, §8, §9: content types, states and authoring rules.

export const WorkType = {
  Course: 'course',
  Path: 'path',
  Collection: 'collection',
  Module: 'module',
  MiniCourse: 'mini_course',
  SkillAssessment: 'skill_assessment',
  StandaloneProject: 'standalone_project',
  Questionnaire: 'questionnaire',
  EnterpriseAssessment: 'enterprise_assessment',
  StandaloneCloudLab: 'standalone_cloud_lab',
  Lesson: 'lesson',
  Task: 'task',
  Answer: 'answer',
  Track: 'track',
  Redirect: 'redirect',
  PersonalizedPath: 'personalized_path',
  OnboardingPath: 'onboarding_path',
} as const;
export type WorkType = (typeof WorkType)[keyof typeof WorkType];

/** Lesson-like item types of a table of contents (default collection_lesson). */
export const ItemType = {
  CollectionLesson: 'collection_lesson',
  Assessment: 'assessment',
  AssessmentQuestion: 'assessment_question',
  Project: 'project',
  ProjectComponent: 'project_component',
  CloudLab: 'cloud_lab',
  Connect: 'connect',
  CloudLabTask: 'cloud_lab_task',
  WorkflowWorkspace: 'workflow_workspace',
  WorkflowProject: 'workflow_project',
  WorkflowDocument: 'workflow_document',
} as const;
export type ItemType = (typeof ItemType)[keyof typeof ItemType];
export const DEFAULT_ITEM_TYPE = ItemType.CollectionLesson;

export const PageType = {
  Collection: 'collection',
  Tutorial: 'tutorial',
  Shot: 'shot',
  EditorPage: 'editor_page',
  MarketingPage: 'marketing_page',
  Blogs: 'blogs',
  WorkflowDocument: 'workflow_document',
  WorkflowWorkspace: 'workflow_workspace',
} as const;
export type PageType = (typeof PageType)[keyof typeof PageType];

export const CategoryType = {
  Collection: 'collection',
  Assessment: 'assessment',
  Project: 'project',
  CloudLab: 'cloud_lab',
} as const;
export type CategoryType = (typeof CategoryType)[keyof typeof CategoryType];

export const ItemStatus = { Enabled: 101, Deleted: 102, OfflineByAuthor: 103, OfflineByAdmin: 104 } as const;
export type ItemStatus = (typeof ItemStatus)[keyof typeof ItemStatus];

/** The two ways a collection is taken offline: by its author (103) or by the platform's admins (104). */
export type OfflineItemStatus = typeof ItemStatus.OfflineByAuthor | typeof ItemStatus.OfflineByAdmin;

/**
 * What readers of an offline collection are told instead of its content (the spec names the states, not a
 * text; these are ours). The web's error page recognises them by their text, so they live here.
 */
export const OfflineMessages = {
  [ItemStatus.OfflineByAuthor]:
    'This course is offline: its author has taken it down for now. Please check back later.',
  [ItemStatus.OfflineByAdmin]:
    'This course is offline: the Coderoom team has taken it down while it is looked into.',
} as const satisfies Record<OfflineItemStatus, string>;

export function isOfflineStatus(status: number): status is OfflineItemStatus {
  return status === ItemStatus.OfflineByAuthor || status === ItemStatus.OfflineByAdmin;
}

/** The offline status whose message this is, if it is one (for the reader's error page). */
export function offlineStatusOfMessage(text: string | undefined): OfflineItemStatus | null {
  if (text === OfflineMessages[ItemStatus.OfflineByAuthor]) return ItemStatus.OfflineByAuthor;
  if (text === OfflineMessages[ItemStatus.OfflineByAdmin]) return ItemStatus.OfflineByAdmin;
  return null;
}

/** Three numeric version schemes and one string scheme exist side by side (spec 000 §4). */
export const VersionState = { Draft: 8001, InReview: 8002, Published: 8003, Obsolete: 8004 } as const;
export const PageVersionState = {
  Draft: 5001,
  Published: 5002,
  Obsolete: 5003,
  RecoveredAndObsolete: 5004,
} as const;
export const ItemVersionState = { Draft: 1001, Published: 1002, Obsolete: 1003, Unavailable: 1004 } as const;
export const VersionStateName = { Draft: 'DRAFT', Submitted: 'SUBMITTED', Published: 'PUBLISHED' } as const;

export const CourseReviewState = {
  None: 3001,
  SubmittedForReview: 3002,
  Unapproved: 3003,
  ApprovedForEarlyAccess: 3004,
  Approved: 3005,
} as const;
export type CourseReviewState = (typeof CourseReviewState)[keyof typeof CourseReviewState];

export const SubmissionType = { New: 2001, ReSubmission: 2002 } as const;

export const ProofreadingState = {
  Edit: 101,
  SubmittedForProofread: 102,
  InProofread: 103,
  AwaitingAdminReview: 104,
  AwaitingAuthorReview: 105,
  AwaitingAdminApproval: 106,
} as const;
export type ProofreadingState = (typeof ProofreadingState)[keyof typeof ProofreadingState];

export const DefaultTitle = {
  HiddenCategory: '__default',
  Category: 'Untitled Category',
  Assessment: 'Untitled Assessment',
  Project: 'Untitled Project',
  Lab: 'Untitled Lab',
  RecoveredLessons: 'Recovered Lessons',
  /** Our default for a new lesson page (the spec names none). */
  Lesson: 'Untitled Lesson',
} as const;

/** An empty category title shows 'Untitled Category'. */
export function categoryTitle(title: string | null | undefined): string {
  return title?.trim() ? title : DefaultTitle.Category;
}

export const License = { OwnedByProduct: 9001, CcBySa40: 9002, CcByNcSa40: 9003 } as const;
export type License = (typeof License)[keyof typeof License];

export const WidgetType = {
  Markdown: 'MarkdownEditor',
  RichText: 'SlateHTML',
  Columns: 'Columns',
  Slides: 'CanvasAnimation',
  Permutation: 'Permutation',
  TabbedCode: 'TabbedCode',
} as const;

export const CODE_WIDGET_COUNTS = { WebpackBin: 5, VNC: 5, Android: 5, Code: 8, Terminal: 1 } as const;
export type CountedWidgetType = keyof typeof CODE_WIDGET_COUNTS;

/** The spec gives the counts (000 §3) but no message for a page over one; this one is ours. */
export const WidgetCountMessages = {
  TooMany: (type: CountedWidgetType, limit: number, count: number) =>
    `A page can hold at most ${limit} ${type} widget${limit === 1 ? '' : 's'}; this one has ${count}. Remove ${count - limit} to save.`,
} as const;

export interface WidgetCountOverflow {
  type: CountedWidgetType;
  limit: number;
  count: number;
}

/**
 * The first widget type of `types` (every widget of a page, those inside columns included) that appears
 * more often than CODE_WIDGET_COUNTS allows; null when the page is within every count.
 */
export function widgetCountOverflow(types: readonly string[]): WidgetCountOverflow | null {
  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  for (const [type, limit] of Object.entries(CODE_WIDGET_COUNTS) as [CountedWidgetType, number][]) {
    const count = counts.get(type) ?? 0;
    if (count > limit) return { type, limit, count };
  }
  return null;
}

/** The page-level cap of each counted widget type, for the studio's toolbox. */
export function widgetRoomLeft(types: readonly string[], type: string): number {
  const limit = (CODE_WIDGET_COUNTS as Record<string, number>)[type];
  if (limit === undefined) return Number.POSITIVE_INFINITY;
  return limit - types.filter((each) => each === type).length;
}

/** Our limits for a WebpackBin widget (the spec names the widget only). */
export const WebpackBinLimits = {
  files: 12,
  fileCharacters: 100_000,
  /** index.html, scripts (.js .jsx .ts .tsx .mjs) and stylesheets (.css); no folders. */
  fileName: /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}\.(html|js|jsx|ts|tsx|mjs|css)$/,
} as const;

/** Profiles a Terminal widget can start (the runner's live-instance profiles, docs/containers.md). */
export const TERMINAL_IMAGES = [
  { name: 'coderoom/python/3', label: 'Python 3' },
  { name: 'coderoom/node/20', label: 'Node.js 20' },
] as const;

/** Live-instance profiles with a graphical desktop, for VNC widgets (apps/runner `coderoom/desktop/1`). */
export const DESKTOP_IMAGES = [
  { name: 'coderoom/desktop/1', label: 'Desktop (X11: twm and xterm)' },
] as const;

export function isDesktopImage(name: string): boolean {
  return DESKTOP_IMAGES.some((image) => image.name === name);
}

export const CodeEvaluationDefaults = {
  language: 'python3',
  entryFileName: 'main.py',
  timeLimit: 30,
} as const;

export const CodeWidgetDefaults = {
  language: 'c++',
  theme: 'default',
  runnable: false,
  judge: false,
} as const;

export const SPA_OUTPUT_HEIGHT = 300;
export const RUNJS_PANES = ['result', 'html', 'css', 'js'] as const;

export const TableLimits = { minRows: 1, maxRows: 10, minColumns: 1, maxColumns: 4 } as const;

export function isValidTableSize(rows: number, columns: number): boolean {
  return (
    Number.isInteger(rows) &&
    Number.isInteger(columns) &&
    rows >= TableLimits.minRows &&
    rows <= TableLimits.maxRows &&
    columns >= TableLimits.minColumns &&
    columns <= TableLimits.maxColumns
  );
}

export const DOWNLOADABLE_IMAGE_EXTENSIONS = ['png', 'jpeg', 'gif'] as const;

export function isDownloadableImage(fileName: string): boolean {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (DOWNLOADABLE_IMAGE_EXTENSIONS as readonly string[]).includes(extension);
}

export const MarkupColour = ['blue', 'green', 'purple', 'purple-gradient', 'red-gradient'] as const;

export type CollaboratorRole = 'collaborator' | 'reviewer';

/** Adding someone already in the other list names that other role (spec 000 §5). */
export function alreadyAddedMessage(email: string, addingAs: CollaboratorRole): string {
  const opposite = addingAs === 'collaborator' ? 'reviewer' : 'collaborator';
  return `${email} is already added as a ${opposite}.`;
}

export const CREATING_TOAST = 'Creating';

function toastType(type: string): string {
  return type === 'Plan' ? 'Path' : type;
}

export function createdToast(type: string): string {
  return `Successfully Created ${toastType(type)}`;
}

export function createFailedToast(type: string): string {
  return `Failed to create new ${toastType(type)}`;
}

export const ContentMessages = {
  FailedToRetrieveUserDetails: 'Failed to retrieve user details.',
  PermutationCopying: 'Permutation widget copying',
  PermutationCopied: 'Permutation Widget Copied',
  UnableToCopy: 'Unable to Copy',
  SaveAndRefreshBeforeCopy: 'Save and refresh the source page before copy',
  UnableToCopyPermutation: 'Unable to Copy Permutation Widget',
  ResetProjectConfirm: 'Are you sure you want to reset this project?',
} as const;

export const FileSize = {
  OneKb: 1024,
  ThreeMb: 3 * 1024 * 1024,
  TenMb: 10 * 1024 * 1024,
  Cap: 819_200,
} as const;
