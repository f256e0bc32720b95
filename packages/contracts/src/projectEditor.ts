import { z } from 'zod';
import { LanguageIdSchema } from './execution.js';
import {
  ProjectDataFileSchema,
  ProjectDifficultySchema,
  ProjectTypeSchema,
  SaveProjectComponentRequestSchema,
  SaveProjectRequestSchema,
} from './projects.js';
import { WidgetSchema } from './widgets.js';

// The project editor (spec 000 §2 /projecteditor/{author}/{collection}/{project}[/{component}], §3
// Project, §7 PUT …/project/{p} and …/project_component/{pc}). docs/projects.md "Editing" has the rules.
// Editors read the tasks whole, protected content included; every write names the eTag it saw.

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ProjectEditorCollectionParamsSchema = z.strictObject({ authorId: id, collectionId: id });
/** POST /api/author/{a}/collection/{c}/project: the collection's project, created on first use. */
export const EnsureProjectResponseSchema = z.object({ project_id: z.number(), created: z.boolean() });
export const ProjectEditorProjectParamsSchema = z.strictObject({
  authorId: id,
  collectionId: id,
  projectId: id,
});
export const ProjectEditorComponentParamsSchema = z.strictObject({
  authorId: id,
  collectionId: id,
  /** An existing task's id, or `new` to add one at the end (its project is named in the body). */
  componentId: z.union([z.literal('new'), id]),
});

/** A task as its editors see it: the stored shape of a save, hidden tests and scripts included. */
export const EditorProjectTaskSchema = z.object({
  component_id: z.number(),
  position: z.number(),
  title: z.string(),
  type: ProjectTypeSchema,
  description: z.array(WidgetSchema),
  guide: z.array(WidgetSchema),
  codeContent: z
    .object({ comp_id: z.string(), language: LanguageIdSchema, code: z.string(), enableStdin: z.boolean() })
    .nullable(),
  runjs: z.object({ html: z.string(), css: z.string(), js: z.string() }).nullable(),
  spa: z.object({ index: z.string(), app: z.string(), style: z.string() }).nullable(),
  url: z.string().nullable(),
  live: z
    .object({
      image: z.string(),
      app_port: z.number().nullable(),
      files: z.array(z.object({ path: z.string(), content: z.string() })),
    })
    .nullable(),
  protected_content: z.object({
    evaluationInputFileId: z.number().nullable(),
    evaluationOutputFileId: z.number().nullable(),
    test_cases: z.array(z.object({ input: z.string(), output: z.string(), hidden: z.boolean() })),
    solution: z.string().nullable(),
    live_tests: z.array(z.object({ id: z.string(), name: z.string(), script: z.string() })),
  }),
  updated_at: z.string(),
});
export type EditorProjectTask = z.infer<typeof EditorProjectTaskSchema>;

export const EditorProjectSchema = z.object({
  author_id: z.number(),
  collection_id: z.number(),
  project_id: z.number(),
  title: z.string(),
  summary: z.string(),
  difficulty: ProjectDifficultySchema,
  description: z.array(WidgetSchema),
  pre_reqs: z.array(z.string()),
  pre_requisite_projects: z.array(z.number()),
  relevant_courses: z.array(z.number()),
  udata_files: z.array(z.number()),
  /** Every file of the project: learner data files and the protected evaluation files. */
  files: z.array(ProjectDataFileSchema),
  tasks: z.array(EditorProjectTaskSchema),
  can_edit: z.boolean(),
  /** /project/{a}/{c}/{p}/{first task}, or null while the project has no task. */
  learner_url: z.string().nullable(),
  etag: z.string(),
});
export type EditorProject = z.infer<typeof EditorProjectSchema>;

/** PUT …/project/{p}: the project's fields and its tasks' order (every task exactly once); If-Match. */
export const SaveEditorProjectRequestSchema = SaveProjectRequestSchema.extend({
  component_ids: z.array(z.number().int().positive()).max(200),
});
export type SaveEditorProjectRequest = z.input<typeof SaveEditorProjectRequestSchema>;

/** PUT …/project_component/{pc}: one task; `project_id` is needed only to add one (`new`). */
export const SaveEditorTaskRequestSchema = SaveProjectComponentRequestSchema.extend({
  project_id: z.number().int().positive().optional(),
});
export type SaveEditorTaskRequest = z.input<typeof SaveEditorTaskRequestSchema>;

export const SaveEditorTaskResponseSchema = z.object({ etag: z.string(), task: EditorProjectTaskSchema });
export type SaveEditorTaskResponse = z.infer<typeof SaveEditorTaskResponseSchema>;

export const ProjectEditorEtagResponseSchema = z.object({ etag: z.string() });
