import {
  ENTERPRISE_ROLES,
  type EnterpriseRole,
  MAX_USERS_PER_ADD,
  NOTIFICATIONS_PAGE_SIZE,
  type OperationState,
  TeamRole,
} from '@coderoom/domain';
import { z } from 'zod';
import type { CollectionCard } from './reader.js';

// Organizations (spec 001 §3–§7, docs/organizations.md): members, teams, assignments, progress, the
// asynchronous add-users and create-team operations, and the notifications of spec 002 §3.6.

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const roleSchema = z.union(ENTERPRISE_ROLES.map((role) => z.literal(role))) as z.ZodType<EnterpriseRole>;
const teamRoleSchema = z.union([z.literal(TeamRole.Member), z.literal(TeamRole.Manager)]);
/** A due date: an ISO date or date-time; null clears it. */
const dueDateSchema = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .nullable()
  .transform((value) => (value === null ? null : new Date(value).toISOString()));

export const OrganizationParamsSchema = z.strictObject({ organizationId: id });
export const OrganizationTeamParamsSchema = z.strictObject({ organizationId: id, teamId: id });
export const OrganizationOperationParamsSchema = z.strictObject({ organizationId: id, operationId: id });
export const OrganizationMemberParamsSchema = z.strictObject({ organizationId: id, memberId: id });

export interface CourseRefItem {
  author_id: number;
  work_id: number;
}

/** The caller's view of one organization (management header, role switches). */
export interface OrganizationOverview {
  organization_id: number;
  name: string;
  role: EnterpriseRole;
  role_label: string;
  is_admin: boolean;
  is_manager: boolean;
  is_user_team_manager: boolean;
  login_method: string;
  subscription: {
    subscription_id: number;
    plan_code: string;
    subscription_type: number;
    seats: number;
    seats_used: number;
    can_add_seats: boolean;
    excluded_courses_list: CourseRefItem[];
    included_courses_list: CourseRefItem[];
  } | null;
  permissions: {
    can_manage_users: boolean;
    can_manage_teams: boolean;
    can_assign: boolean;
    can_view_progress: boolean;
  };
}

export interface OrganizationMember {
  member_id: number;
  user_id: number | null;
  email: string;
  full_name: string | null;
  role: EnterpriseRole;
  role_label: string;
  admin_level: number | null;
  is_mentor: boolean;
  mentor_member_id: number | null;
  /** Added by address and not signed in yet. */
  is_invited: boolean;
  team_ids: number[];
}
export interface OrganizationMembersResponse {
  members: OrganizationMember[];
}

export interface OrganizationTeam {
  team_id: number;
  name: string;
  members: Array<{ member_id: number; email: string; full_name: string | null; team_role: number }>;
}
export interface OrganizationTeamsResponse {
  teams: OrganizationTeam[];
}

/** PUT …/users/add: one address or many; a CSV's text is read for addresses. Asynchronous (202). */
export const AddUsersRequestSchema = z
  .strictObject({
    emails: z.array(z.string().trim().max(254)).max(MAX_USERS_PER_ADD).optional(),
    csv: z.string().max(100_000).optional(),
    role: roleSchema.optional(),
    team_id: id.optional(),
  })
  .refine((value) => value.emails !== undefined || value.csv !== undefined, {
    message: 'emails or csv is required',
    path: ['emails'],
  });
export type AddUsersRequest = z.infer<typeof AddUsersRequestSchema>;

export const RemoveUsersRequestSchema = z.strictObject({
  member_ids: z.array(id).min(1).max(MAX_USERS_PER_ADD),
});
export type RemoveUsersRequest = z.infer<typeof RemoveUsersRequestSchema>;

export const UpdateUserRoleRequestSchema = z.strictObject({
  member_id: id,
  role: roleSchema,
  admin_level: z
    .union([z.literal(1000), z.literal(1001), z.literal(1002)])
    .nullable()
    .optional(),
});
export type UpdateUserRoleRequest = z.infer<typeof UpdateUserRoleRequestSchema>;

export const UpdateMentorRequestSchema = z.strictObject({ member_id: id, mentor_member_id: id.nullable() });
export type UpdateMentorRequest = z.infer<typeof UpdateMentorRequestSchema>;

export const CreateTeamRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  member_ids: z.array(id).max(MAX_USERS_PER_ADD).default([]),
  manager_ids: z.array(id).max(MAX_USERS_PER_ADD).default([]),
});
export type CreateTeamRequest = z.infer<typeof CreateTeamRequestSchema>;

export const UpdateTeamRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  add_members: z
    .array(z.strictObject({ member_id: id, team_role: teamRoleSchema }))
    .max(MAX_USERS_PER_ADD)
    .optional(),
  remove_member_ids: z.array(id).max(MAX_USERS_PER_ADD).optional(),
});
export type UpdateTeamRequest = z.infer<typeof UpdateTeamRequestSchema>;

/** An asynchronous operation's answer and poll (spec 001 §4): running until the lock is released. */
export interface OrganizationOperation {
  operation_id: number;
  kind: 'add_users' | 'create_team';
  state: (typeof OperationState)[keyof typeof OperationState];
  result: {
    added?: string[];
    already_members?: string[];
    invalid?: string[];
    team_id?: number;
    error?: string;
  } | null;
}

export const AssignContentRequestSchema = z
  .strictObject({
    works: z
      .array(z.strictObject({ author_id: id, work_id: id }))
      .min(1)
      .max(50),
    member_ids: z.array(id).max(MAX_USERS_PER_ADD).default([]),
    team_ids: z.array(id).max(100).default([]),
    due_date: dueDateSchema.optional(),
  })
  .refine((value) => value.member_ids.length + value.team_ids.length > 0, {
    message: 'Choose at least one member or team',
    path: ['member_ids'],
  });
export type AssignContentRequest = z.infer<typeof AssignContentRequestSchema>;

export const UpdateCompletionDateRequestSchema = z.strictObject({
  assignment_id: id,
  due_date: dueDateSchema,
});
export type UpdateCompletionDateRequest = z.infer<typeof UpdateCompletionDateRequestSchema>;

export const AssignedCoursesQuerySchema = z.strictObject({ member_id: id.optional() });

export interface Assignment {
  assignment_id: number;
  member_id: number;
  card: CollectionCard;
  due_date: string | null;
  assigned_at: string;
  team_id: number | null;
  percent: number;
  completed: boolean;
  is_overdue: boolean;
}
export interface AssignmentsResponse {
  assignments: Assignment[];
}

/** The manager dashboard: each member in the caller's scope with their assignments' progress. */
export interface OrganizationProgressResponse {
  members: Array<{
    member_id: number;
    email: string;
    full_name: string | null;
    team_ids: number[];
    assignments: Assignment[];
  }>;
  overdue_count: number;
}

/** `GET /api/organization/{id}/assignable-assessments`: what the assign form offers besides courses and paths. */
export interface AssignableAssessmentsResponse {
  items: CollectionCard[];
}

export interface OrganizationCatalogResponse {
  organization_id: number;
  name: string;
  items: CollectionCard[];
}

export const ActiveOrganizationRequestSchema = z.strictObject({ organization_id: id });

// Notifications (spec 002 §3.6).

export const NotificationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const NotificationParamsSchema = z.strictObject({ notificationId: id });

export interface NotificationItem {
  id: number;
  type: number;
  read_state: number;
  title: string;
  body: string;
  link: string | null;
  organization_id: number | null;
  created: string;
}
export interface NotificationsResponse {
  notifications: NotificationItem[];
  unread_count: number;
  total: number;
  page: number;
  page_size: number;
}
export const NOTIFICATIONS_PAGE = NOTIFICATIONS_PAGE_SIZE;
export interface UnreadCountResponse {
  unread_count: number;
}

/** POST /api/overdue-alert/search: overdue assignments the caller may see. */
export const OverdueSearchRequestSchema = z.strictObject({
  organization_id: id.optional(),
  search_string: z.string().max(128).optional(),
});
export type OverdueSearchRequest = z.infer<typeof OverdueSearchRequestSchema>;
export interface OverdueSearchResponse {
  items: Array<{ member_id: number; email: string; full_name: string | null; assignment: Assignment }>;
}
