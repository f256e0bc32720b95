import { z } from 'zod';

// Cloud labs (spec 000 §2 routes /cloudlabs/{slug}/{encodedId} and /cloudlab/{a}/{c}/{lab}/{task}, §3 "Cloud
// lab item": content, envContent with codeContent and type, variables access_key_id and secret_access_key).
// docs/cloudlabs.md describes the flow. The variables' values never appear in these answers: the learner
// reads them inside the lab's shell.

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const CloudLabCollectionParamsSchema = z.strictObject({ authorId: id, collectionId: id });
export const CloudLabParamsSchema = z.strictObject({ authorId: id, collectionId: id, labId: id });
/** POST /api/author/{a}/collection/{c}/cloudlab: the collection's lab, created on first use. */
export const EnsureCloudLabResponseSchema = z.object({ lab_id: z.number(), created: z.boolean() });
export const CloudLabTaskParamsSchema = z.strictObject({
  authorId: id,
  collectionId: id,
  labId: id,
  taskId: id,
});
export const CloudLabCodeParamsSchema = z.strictObject({ encodedId: z.string().min(1).max(64) });

/** Spec envContent.type: a terminal only, or a terminal beside a workspace. */
export const CloudLabEnvTypeSchema = z.enum(['CloudShell', 'CloudLabWorkspace']);
export type CloudLabEnvType = z.infer<typeof CloudLabEnvTypeSchema>;

export const CloudLabTaskStatusSchema = z.enum(['default', 'completed']);

export const CloudLabTaskSummarySchema = z.object({
  task_id: z.number(),
  title: z.string(),
  status: CloudLabTaskStatusSchema,
  /** The item route /cloudlab/{a}/{c}/{lab}/{task}. */
  url: z.string(),
});
export type CloudLabTaskSummary = z.infer<typeof CloudLabTaskSummarySchema>;

/** A lab variable as the learner sees it: its name and the environment variable that holds it, never its value. */
export const CloudLabVariableSchema = z.object({
  name: z.enum(['access_key_id', 'secret_access_key']),
  env: z.string(),
});

export const CloudLabProgressSchema = z.object({
  is_begun: z.boolean(),
  completed: z.number(),
  total: z.number(),
  is_done: z.boolean(),
});

export const CloudLabOverviewSchema = z.object({
  author_id: z.number(),
  collection_id: z.number(),
  lab_id: z.number(),
  encoded_id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Markdown. */
  content: z.string(),
  envContent: z.object({
    type: CloudLabEnvTypeSchema,
    codeContent: z.object({ image: z.string() }),
  }),
  variables: z.array(CloudLabVariableSchema),
  tasks: z.array(CloudLabTaskSummarySchema),
  progress: CloudLabProgressSchema,
  /** The caller edits this lab (its editor is /cloudlabeditor/{a}/{c}/{lab}). */
  can_edit: z.boolean(),
  /**
   * The capability flag of spec 001: the caller may start cloud labs (false for a member of an organization
   * that has not enabled them; docs/cloudlabs.md).
   */
  can_access_cloudlabs: z.boolean(),
});
export type CloudLabOverview = z.infer<typeof CloudLabOverviewSchema>;

export const CloudLabTaskResponseSchema = z.object({
  lab: CloudLabOverviewSchema,
  task: z.object({
    task_id: z.number(),
    title: z.string(),
    /** Markdown. */
    instructions: z.string(),
    status: CloudLabTaskStatusSchema,
    position: z.number(),
  }),
});
export type CloudLabTaskResponse = z.infer<typeof CloudLabTaskResponseSchema>;

/** POST …/tasks/{taskId}/check: the task's check script run in the learner's running lab. */
export const CloudLabCheckResponseSchema = z.object({
  result: z.enum(['passed', 'failed']),
  exit_code: z.number().nullable(),
  timed_out: z.boolean(),
  /** What the check printed, capped; the lab's variable values are masked. */
  output: z.string(),
  status: CloudLabTaskStatusSchema,
  progress: CloudLabProgressSchema,
});
export type CloudLabCheckResponse = z.infer<typeof CloudLabCheckResponseSchema>;

// The lab editor (/cloudlabeditor/{author}/{collection}/{lab}[/{task}]): editors of the collection only. It is
// the one answer that carries the protected check scripts.

const LabFileSchema = z.strictObject({ path: z.string().min(1).max(300), content: z.string().max(100_000) });

export const CloudLabEditorResponseSchema = z.object({
  author_id: z.number(),
  collection_id: z.number(),
  lab_id: z.number(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  envContent: z.object({ type: CloudLabEnvTypeSchema, codeContent: z.object({ image: z.string() }) }),
  files: z.array(LabFileSchema),
  tasks: z.array(
    z.object({
      task_id: z.number(),
      title: z.string(),
      instructions: z.string(),
      check: z.string(),
      solution: z.string().nullable(),
    }),
  ),
  /** The reader URL of the lab, /cloudlabs/{slug}/{encodedId}. */
  url: z.string(),
  /** Sent back in If-Match with every save; a save based on an older one is a 409. */
  etag: z.string(),
  /** False for the people invited to read the draft (viewer collaborators, reviewers): a read-only view. */
  can_edit: z.boolean(),
});
export type CloudLabEditorResponse = z.infer<typeof CloudLabEditorResponseSchema>;

export const SaveCloudLabRequestSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  summary: z.string().max(1000),
  content: z.string().max(20_000),
  env_type: CloudLabEnvTypeSchema,
  image: z.string().max(200),
  files: z.array(LabFileSchema).max(50),
});
export type SaveCloudLabRequest = z.infer<typeof SaveCloudLabRequestSchema>;

export const SaveCloudLabTaskRequestSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  instructions: z.string().max(20_000),
  check: z.string().trim().min(1).max(20_000),
  solution: z.string().max(20_000).nullable(),
});
export type SaveCloudLabTaskRequest = z.infer<typeof SaveCloudLabTaskRequestSchema>;
