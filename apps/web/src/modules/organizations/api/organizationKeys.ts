/** Query keys of organizations: everything of one organization shares its prefix. */
export const organizationKeys = {
  all: ['organization'] as const,
  of: (organizationId: number) => ['organization', organizationId] as const,
  overview: (organizationId: number) => ['organization', organizationId, 'overview'] as const,
  members: (organizationId: number) => ['organization', organizationId, 'members'] as const,
  teams: (organizationId: number) => ['organization', organizationId, 'teams'] as const,
  progress: (organizationId: number) => ['organization', organizationId, 'progress'] as const,
  plans: (organizationId: number) => ['organization', organizationId, 'plans'] as const,
  plan: (organizationId: number, planId: number) =>
    ['organization', organizationId, 'plans', planId] as const,
  planAssignments: (organizationId: number, planId: number) =>
    ['organization', organizationId, 'plans', planId, 'assignments'] as const,
  mentees: (organizationId: number) => ['organization', organizationId, 'mentees'] as const,
  myAssignments: ['organization', 'my-assignments'] as const,
  myPlans: ['organization', 'my-plans'] as const,
  myPlan: (assignmentId: number) => ['organization', 'my-plans', assignmentId] as const,
  myFeedback: ['organization', 'my-feedback'] as const,
  // Under my-plans, so whatever refreshes the member's plans refreshes the reader too.
  planReader: (authorId: number, planId: number, menteeMemberId: number | null) =>
    ['organization', 'my-plans', 'reader', authorId, planId, menteeMemberId] as const,
  catalog: ['organization', 'catalog'] as const,
};
