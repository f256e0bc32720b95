// Learning and onboarding plans of an organization (spec 001 §4 plan kinds, §6 freemium limits; the texts
// are ours, docs/organizations.md).

export const PlanState = { Draft: 'draft', Published: 'published' } as const;
export type PlanState = (typeof PlanState)[keyof typeof PlanState];

export const PLAN_KIND_LABEL: Record<number, string> = {
  7001: 'Onboarding',
  7002: 'Up-skilling',
  7003: 'Explore',
};

export const MAX_PLAN_MODULES = 30;
export const MAX_MODULE_ITEMS = 30;
/** A plan page's Markdown text (ours, docs/organizations.md "Plan reader"). */
export const MAX_PLAN_PAGE_BODY = 20000;

/**
 * The plan reader's addresses (spec 000 §2: /plan/{a}/{b}[/mentee/{id}][/draft][/edit] and
 * /plan/page/{a}/{b}/{c}[/mentee/{id}]): a is the plan's author (0 once the author's account is gone), b the
 * plan, c the page's number (1 for the first module). Without a page, the plan's outline.
 */
export function planReaderUrl(
  authorId: number,
  planId: number,
  options: { page?: number; menteeMemberId?: number; preview?: boolean } = {},
): string {
  const base =
    options.page === undefined
      ? `/plan/${authorId}/${planId}`
      : `/plan/page/${authorId}/${planId}/${options.page}`;
  if (options.menteeMemberId !== undefined) return `${base}/mentee/${options.menteeMemberId}`;
  if (options.preview) return options.page === undefined ? `${base}/preview` : `${base}/template`;
  return base;
}

export const PlanErrors = {
  NotFound: 'This plan is not in the organization.',
  AssignmentNotFound: 'This plan assignment is not in the organization.',
  NotPublished: 'Publish the plan before assigning it.',
  TemplateNotAssignable: 'A template cannot be assigned; create a plan from it.',
  NotATemplate: 'Plans are created from templates only.',
  EmptyPlan: 'Add at least one course or path before publishing the plan.',
  AlreadyCompleted: 'This plan is already complete.',
  // The plan reader's gate: a member of the organization who has not been given the plan.
  NotAssigned: 'This plan has not been assigned to you. Ask your organization admin or manager for it.',
  MenteeNotAssigned: 'This plan is not assigned to the mentee.',
  FreemiumOnboardingLimit: 'The free plan allows 3 onboarding plans. Upgrade to create more.',
  FreemiumSkillPathLimit: 'The free plan allows 3 up-skilling plans. Upgrade to create more.',
  FreemiumModuleLimit: 'The free plan allows 3 modules across your plans. Upgrade to add more.',
} as const;

/** A plan's progress: the mean of its items' progress; complete when every item is (docs/organizations.md). */
export function planPercent(itemPercents: readonly number[]): number {
  if (itemPercents.length === 0) return 0;
  return Math.floor(itemPercents.reduce((sum, percent) => sum + percent, 0) / itemPercents.length);
}

export function isPlanComplete(itemPercents: readonly number[]): boolean {
  return itemPercents.length > 0 && itemPercents.every((percent) => percent >= 100);
}

// Mentor feedback (001 §6, §7 mentor-feedback). The limit is the spec's feedback limit (000 §9).
export const MENTOR_FEEDBACK_MAX_LENGTH = 1024;

export const MentoringErrors = {
  NotYourMentee: 'Only the mentor of this member can give them feedback.',
  MenteeNotFound: 'This mentee is not in the organization.',
  ItemNotFound: 'This item is not assigned to the mentee.',
  // Shown after the field's label ("Feedback: cannot be empty.").
  FeedbackRequired: 'cannot be empty.',
  FeedbackTooLong: `can be at most ${MENTOR_FEEDBACK_MAX_LENGTH} characters.`,
  ChooseOneItem: 'choose one assigned item, a plan or a course.',
} as const;
