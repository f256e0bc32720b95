import {
  MAX_MODULE_ITEMS,
  MAX_PLAN_MODULES,
  MAX_PLAN_PAGE_BODY,
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
        /** The page's Markdown text in the plan reader; absent = empty. */
        body: z.string().max(MAX_PLAN_PAGE_BODY).optional(),
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

/** The plan reader: /api/plan/{authorId}/{planId}[?mentee_member_id=] (docs/organizations.md "Plan reader"). */
export const PlanReaderParamsSchema = z.strictObject({
  authorId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  planId: id,
});
export const PlanReaderQuerySchema = z.strictObject({ mentee_member_id: id.optional() });

export const ForcePlanCompleteRequestSchema = z.strictObject({ assignment_id: id });

export interface PlanItem {
  author_id: number;
  work_id: number;
  title: string;
  work_type: string;
  url: string;
}

export interface PlanModule {
  module_id: number;
  title: string;
  /** The page's Markdown text in the plan reader. */
  body: string;
  items: PlanItem[];
}

export interface OrganizationPlan {
  plan_id: number;
  /** The plan's author (0 once their account is gone): the first segment of its reader addresses. */
  author_id: number;
  organization_id: number;
  kind: number;
  kind_label: string;
  title: string;
  description: string;
  state: string;
  is_template: boolean;
  modules: PlanModule[];
  assigned_count: number;
  /** The plan in the reader as its authors preview it (/plan/{a}/{b}/preview). */
  preview_url: string;
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
  modules: Array<Omit<PlanModule, 'items'> & { items: PlanItemProgress[] }>;
  feedback: MentorFeedback[];
  /** The plan in the reader: the member's own address, or the mentee address for their mentor. */
  reader_url: string;
}

/** A member's own assigned plans, with what is in them. */
export interface MyPlansResponse {
  plans: AssignedPlan[];
}

/**
 * Who reads the plan: its member (`learner`, their own progress), their mentor or someone who follows their
 * progress (`mentee`, the mentee's progress), or one of the organization's plan authors (`preview`, no
 * progress; drafts and templates too).
 */
export type PlanReaderMode = 'learner' | 'mentee' | 'preview';

export interface PlanReaderPage {
  /** 1 for the first page. */
  number: number;
  title: string;
  body: string;
  items: PlanItemProgress[];
  /** Mean of the page's items' progress; null in preview or on a page without courses. */
  percent: number | null;
  url: string;
}

export interface PlanReaderResponse {
  mode: PlanReaderMode;
  plan: {
    plan_id: number;
    author_id: number;
    organization_id: number;
    title: string;
    description: string;
    kind: number;
    kind_label: string;
    state: string;
    is_template: boolean;
    url: string;
    /** The editor, for those who may edit the plan; else null. */
    edit_url: string | null;
  };
  /** The assignment read (learner and mentee modes); null in preview. */
  assignment: {
    assignment_id: number;
    due_date: string | null;
    completed_at: string | null;
    force_completed: boolean;
    percent: number;
    is_overdue: boolean;
  } | null;
  mentee: { member_id: number; email: string } | null;
  pages: PlanReaderPage[];
  feedback: MentorFeedback[];
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
