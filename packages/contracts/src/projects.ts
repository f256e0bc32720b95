import { z } from 'zod';
import { JudgeResponseSchema, LanguageIdSchema } from './execution.js';
import type { CollectionCard, ReaderWidget } from './reader.js';
import { WidgetSchema } from './widgets.js';

// Hands-on projects (spec 000 §2 routes, §3 Project, §4 "A project is done when all its tasks are
// completed", §5 project validation, §7 project endpoints). docs/projects.md describes the flow.

/** The spec's seven project types; terminal and workspace run in a live instance (docs/projects.md). */
export const ProjectTypeSchema = z.enum([
  'single_page_app',
  'code_widget',
  'workspace',
  'runjs',
  'url_iframe',
  'terminal',
  'code_evaluation',
]);
export type ProjectTypeName = z.infer<typeof ProjectTypeSchema>;

export const ProjectDifficultySchema = z.enum(['easy', 'medium', 'hard']);
export type ProjectDifficulty = z.infer<typeof ProjectDifficultySchema>;

export const TaskStatusSchema = z.enum(['default', 'completed']);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** Spec attempt modes: guided 2001, unguided 2002. */
export const ProjectAttemptModeSchema = z.union([z.literal(2001), z.literal(2002)]);

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ProjectParamsSchema = z.strictObject({ authorId: id, collectionId: id, projectId: id });
export const ProjectComponentParamsSchema = z.strictObject({
  authorId: id,
  collectionId: id,
  projectId: id,
  componentId: id,
});
export const ProjectAuthorParamsSchema = z.strictObject({ authorId: id, collectionId: id, projectId: id });
export const ProjectComponentAuthorParamsSchema = z.strictObject({
  authorId: id,
  collectionId: id,
  componentId: id,
});

const SOURCE_LIMIT = 200_000;

/** POST /api/project/begin/{a}/{c}/{p}. */
export const BeginProjectRequestSchema = z.strictObject({ mode: ProjectAttemptModeSchema });
export type BeginProjectRequest = z.infer<typeof BeginProjectRequestSchema>;

/** POST /api/project/{a}/{c}/{p}/{pc}/progress (spec: current_attempt, source_code). */
export const SaveProjectProgressRequestSchema = z.strictObject({
  current_attempt: z.number().int().positive(),
  source_code: z.string().max(SOURCE_LIMIT),
});
export type SaveProjectProgressRequest = z.infer<typeof SaveProjectProgressRequestSchema>;

/** POST …/check and …/evaluate: the learner's program, judged on the server. */
export const ProjectRunRequestSchema = z.strictObject({
  current_attempt: z.number().int().positive(),
  source_code: z.string().max(SOURCE_LIMIT),
});
export type ProjectRunRequest = z.infer<typeof ProjectRunRequestSchema>;

/** POST …/complete: the learner marks a self-checked task (RunJS, SPA, URL) done. */
export const CompleteTaskRequestSchema = z.strictObject({ current_attempt: z.number().int().positive() });
export type CompleteTaskRequest = z.infer<typeof CompleteTaskRequestSchema>;

const card = z.custom<CollectionCard>((value) => typeof value === 'object' && value !== null);
const widget = z.custom<ReaderWidget>((value) => typeof value === 'object' && value !== null);

export const ProjectTaskSummarySchema = z.object({
  component_id: z.number(),
  title: z.string(),
  type: ProjectTypeSchema,
  status: TaskStatusSchema,
  /** /project/{author}/{collection}/{project}/{component}. */
  url: z.string(),
});
export type ProjectTaskSummary = z.infer<typeof ProjectTaskSummarySchema>;

/** The learner's standing in a project; mode null means not begun (or reset since). */
export const ProjectProgressSummarySchema = z.object({
  mode: ProjectAttemptModeSchema.nullable(),
  current_attempt: z.number(),
  completed: z.number(),
  total: z.number(),
  is_done: z.boolean(),
});
export type ProjectProgressSummary = z.infer<typeof ProjectProgressSummarySchema>;

export const ProjectDataFileSchema = z.object({ id: z.number(), name: z.string(), content: z.string() });

/** GET /api/projects/{encodedId} and GET /api/project/{a}/{c}/{p}. */
export const ProjectOverviewSchema = z.object({
  author_id: z.number(),
  collection_id: z.number(),
  project_id: z.number(),
  encoded_id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  difficulty: ProjectDifficultySchema,
  language_topic: z.string().nullable(),
  tags: z.array(z.string()),
  description: z.array(widget),
  pre_reqs: z.array(z.string()),
  pre_requisite_projects: z.array(card),
  relevant_courses: z.array(card),
  udata_files: z.array(ProjectDataFileSchema),
  tasks: z.array(ProjectTaskSummarySchema),
  /** Null when logged out. */
  progress: ProjectProgressSummarySchema.nullable(),
  can_edit: z.boolean(),
});
export type ProjectOverview = z.infer<typeof ProjectOverviewSchema>;

/** A code task's editor as the learner sees it: never hidden tests, solutions or evaluation files. */
export const ProjectCodeContentSchema = z.object({
  comp_id: z.string(),
  language: LanguageIdSchema,
  code: z.string(),
  enableStdin: z.boolean(),
  testCases: z.array(z.object({ input: z.string(), output: z.string() })),
  hiddenTestCount: z.number(),
});
export type ProjectCodeContent = z.infer<typeof ProjectCodeContentSchema>;

export const ProjectComponentSchema = z.object({
  component_id: z.number(),
  title: z.string(),
  type: ProjectTypeSchema,
  number: z.number(),
  isProject: z.literal(true),
  description: z.array(widget),
  /** Step-by-step help, sent only in guided mode (2001) and to editors. */
  guide: z.array(widget),
  codeContent: ProjectCodeContentSchema.nullable(),
  runjs: z.object({ html: z.string(), css: z.string(), js: z.string() }).nullable(),
  spa: z.object({ index: z.string(), app: z.string(), style: z.string() }).nullable(),
  url: z.string().nullable(),
  /** Terminal and workspace tasks: the instance's image and the port of the learner's app (workspace). */
  live: z.object({ image: z.string(), app_port: z.number().nullable() }).nullable(),
  /**
   * How the task is completed: by a server check, an evaluation, the learner marking it done, or (live
   * tasks) the project's tests passing inside the learner's instance.
   */
  completion: z.enum(['check', 'evaluate', 'mark_done', 'live_tests']),
});
export type ProjectComponent = z.infer<typeof ProjectComponentSchema>;

/** GET/POST /api/project/{a}/{c}/{p}/{pc}/progress. */
export const ProjectTaskProgressSchema = z.object({
  mode: ProjectAttemptModeSchema.nullable(),
  current_attempt: z.number(),
  source_code: z.string().nullable(),
  status: TaskStatusSchema,
});
export type ProjectTaskProgress = z.infer<typeof ProjectTaskProgressSchema>;

/** GET /api/project/{a}/{c}/{p}/{pc}. */
export const ProjectTaskResponseSchema = z.object({
  project: z.object({
    author_id: z.number(),
    collection_id: z.number(),
    project_id: z.number(),
    encoded_id: z.string(),
    slug: z.string(),
    title: z.string(),
  }),
  component: ProjectComponentSchema,
  tasks: z.array(ProjectTaskSummarySchema),
  progress: ProjectTaskProgressSchema,
  summary: ProjectProgressSummarySchema,
});
export type ProjectTaskResponse = z.infer<typeof ProjectTaskResponseSchema>;

/** Evaluation outcome: whether the output on the protected input matched; never the files themselves. */
export const EvaluationResultSchema = z.object({
  verdict: z.enum(['passed', 'wrong_answer', 'runtime_error', 'time_limit', 'compile_error']),
  compile_output: z.string().nullable(),
  time_ms: z.number().nullable(),
});
export type EvaluationResult = z.infer<typeof EvaluationResultSchema>;

/** POST …/check, …/evaluate, …/complete. */
export const TaskOutcomeSchema = z.object({
  status: TaskStatusSchema,
  judge: JudgeResponseSchema.nullable(),
  evaluation: EvaluationResultSchema.nullable(),
  summary: ProjectProgressSummarySchema,
});
export type TaskOutcome = z.infer<typeof TaskOutcomeSchema>;

/** POST …/reset and POST /api/project/begin/…. */
export const ProjectProgressResponseSchema = z.object({ progress: ProjectProgressSummarySchema });
export type ProjectProgressResponse = z.infer<typeof ProjectProgressResponseSchema>;

// Authoring (PUT /api/author/{a}/collection/{c}/project/{p} and /project_component/{pc}, spec 000 §7).

const TestCaseInputSchema = z.strictObject({
  input: z.string().max(100_000),
  output: z.string().max(100_000),
  hidden: z.boolean().default(false),
});

export const SaveProjectRequestSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  summary: z.string().max(1_000).default(''),
  difficulty: ProjectDifficultySchema.default('easy'),
  description: z.array(WidgetSchema).max(100).default([]),
  pre_reqs: z.array(z.string().max(200)).max(30).default([]),
  pre_requisite_projects: z.array(z.number().int().positive()).max(30).default([]),
  relevant_courses: z.array(z.number().int().positive()).max(30).default([]),
  udata_files: z.array(z.number().int().positive()).max(30).default([]),
});
export type SaveProjectRequest = z.input<typeof SaveProjectRequestSchema>;

/** A live task's instance: image (profile), starter files written into the workspace, the app's port. */
export const LiveTaskSchema = z.strictObject({
  image: z.string().min(1).max(200),
  app_port: z.number().int().min(1).max(65535).nullable().default(null),
  files: z
    .array(z.strictObject({ path: z.string().min(1).max(200), content: z.string().max(200_000) }))
    .max(50)
    .default([]),
});

export const LiveTestSchema = z.strictObject({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  script: z.string().min(1).max(20_000),
});

export const SaveProjectComponentRequestSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  type: ProjectTypeSchema,
  description: z.array(WidgetSchema).max(100).default([]),
  guide: z.array(WidgetSchema).max(100).default([]),
  codeContent: z
    .strictObject({
      comp_id: z.string().min(1).max(64),
      language: LanguageIdSchema,
      code: z.string().max(100_000),
      enableStdin: z.boolean().default(false),
    })
    .nullable()
    .default(null),
  runjs: z
    .strictObject({
      html: z.string().max(100_000),
      css: z.string().max(100_000),
      js: z.string().max(100_000),
    })
    .nullable()
    .default(null),
  spa: z
    .strictObject({
      index: z.string().max(100_000),
      app: z.string().max(100_000),
      style: z.string().max(100_000),
    })
    .nullable()
    .default(null),
  url: z.string().max(2_000).nullable().default(null),
  live: LiveTaskSchema.nullable().default(null),
  protected_content: z
    .strictObject({
      evaluationInputFileId: z.number().int().positive().nullable().default(null),
      evaluationOutputFileId: z.number().int().positive().nullable().default(null),
      test_cases: z.array(TestCaseInputSchema).max(100).default([]),
      solution: z.string().max(100_000).nullable().default(null),
      /** Live tasks: shell scripts run in the learner's instance; the task is done when all exit 0. */
      live_tests: z.array(LiveTestSchema).max(20).default([]),
    })
    .default({
      evaluationInputFileId: null,
      evaluationOutputFileId: null,
      test_cases: [],
      solution: null,
      live_tests: [],
    }),
});
export type SaveProjectComponentRequest = z.input<typeof SaveProjectComponentRequestSchema>;

export const CreateProjectFileRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(128),
  content: z.string().max(1_000_000),
});
