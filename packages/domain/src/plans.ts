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

export const PlanErrors = {
  NotFound: 'This plan is not in the organization.',
  AssignmentNotFound: 'This plan assignment is not in the organization.',
  NotPublished: 'Publish the plan before assigning it.',
  TemplateNotAssignable: 'A template cannot be assigned; create a plan from it.',
  NotATemplate: 'Plans are created from templates only.',
  EmptyPlan: 'Add at least one course or path before publishing the plan.',
  AlreadyCompleted: 'This plan is already complete.',
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
