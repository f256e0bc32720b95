import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  LanguageIdSchema,
  LanguageTopicSchema,
  ProjectDifficultySchema,
  SaveProjectComponentRequestSchema,
  type Widget,
} from '@coderoom/contracts';
import { CategoryType, WorkType } from '@coderoom/domain';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { type PackageImportDeps, prepareWidget } from '../content/content.service.js';
import { componentProblems, isTypeAvailable } from './projects.policy.js';
import * as repo from './projects.repository.js';
import { componentRowOf } from './projects.service.js';

// The project package format (docs/projects.md): one YAML file per project in content/projects/. The
// importer makes an ordinary collection (work type standalone_project), publishes it through the
// content module so explore lists it, and stores the project, its files and tasks here.

const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(100);

const TestCaseSchema = z.strictObject({
  input: z.string(),
  output: z.string(),
  hidden: z.boolean().default(false),
});

const TaskSchema = z.strictObject({
  title: z.string().min(1).max(200),
  type: z.enum([
    'single_page_app',
    'code_widget',
    'runjs',
    'url_iframe',
    'code_evaluation',
    'terminal',
    'workspace',
  ]),
  /** Markdown: what the task asks. */
  instructions: z.string().max(20_000),
  /** Markdown: step-by-step help, shown in guided attempts only. */
  guide: z.string().max(20_000).optional(),
  starter_code: z.string().max(100_000).optional(),
  solution: z.string().max(100_000).optional(),
  enable_stdin: z.boolean().default(false),
  test_cases: z.array(TestCaseSchema).max(50).default([]),
  /** File names (of `files`) of a code evaluation. */
  evaluation_input: z.string().optional(),
  evaluation_output: z.string().optional(),
  runjs: z.strictObject({ html: z.string(), css: z.string(), js: z.string() }).optional(),
  spa: z.strictObject({ index: z.string(), app: z.string(), style: z.string() }).optional(),
  url: z.string().optional(),
  /** Terminal and workspace tasks: image, app port, starter files, and the tests run in the instance. */
  live: z
    .strictObject({
      image: z.string(),
      app_port: z.number().int().optional(),
      files: z.array(z.strictObject({ path: z.string(), content: z.string() })).default([]),
    })
    .optional(),
  live_tests: z
    .array(z.strictObject({ name: z.string(), script: z.string() }))
    .max(20)
    .default([]),
});
export type PackageTask = z.infer<typeof TaskSchema>;

export const ProjectManifestSchema = z.strictObject({
  title: z.string().min(1).max(200),
  slug: SlugSchema.optional(),
  summary: z.string().max(1000).default(''),
  description: z.string().max(20_000).default(''),
  difficulty: ProjectDifficultySchema.default('easy'),
  language_topic: LanguageTopicSchema,
  /** The runner language of code tasks. */
  language: LanguageIdSchema.optional(),
  tags: z.array(z.string().max(200)).max(50).default([]),
  author: z.string().email(),
  pre_reqs: z.array(z.string().max(200)).max(30).default([]),
  /** Slugs of the author's projects and courses. */
  pre_requisite_projects: z.array(SlugSchema).default([]),
  relevant_courses: z.array(SlugSchema).default([]),
  files: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(128),
        content: z.string(),
        /** Listed for the learner (udata_files); evaluation files never are. */
        learner: z.boolean().default(false),
      }),
    )
    .default([]),
  tasks: z.array(TaskSchema).min(1).max(50),
});
export type ProjectManifest = z.infer<typeof ProjectManifestSchema>;

export interface ProjectPackage {
  file: string;
  slug: string;
  manifest: ProjectManifest;
}

/** Every content/projects/*.yaml; a file that does not parse is reported and left out. */
export async function loadProjectFolder(
  contentDir: string,
  onError: (error: Error) => void = (error) => {
    throw error;
  },
): Promise<ProjectPackage[]> {
  const dir = path.join(contentDir, 'projects');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.yaml')).sort();
  } catch {
    return [];
  }
  const packages: ProjectPackage[] = [];
  for (const file of files) {
    try {
      const parsed = ProjectManifestSchema.safeParse(parseYaml(await readFile(path.join(dir, file), 'utf8')));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`projects/${file}: ${issue?.path.join('.')}: ${issue?.message}`);
      }
      packages.push({ file, slug: parsed.data.slug ?? file.replace(/\.yaml$/, ''), manifest: parsed.data });
    } catch (error) {
      onError(error as Error);
    }
  }
  return packages;
}

function markdown(compId: string, text: string | undefined): Widget[] {
  if (!text?.trim()) return [];
  return [prepareWidget({ type: 'MarkdownEditor', comp_id: compId, content: { text } })];
}

/** A task of the package as the editor's save request, so imports meet the same rules as edits. */
export function componentRequestOf(
  task: PackageTask,
  index: number,
  language: ProjectManifest['language'],
  fileIds: Map<string, number>,
) {
  const isCode = task.type === 'code_widget' || task.type === 'code_evaluation';
  return SaveProjectComponentRequestSchema.parse({
    title: task.title,
    type: task.type,
    description: [
      { type: 'MarkdownEditor', comp_id: `task-${index}-text`, content: { text: task.instructions } },
    ],
    guide: task.guide
      ? [{ type: 'MarkdownEditor', comp_id: `task-${index}-guide`, content: { text: task.guide } }]
      : [],
    codeContent:
      isCode && language
        ? {
            comp_id: `task-${index}-code`,
            language,
            code: task.starter_code ?? '',
            enableStdin: task.enable_stdin,
          }
        : null,
    runjs: task.runjs ?? null,
    spa: task.spa ?? null,
    url: task.url ?? null,
    live: task.live
      ? { image: task.live.image, app_port: task.live.app_port ?? null, files: task.live.files }
      : null,
    protected_content: {
      evaluationInputFileId: task.evaluation_input ? (fileIds.get(task.evaluation_input) ?? null) : null,
      evaluationOutputFileId: task.evaluation_output ? (fileIds.get(task.evaluation_output) ?? null) : null,
      test_cases: task.test_cases,
      solution: task.solution ?? null,
      live_tests: (task.live_tests ?? []).map((test, number) => ({ id: `test-${number + 1}`, ...test })),
    },
  });
}

const COLLECTION_DIFFICULTY = { easy: 'beginner', medium: 'intermediate', hard: 'advanced' } as const;

/** Imports one package unless its slug exists for that author (the seed runs on every start). */
export async function importProject(
  { db, clock, content }: PackageImportDeps,
  pkg: ProjectPackage,
): Promise<{ collectionId: number; projectId: number | null; created: boolean }> {
  const { manifest } = pkg;
  const { authorId, existing } = await content.findImported(
    manifest.author,
    WorkType.StandaloneProject,
    pkg.slug,
  );
  if (authorId === null) throw new Error(`${pkg.file}: author ${manifest.author} does not exist`);
  if (existing) return { collectionId: existing.id, projectId: null, created: false };

  const relevantCourses = await content.collectionIdsBySlug(
    authorId,
    WorkType.Course,
    manifest.relevant_courses,
  );
  const prerequisites = await content.collectionIdsBySlug(
    authorId,
    WorkType.StandaloneProject,
    manifest.pre_requisite_projects,
  );

  return db.transaction(async (tx) => {
    const collection = await content.createImportedCollection(tx, {
      authorId,
      workType: WorkType.StandaloneProject,
      title: manifest.title,
      slug: pkg.slug,
      summary: manifest.summary,
      difficulty: COLLECTION_DIFFICULTY[manifest.difficulty],
      languageTopic: manifest.language_topic,
      tags: manifest.tags,
      details: { overview: manifest.description },
      tocType: CategoryType.Project,
    });
    const project = await repo.insertProject(tx, {
      collectionId: collection.id,
      title: manifest.title,
      summary: manifest.summary,
      difficulty: manifest.difficulty,
      content: { description: markdown('project-description', manifest.description) },
      preReqs: manifest.pre_reqs,
      preRequisiteProjects: prerequisites,
      relevantCourses,
    });
    const fileIds = new Map<string, number>();
    const learnerFiles: number[] = [];
    for (const file of manifest.files) {
      const row = await repo.insertFile(tx, {
        projectId: project.id,
        name: file.name,
        content: file.content,
      });
      fileIds.set(file.name, row.id);
      if (file.learner) learnerFiles.push(row.id);
    }
    if (learnerFiles.length > 0) {
      await repo.updateProject(tx, project.id, { udataFiles: learnerFiles }, clock.now());
    }
    const rows = manifest.tasks.map((task, index) => {
      const request = componentRequestOf(task, index, manifest.language, fileIds);
      const problems = componentProblems(request, new Set(fileIds.values()));
      const problem = Object.values(problems)[0];
      if (problem || !isTypeAvailable(request.type)) {
        throw new Error(`${pkg.file}: task ${index + 1}: ${problem ?? 'type not available'}`);
      }
      return {
        projectId: project.id,
        position: index,
        ...componentRowOf(request, (widgets) => widgets.map((widget) => prepareWidget(widget))),
      };
    });
    await repo.insertComponents(tx, rows);
    // The content module's own publish path: explore and search read the published version.
    await content.publishDraft(tx, collection.id);
    return { collectionId: collection.id, projectId: project.id, created: true };
  });
}

/** The demo seed's entry: imports every project package of `contentDir` that is not there yet. */
export async function importProjects(
  deps: PackageImportDeps,
  contentDir: string,
): Promise<{ imported: string[]; skipped: string[] }> {
  const imported: string[] = [];
  const skipped: string[] = [];
  const packages = await loadProjectFolder(contentDir, (error) => skipped.push(error.message));
  for (const pkg of packages) {
    try {
      if ((await importProject(deps, pkg)).created) imported.push(pkg.slug);
    } catch (error) {
      skipped.push((error as Error).message);
    }
  }
  return { imported, skipped };
}
