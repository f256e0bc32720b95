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
