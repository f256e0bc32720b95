import {
  ClaimState,
  Priority,
  ReportRepeatType,
  WorkflowItemKind,
  WorkItemState,
  WorkItemStatus,
  WorkOnboardingStep,
  WorkRole,
} from '@coderoom/domain';
import { z } from 'zod';

// The work area (spec 002 §2.1, §3.1-§3.3, §4.1-§4.2, §7.2; docs/work.md). Paths under /api/workflows/ are
// ours (the spec shows the prefix only); the task comment, pin and onboarding paths are the spec's.

const id = z.number().int().positive();
const pathId = z.coerce.number().int().positive();
const title = z.string().trim().min(1, "can't be blank").max(200, 'must be at most 200 characters');
const description = z.string().max(20_000, 'must be at most 20000 characters');
const codeOf = <T extends Record<string, number>>(codes: T) =>
  z.number().refine((value) => Object.values(codes).includes(value), 'is not a known code');

export const WorkItemKindSchema = z.enum(WorkflowItemKind);
export const WorkRoleSchema = z.enum(WorkRole);
export type WorkRoleValue = z.infer<typeof WorkRoleSchema>;
/** What the caller may do with an item: an owner (of it or of an ancestor) may do everything. */
export const WorkAccessSchema = z.enum(['owner', 'edit', 'comment', 'view']);
export type WorkAccess = z.infer<typeof WorkAccessSchema>;

export const WorkItemParamsSchema = z.strictObject({ id: pathId });

export const WorkPersonSchema = z.object({ user_id: id, full_name: z.string(), email: z.string() });
export type WorkPerson = z.infer<typeof WorkPersonSchema>;

export const WorkItemSchema = z.object({
  id,
  kind: WorkItemKindSchema,
  title: z.string(),
  description: z.string(),
  parent_id: id.nullable(),
  owner: WorkPersonSchema,
  organization_id: id.nullable(),
  is_private: z.boolean(),
  is_starred: z.boolean(),
  is_deleted: z.boolean(),
  access: WorkAccessSchema,
  created: z.string(),
  updated: z.string(),
  deleted_at: z.string().nullable(),
  // Task fields; null on other kinds.
  status: z.number().nullable(),
  item_kind: z.number().nullable(),
  state: z.number(),
  priority: z.number().nullable(),
  claim_state: z.number().nullable(),
  due_date: z.string().nullable(),
  milestone_id: id.nullable(),
  assignees: z.array(WorkPersonSchema),
  sub_task_count: z.number().int(),
  comment_count: z.number().int(),
  target_id: id.nullable(),
});
export type WorkItem = z.infer<typeof WorkItemSchema>;

export const WorkItemListSchema = z.object({ items: z.array(WorkItemSchema) });
export type WorkItemList = z.infer<typeof WorkItemListSchema>;

export const WorkMilestoneSchema = z.object({
  id,
  project_id: id,
  title: z.string(),
  due_date: z.string().nullable(),
});
export type WorkMilestone = z.infer<typeof WorkMilestoneSchema>;

export const WorkCollaboratorSchema = WorkPersonSchema.extend({
  role: WorkRoleSchema,
  /** Set when the role comes from an item above this one. */
  inherited_from: id.nullable(),
});
export type WorkCollaborator = z.infer<typeof WorkCollaboratorSchema>;

export const WorkItemDetailSchema = z.object({
  item: WorkItemSchema,
  breadcrumbs: z.array(z.object({ id, title: z.string(), kind: WorkItemKindSchema })),
  children: z.array(WorkItemSchema),
  milestones: z.array(WorkMilestoneSchema),
  body: z.string(),
});
export type WorkItemDetail = z.infer<typeof WorkItemDetailSchema>;

export const WorkListQuerySchema = z.strictObject({
  kind: z.enum(['project', 'document', 'task', 'review', 'group', 'scheduled_report', 'folder']).optional(),
  tab: z.enum(['all', 'starred', 'private', 'follow_ups', 'mine']).default('all'),
  parent_id: pathId.optional(),
});
export type WorkListQuery = z.infer<typeof WorkListQuerySchema>;

export const CreateWorkItemRequestSchema = z.strictObject({
  kind: WorkItemKindSchema,
  title: title.optional(),
  description: description.optional(),
  parent_id: id.nullable().optional(),
});
export type CreateWorkItemRequest = z.infer<typeof CreateWorkItemRequestSchema>;

export const UpdateWorkItemRequestSchema = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    body: z.string().max(190_000, 'must be at most 190000 characters').optional(),
    status: codeOf(WorkItemStatus).optional(),
    state: codeOf(WorkItemState).optional(),
    priority: codeOf(Priority).optional(),
    claim_state: codeOf(ClaimState).optional(),
    due_date: z.iso.datetime({ offset: true }).nullable().optional(),
    milestone_id: id.nullable().optional(),
    assignee_ids: z.array(id).max(50).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change.');
export type UpdateWorkItemRequest = z.infer<typeof UpdateWorkItemRequestSchema>;

export const MoveWorkItemRequestSchema = z.strictObject({ parent_id: id.nullable() });
export type MoveWorkItemRequest = z.infer<typeof MoveWorkItemRequestSchema>;

export const ShareWorkItemRequestSchema = z.strictObject({
  email: z.email('must be an e-mail address').max(254),
  role: WorkRoleSchema.nullable(),
});
export type ShareWorkItemRequest = z.infer<typeof ShareWorkItemRequestSchema>;
export const WorkCollaboratorListSchema = z.object({ collaborators: z.array(WorkCollaboratorSchema) });

export const CreateMilestoneRequestSchema = z.strictObject({
  title,
  due_date: z.iso.datetime({ offset: true }).nullable().optional(),
});
export const MilestoneParamsSchema = z.strictObject({ id: pathId, milestoneId: pathId });

// Version history of a work document (docs/work.md): the list, one version's text, and restore.
export const DocumentVersionParamsSchema = z.strictObject({ id: pathId, versionId: pathId });

export const DocumentVersionSchema = z.object({
  id,
  /** `edit`: kept while people wrote; `restore`: the text a restore brought back. */
  reason: z.enum(['edit', 'restore']),
  restored_from: id.nullable(),
  created_by: WorkPersonSchema.nullable(),
  created: z.string(),
  /** Characters in the text. */
  length: z.number().int(),
});
export type DocumentVersion = z.infer<typeof DocumentVersionSchema>;

export const DocumentVersionListSchema = z.object({ versions: z.array(DocumentVersionSchema) });
export type DocumentVersionList = z.infer<typeof DocumentVersionListSchema>;

export const DocumentVersionDetailSchema = z.object({ version: DocumentVersionSchema, body: z.string() });
export type DocumentVersionDetail = z.infer<typeof DocumentVersionDetailSchema>;

// Task comments (spec 002 §3.2, §4.3, §7.2).
export const TaskCommentReplySchema = z.object({
  id,
  mdText: z.string(),
  userId: id,
  userName: z.string(),
  isModified: z.boolean(),
  lastModifiedTime: z.string(),
  created: z.string(),
});
export const TaskCommentSchema = TaskCommentReplySchema.extend({
  isResolved: z.boolean(),
  repliesCount: z.number().int(),
  lastResolvedTime: z.string().nullable(),
  resolvedBy: id.nullable(),
  replies: z.array(TaskCommentReplySchema),
});
export type TaskComment = z.infer<typeof TaskCommentSchema>;
export const TaskCommentListSchema = z.object({
  comments: z.array(TaskCommentSchema),
  count: z.number().int(),
});
export type TaskCommentList = z.infer<typeof TaskCommentListSchema>;

const mdText = z.string().trim().min(1, "can't be blank").max(10_000, 'must be at most 10000 characters');
export const CreateTaskCommentRequestSchema = z
  .strictObject({
    md_text: mdText,
    is_reply: z.boolean().default(false),
    parent_id: id.nullable().optional(),
  })
  .refine((body) => body.is_reply === Boolean(body.parent_id), {
    message: 'A reply names its comment in parent_id, and only a reply does.',
    path: ['parent_id'],
  });
export type CreateTaskCommentRequest = z.infer<typeof CreateTaskCommentRequestSchema>;
export const UpdateTaskCommentRequestSchema = z
  .strictObject({
    comment_id: id,
    md_text: mdText.optional(),
    is_resolved: z.boolean().optional(),
    is_reply: z.boolean().optional(),
    parent_id: id.nullable().optional(),
    /** Deletes the comment (or reply) instead of changing it. */
    is_deleted: z.literal(true).optional(),
  })
  .refine(
    (body) => body.md_text !== undefined || body.is_resolved !== undefined || body.is_deleted,
    'Nothing to change.',
  );
export type UpdateTaskCommentRequest = z.infer<typeof UpdateTaskCommentRequestSchema>;

// Star (pin) of a work item through the spec's pin calls (002 §7.2); the reader's pins name a course instead.
export const PinWorkItemRequestSchema = z.strictObject({ work_item_id: id });

// Reviews.
export const WorkReviewDecisionSchema = z.enum(['pending', 'signed_off', 'changes_requested']);
export const WorkReviewSchema = z.object({
  review: WorkItemSchema,
  document: z.object({ id, title: z.string() }).nullable(),
  reviewers: z.array(
    WorkPersonSchema.extend({
      decision: WorkReviewDecisionSchema,
      note: z.string(),
      decided_at: z.string().nullable(),
    }),
  ),
});
export type WorkReview = z.infer<typeof WorkReviewSchema>;
export const WorkReviewListSchema = z.object({ reviews: z.array(WorkReviewSchema) });
export const RequestReviewRequestSchema = z.strictObject({
  document_id: id,
  reviewer_emails: z
    .array(z.email('must be an e-mail address').max(254))
    .min(1, 'Name at least one reviewer.')
    .max(20),
  title: title.optional(),
  note: description.optional(),
});
export type RequestReviewRequest = z.infer<typeof RequestReviewRequestSchema>;
export const SignOffReviewRequestSchema = z.strictObject({
  decision: z.enum(['signed_off', 'changes_requested']),
  note: z.string().max(5000).default(''),
});
export type SignOffReviewRequest = z.infer<typeof SignOffReviewRequestSchema>;
export const ReviewListQuerySchema = z.strictObject({ tab: z.enum(['all', 'follow_ups']).default('all') });

// Scheduled reports (spec 002 §3.1).
export const ScheduledReportSchema = z.object({
  item: WorkItemSchema,
  assignees_list: z.array(WorkPersonSchema),
  reviewers_list: z.array(WorkPersonSchema),
  watchers_list: z.array(WorkPersonSchema),
  repeat_every: z.number().int(),
  repeat_type: z.enum(ReportRepeatType),
  repeat_on_weekday: z.number().int().nullable(),
  repeat_on_date: z.number().int().nullable(),
  next_scheduled_date: z.string(),
});
export type ScheduledReport = z.infer<typeof ScheduledReportSchema>;
export const ScheduledReportListSchema = z.object({ reports: z.array(ScheduledReportSchema) });
export const CreateScheduledReportRequestSchema = z.strictObject({
  title,
  description: description.default(''),
  parent_id: id.nullable().optional(),
  assignees_list: z.array(id).max(50).default([]),
  reviewers_list: z.array(id).max(50).default([]),
  watchers_list: z.array(id).max(50).default([]),
  repeat_every: z.number().int().min(1, 'must be at least 1').max(365, 'must be at most 365'),
  repeat_type: z.enum(ReportRepeatType),
  repeat_on_weekday: z.number().int().min(0).max(6).nullable().default(null),
  repeat_on_date: z.number().int().min(1).max(31).nullable().default(null),
  next_scheduled_date: z.iso.datetime({ offset: true }),
});
export type CreateScheduledReportRequest = z.infer<typeof CreateScheduledReportRequestSchema>;

/** Editing a report: any of its fields; a new next date must be in the future (docs/work.md). */
export const UpdateScheduledReportRequestSchema = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    assignees_list: z.array(id).max(50).optional(),
    reviewers_list: z.array(id).max(50).optional(),
    watchers_list: z.array(id).max(50).optional(),
    repeat_every: z.number().int().min(1, 'must be at least 1').max(365, 'must be at most 365').optional(),
    repeat_type: z.enum(ReportRepeatType).optional(),
    repeat_on_weekday: z.number().int().min(0).max(6).nullable().optional(),
    repeat_on_date: z.number().int().min(1).max(31).nullable().optional(),
    next_scheduled_date: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change.' });
export type UpdateScheduledReportRequest = z.infer<typeof UpdateScheduledReportRequestSchema>;

// The work home (spec 002 §2.1 "dashboard of activity").
export const WorkActivitySchema = z.object({
  id,
  action: z.string(),
  item_id: id.nullable(),
  item_title: z.string(),
  item_kind: WorkItemKindSchema,
  actor: WorkPersonSchema,
  details: z.record(z.string(), z.unknown()),
  created: z.string(),
});
export type WorkActivity = z.infer<typeof WorkActivitySchema>;
export const WorkHomeSchema = z.object({
  workspace_name: z.string(),
  activity: z.array(WorkActivitySchema),
  due_soon: z.array(WorkItemSchema),
  starred: z.array(WorkItemSchema),
  limits: z.object({
    documents: z.number(),
    projects: z.number(),
    documents_used: z.number(),
    projects_used: z.number(),
    is_work_freemium: z.boolean(),
  }),
});
export type WorkHome = z.infer<typeof WorkHomeSchema>;

// Work onboarding (spec 002 §4.10, §7.1).
export const WorkOnboardingStepSchema = z.enum(WorkOnboardingStep);
export const WorkOnboardingSchema = z.object({
  next_onboarding_stage: WorkOnboardingStepSchema.nullable(),
  is_onboarding_completed: z.boolean(),
  redirected_project_id: id.nullable(),
});
export type WorkOnboarding = z.infer<typeof WorkOnboardingSchema>;
export const WorkOnboardingRequestSchema = z
  .strictObject({
    next_onboarding_stage: WorkOnboardingStepSchema.nullable().optional(),
    is_onboarding_completed: z.boolean().optional(),
    redirected_project_id: id.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change.');
export type WorkOnboardingRequest = z.infer<typeof WorkOnboardingRequestSchema>;

export const WorkPeopleSchema = z.object({ people: z.array(WorkPersonSchema) });
export const WorkspaceRequestSchema = z.strictObject({ name: title });

// Images in work documents (spec 002 §7.2: "a workflow page image upload URL endpoint exists (a GET)"): the
// media module's upload link for a document the caller may edit; the answer is the media module's.
export const WorkImageUploadQuerySchema = z.strictObject({
  file_name: z.string().trim().min(1).max(255),
  content_type: z.string().trim().toLowerCase().min(1).max(100),
  size: z.coerce.number().int().positive(),
});
export type WorkImageUploadQuery = z.infer<typeof WorkImageUploadQuerySchema>;
export const WorkImageUploadResponseSchema = z.object({
  upload_url: z.string(),
  asset_url: z.string(),
  expires_at: z.string(),
});
