import {
  MAX_MODULE_ITEMS,
  MAX_PLAN_MODULES,
  MAX_USERS_PER_ADD,
  MENTOR_FEEDBACK_MAX_LENGTH,
  MentoringErrors,
  PlanKind,
  PlanState,
} from '@coderoom/domain';
import { z } from 'zod';
import type { Assignment } from './organizations.js';

// Learning and onboarding plans of an organization (docs/organizations.md, "Plans").

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const kind = z.union([
  z.literal(PlanKind.Onboarding),
  z.literal(PlanKind.UpSkilling),
  z.literal(PlanKind.Explore),
]);
const title = z.string().trim().min(1, 'Title is required').max(200);
const description = z.string().trim().max(2000);
const dueDate = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .nullable()
  .transform((value) => (value === null ? null : new Date(value).toISOString()));

export const OrganizationPlanParamsSchema = z.strictObject({ organizationId: id, planId: id });

export const CreatePlanRequestSchema = z.strictObject({
  kind,
  title,
  description: description.optional(),
  is_template: z.boolean().optional(),
  /** Copies the modules of this template. */
  from_template_id: id.optional(),
});
export type CreatePlanRequest = z.infer<typeof CreatePlanRequestSchema>;

export const UpdatePlanRequestSchema = z.strictObject({
  title: title.optional(),
  description: description.optional(),
  state: z.enum([PlanState.Draft, PlanState.Published]).optional(),
  /** The whole list of modules, in order, each with its courses and paths in order. */
  modules: z
    .array(
      z.strictObject({
        title,
        items: z.array(z.strictObject({ author_id: id, work_id: id })).max(MAX_MODULE_ITEMS),
      }),
    )
    .max(MAX_PLAN_MODULES)
    .optional(),
});
export type UpdatePlanRequest = z.infer<typeof UpdatePlanRequestSchema>;

export const AssignPlanRequestSchema = z
  .strictObject({
    member_ids: z.array(id).max(MAX_USERS_PER_ADD).default([]),
    team_ids: z.array(id).max(100).default([]),
    due_date: dueDate.optional(),
  })
  .refine((value) => value.member_ids.length + value.team_ids.length > 0, {
    message: 'Choose at least one member or team',
    path: ['member_ids'],
  });
export type AssignPlanRequest = z.infer<typeof AssignPlanRequestSchema>;

/** `/api/learn/plans/{assignmentId}`: one of the caller's own plans. */
export const MyPlanParamsSchema = z.strictObject({ assignmentId: id });

export const ForcePlanCompleteRequestSchema = z.strictObject({ assignment_id: id });

export interface PlanItem {
  author_id: number;
  work_id: number;
  title: string;
  work_type: string;
  url: string;
}

export interface OrganizationPlan {
  plan_id: number;
  organization_id: number;
  kind: number;
  kind_label: string;
  title: string;
  description: string;
  state: string;
  is_template: boolean;
  modules: Array<{ module_id: number; title: string; items: PlanItem[] }>;
  assigned_count: number;
  updated_at: string;
}

export interface OrganizationPlansResponse {
  plans: OrganizationPlan[];
}

export interface PlanAssignment {
  assignment_id: number;
  plan_id: number;
  plan_title: string;
  kind: number;
  member_id: number;
  email: string;
  due_date: string | null;
  completed_at: string | null;
  force_completed: boolean;
}

export interface PlanAssignmentsResponse {
  assignments: PlanAssignment[];
}

/** One course or path of an assigned plan with the learner's progress in it. */
export interface PlanItemProgress extends PlanItem {
  percent: number;
  completed: boolean;
}

/** An assigned plan as its member (or their mentor) sees it: items with progress, and the mentor's words. */
export interface AssignedPlan extends PlanAssignment {
  organization_id: number;
  description: string;
  kind_label: string;
  /** Mean of the items' progress (docs/organizations.md, "Plan progress"). */
  percent: number;
  is_overdue: boolean;
  modules: Array<{ module_id: number; title: string; items: PlanItemProgress[] }>;
  feedback: MentorFeedback[];
}

/** A member's own assigned plans, with what is in them. */
export interface MyPlansResponse {
  plans: AssignedPlan[];
}

// Mentor feedback (001 §6, §7 mentor-feedback): on one assigned item of a mentee.

export const MentorFeedbackRequestSchema = z
  .strictObject({
    mentee_member_id: id,
    plan_assignment_id: id.optional(),
    assignment_id: id.optional(),
    feedback: z
      .string()
      .trim()
      .min(1, MentoringErrors.FeedbackRequired)
      .max(MENTOR_FEEDBACK_MAX_LENGTH, MentoringErrors.FeedbackTooLong),
  })
  .refine((value) => (value.plan_assignment_id === undefined) !== (value.assignment_id === undefined), {
    message: MentoringErrors.ChooseOneItem,
    path: ['plan_assignment_id'],
  });
export type MentorFeedbackRequest = z.infer<typeof MentorFeedbackRequestSchema>;

export interface MentorFeedback {
  feedback_id: number;
  organization_id: number;
  mentee_member_id: number;
  mentor_name: string;
  plan_assignment_id: number | null;
  assignment_id: number | null;
  /** The plan's or the course's title. */
  item_title: string;
  feedback: string;
  created_at: string;
}

export interface MyFeedbackResponse {
  feedback: MentorFeedback[];
}

/** The mentor dashboard: each mentee with their plans, assigned courses and the feedback given. */
export interface MenteesResponse {
  mentees: Array<{
    member_id: number;
    email: string;
    full_name: string | null;
    plans: AssignedPlan[];
    assignments: Assignment[];
    feedback: MentorFeedback[];
  }>;
}
