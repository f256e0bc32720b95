// Spec 001 §3–§6: organizations, roles and content visibility.

export const EnterpriseRole = { Manager: 7001, Learner: 7002, Admin: 7003, Executive: 7004 } as const;
export const ENTERPRISE_ROLE_LABEL: Record<number, string> = {
  7001: 'Manager',
  7002: 'Member',
  7003: 'Admin',
  7004: 'Executive',
};
export const TeamRole = { Member: 7000, Manager: 7001 } as const;
export const CompanyMemberRole = ['Admin', 'Manager', 'Member', 'Non-Paid Member'] as const;
export const AccountKind = ['Enterprise', 'Team', 'User'] as const;

export const FreemiumDefaults = {
  workflowDocs: 10,
  onboardingPaths: 3,
  skillPaths: 3,
  modules: 3,
  contentAssignment: 3,
  assessments: 3,
  workflowProjects: 3,
  seats: 5,
} as const;

export const Mention = { Assigned: 5000, Removed: 5001, Shared: 5002 } as const;
export const Meeting = { Pending: 2000, Conducted: 2001, Deleted: 2002 } as const;
export const DataRequest = { Download: 4000, Deletion: 4001, Retain: 8001, Delete: 8000 } as const;

/** The stored choice if still a member organization, else the first, else none (spec 001 §4). */
export function activeOrganizationId(
  stored: number | null,
  organizationIds: readonly number[],
): number | null {
  if (stored !== null && organizationIds.includes(stored)) return stored;
  return organizationIds[0] ?? null;
}

export interface CourseRef {
  author_id: number;
  work_id: number;
}

export interface VisibilityMembership {
  include_all_courses?: boolean;
  included_courses_list?: readonly CourseRef[];
  excluded_courses_list?: readonly CourseRef[];
  included_categories_list?: readonly string[];
  excluded_categories_list?: readonly string[];
}

export interface VisibilityCollection {
  author_id: number;
  collection_id: number;
  is_private: boolean;
  categories?: readonly string[];
}

const sameCourse = (collection: VisibilityCollection) => (ref: CourseRef) =>
  ref.author_id === collection.author_id && ref.work_id === collection.collection_id;

/** Content visibility for an organization subscriber, rules 1–4 of spec 001 §5. */
export function isCollectionVisible(
  membership: VisibilityMembership,
  collection: VisibilityCollection,
): boolean {
  if (collection.is_private) return true;
  const included = membership.included_courses_list ?? [];
  const excluded = membership.excluded_courses_list ?? [];
  const includedCategories = membership.included_categories_list ?? [];
  const excludedCategories = membership.excluded_categories_list ?? [];
  const categories = collection.categories ?? [];
  const hasInclusion = included.length > 0 || includedCategories.length > 0;
  const hasExclusion = excluded.length > 0 || excludedCategories.length > 0;
  if (membership.include_all_courses || (!hasInclusion && !hasExclusion)) return true;
  if (hasInclusion) {
    return included.some(sameCourse(collection)) || categories.some((c) => includedCategories.includes(c));
  }
  return !excluded.some(sameCourse(collection)) && !categories.some((c) => excludedCategories.includes(c));
}

export const OrganizationMessages = {
  CompanyNameInvalid: 'Company name is invalid',
  UseWorkEmail: 'Please use your work email.',
  PhoneRequired: 'Phone number is required.',
  PhoneInvalid: 'Invalid Phone Number',
  PhoneTooShort: 'Phone number should be at least 10 digits long.',
  PhoneTooLong: 'Phone number should be at most 15 digits long.',
} as const;

export function validatePhone(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return OrganizationMessages.PhoneRequired;
  if (!/^\d+$/.test(text)) return OrganizationMessages.PhoneInvalid;
  if (text.length < 10) return OrganizationMessages.PhoneTooShort;
  if (text.length > 15) return OrganizationMessages.PhoneTooLong;
  return null;
}

/** "Subscription N - name or order id - N seats" (spec 001 §3). */
export function subscriptionOptionLabel(
  index: number,
  option: { subscriptionName?: string | null; orderId?: string | null; poolSize: number },
): string {
  return `Subscription ${index} - ${option.subscriptionName || option.orderId || ''} - ${option.poolSize} seats`;
}

/** Admin levels of an organization admin (spec 001 §6: the platform admin numbers, by level). */
export const AdminLevel = { SuperAdmin: 1000, SubAdmin: 1001, Executive: 1002 } as const;
export type EnterpriseRole = (typeof EnterpriseRole)[keyof typeof EnterpriseRole];
export const ENTERPRISE_ROLES: readonly EnterpriseRole[] = Object.values(EnterpriseRole);
export type TeamRole = (typeof TeamRole)[keyof typeof TeamRole];

/** How an organization's members sign in. */
export const LoginMethod = { Password: 'password', Sso: 'sso', Both: 'both' } as const;

/**
 * Notification types 8001–8034 (spec 002 §3.6 lists the events, not the numbers): our mapping, kept in
 * docs/organizations.md (8031–8034: proofreading, docs/proofreading.md). Numbers are never reused.
 */
export const NotificationType = {
  PlanAssigned: 8001,
  PlanCompleted: 8002,
  MenteeAssigned: 8003,
  ManagerAssigned: 8004,
  AddedToTeam: 8005,
  TaskUpdated: 8006,
  Announcement: 8007,
  IssueRaised: 8008,
  IssueResolved: 8009,
  PromotedToManager: 8010,
  PromotedToAdmin: 8011,
  ContentAssigned: 8012,
  ContentCompleted: 8013,
  MentorFeedback: 8014,
  DueDateChanged: 8015,
  DiscussionReply: 8016,
  DiscussionMention: 8017,
  WorkflowTaskAssigned: 8018,
  WorkflowTaskDue: 8019,
  RemovedFromTeam: 8020,
  ContentUnassigned: 8021,
  AddedToOrganization: 8022,
  RemovedFromOrganization: 8023,
  MentorAssigned: 8024,
  ContentOverdue: 8025,
  UsersAdded: 8026,
  TeamCreated: 8027,
  PlanUpdated: 8028,
  WorkflowTaskComment: 8029,
  WorkflowTaskCompleted: 8030,
  /** To proofreaders: an article was submitted and waits for one of them. */
  ProofreadSubmitted: 8031,
  /** To the author: an admin sent finished passes on; the suggestions wait for their decisions. */
  ProofreadPassReady: 8032,
  /** To the proofreaders of the passes: the author incorporated them (accepted or rejected each). */
  ProofreadIncorporated: 8033,
  /** To the article's proofreaders: an admin approved it and the answer is published. */
  ProofreadApproved: 8034,
} as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];

/** Read states of a notification (spec 002 §3.6) are NotificationReadState, in work.ts. */

/** Notifications shown per page of the notifications list (ours). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Addresses one add-users call may carry (a CSV of hundreds; ours). */
export const MAX_USERS_PER_ADD = 1000;

/** States of an asynchronous organization operation (adding users, creating a team). */
export const OperationState = { Running: 'running', Done: 'done', Failed: 'failed' } as const;
export type OperationState = (typeof OperationState)[keyof typeof OperationState];

/** Our texts for organization refusals (the spec names none beyond §8). */
export const OrganizationErrors = {
  NotAMember: 'You are not a member of this organization.',
  NotAllowed: 'Your role in this organization does not allow this.',
  MemberNotFound: 'This member is not in the organization.',
  TeamNotFound: 'This team is not in the organization.',
  TeamNameTaken: 'A team with this name already exists.',
  TeamNameRequired: 'Team name is required.',
  AssignmentNotFound: 'This assignment is not in the organization.',
  OperationRunning: 'Another operation is still running for this organization. Please try again shortly.',
  OperationNotFound: 'This operation does not exist.',
  SeatsExceeded: 'Not enough seats in the subscription for these users.',
  NoEmails: 'Add at least one e-mail address.',
  CannotRemoveSelf: 'You cannot remove yourself from the organization.',
  LastAdmin: 'The organization needs at least one admin.',
  ContentNotFound: 'This course or path does not exist.',
  MentorSelf: 'A member cannot mentor themselves.',
  AlreadyJoined: 'This member has already joined: there is no invitation to send.',
  FreemiumAssignmentLimit: 'The free plan allows 3 content assignments. Upgrade to assign more.',
  FreemiumAssessmentLimit: 'The free plan allows 3 assessments. Upgrade to assign more.',
  FreemiumWorkDocs:
    'Your organization’s free plan includes 10 documents. Delete one or upgrade to create more.',
  FreemiumWorkProjects:
    'Your organization’s free plan includes 3 projects. Delete one or upgrade to create more.',
} as const;

/** Assessments an organization may assign (spec 001 §6 "assessments 3" counts these). */
export const ASSIGNABLE_ASSESSMENT_TYPES: readonly string[] = ['skill_assessment', 'enterprise_assessment'];

/** A CSV of e-mail addresses, one or more per line, with or without a header: the addresses in it. */
export function emailsFromCsv(text: string): string[] {
  const found = text
    .split(/[\r\n,;\t]+/)
    .map((cell) => cell.trim().replace(/^"|"$/g, '').trim().toLowerCase())
    .filter((cell) => cell.includes('@'));
  return [...new Set(found)];
}

/** Spec 001 §5 rule 7: path and plan content is reachable unless the organization blocks courses. */
export function isPathContentReachable(flags: { no_courses_access: boolean; is_learn_freemium: boolean }) {
  return !flags.no_courses_access || flags.is_learn_freemium;
}

/** One CSV cell, quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What bounds an organization subscriber's content (spec 001 §3, §5): their active organization's lists and flags. */
export interface OrganizationScope extends VisibilityMembership {
  organization_id: number;
  no_courses_access: boolean;
  is_learn_freemium: boolean;
  can_access_cloudlabs: boolean;
}

export interface ScopedCollection extends VisibilityCollection {
  work_type: string;
}

const COURSE_WORK_TYPES: readonly string[] = ['course', 'mini_course'];
const PATH_WORK_TYPES: readonly string[] = ['path', 'module', 'collection'];

/**
 * Spec 001 §5, rules 1–4, 6 and 7 for a member of an organization: private collections are always allowed;
 * standalone cloud labs only with can_access_cloudlabs; paths, plans and modules unless the organization
 * blocks courses (and is not learn-freemium); courses by the subscription's inclusion and exclusion lists.
 * Assessments and projects are not bounded by the course lists (docs/organizations.md).
 */
export function isVisibleInOrganization(scope: OrganizationScope, collection: ScopedCollection): boolean {
  if (collection.is_private) return true;
  if (collection.work_type === 'standalone_cloud_lab') return scope.can_access_cloudlabs;
  const reachable = isPathContentReachable(scope);
  if (PATH_WORK_TYPES.includes(collection.work_type)) return reachable;
  if (COURSE_WORK_TYPES.includes(collection.work_type))
    return reachable && isCollectionVisible(scope, collection);
  return true;
}

/**
 * Spec 001 §5 rule 5: a logged-out visitor on an organization's (B2B) domain does not see free or unpriced
 * collections, nor those tagged with the domain's learner tag.
 */
export function isVisibleOnB2bDomain(
  collection: { is_free: boolean; is_priced: boolean; learner_tags: readonly string[] },
  hiddenLearnerTag: string | null,
): boolean {
  if (collection.is_free || !collection.is_priced) return false;
  return hiddenLearnerTag === null || !collection.learner_tags.includes(hiddenLearnerTag);
}
