import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LanguageIdSchema, LanguageTopicSchema } from '@coderoom/contracts';
import { CategoryType, Difficulty, WorkType } from '@coderoom/domain';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { PackageImportDeps } from '../content/content.service.js';
import * as repo from './assessments.repository.js';

// The assessment package format (docs/assessments.md): one YAML file per skill assessment in
// content/assessments/. The importer makes an ordinary collection (work type skill_assessment),
// publishes it through the content module so explore lists it, and stores the questions here.

const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(100);

const DIFFICULTY = { easy: Difficulty.Easy, medium: Difficulty.Medium, hard: Difficulty.Hard } as const;

const QuestionSchema = z.strictObject({
  kind: z.enum(['multiple_choice', 'multiple_answer', 'code']),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  skill: z.string().min(1).max(100),
  text: z.string().min(1).max(10_000),
  options: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]{1,32}$/),
        text: z.string().min(1).max(2_000),
        correct: z.boolean().default(false),
      }),
    )
    .max(10)
    .default([]),
  explanation: z.string().max(5_000).optional(),
  starter_code: z.string().max(20_000).optional(),
  solution: z.string().max(20_000).optional(),
  test_cases: z
    .array(z.strictObject({ input: z.string(), output: z.string() }))
    .max(50)
    .default([]),
});
export type PackageQuestion = z.infer<typeof QuestionSchema>;

export const AssessmentManifestSchema = z
  .strictObject({
    title: z.string().min(1).max(200),
    slug: SlugSchema.optional(),
    summary: z.string().max(1000).default(''),
    overview: z.string().max(20_000).default(''),
    language_topic: LanguageTopicSchema,
    /** The runner language of code questions. */
    language: LanguageIdSchema,
    difficulty: z.enum(['beginner', 'intermediate', 'advanced']).default('intermediate'),
    tags: z.array(z.string().max(200)).max(50).default([]),
    skills: z.array(z.string().max(100)).min(1).max(50),
    author: z.string().email(),
    questions: z.array(QuestionSchema).min(1).max(500),
  })
  .superRefine((manifest, context) => {
    manifest.questions.forEach((question, index) => {
      const problem = questionProblem(question, manifest.skills);
      if (problem) context.addIssue({ code: 'custom', path: ['questions', index], message: problem });
    });
  });
export type AssessmentManifest = z.infer<typeof AssessmentManifestSchema>;

/** The first thing wrong with a question, or null: what the grader needs must be there. */
function questionProblem(question: PackageQuestion, skills: readonly string[]): string | null {
  if (!skills.includes(question.skill)) return `skill '${question.skill}' is not in the skills list`;
  if (question.kind === 'code') {
    if (!question.solution) return 'a code question needs a reference solution';
    if (question.test_cases.length === 0) return 'a code question needs test cases';
    if (question.options.length > 0) return 'a code question has no options';
    return null;
  }
  const ids = new Set(question.options.map((option) => option.id));
  if (question.options.length < 2) return 'a choice question needs at least two options';
  if (ids.size !== question.options.length) return 'option ids must be unique';
  const correct = question.options.filter((option) => option.correct).length;
  if (question.kind === 'multiple_choice' && correct !== 1)
    return 'multiple_choice needs exactly one correct option';
  if (question.kind === 'multiple_answer' && correct < 1) return 'multiple_answer needs a correct option';
  return null;
}

export interface AssessmentPackage {
  file: string;
  slug: string;
  manifest: AssessmentManifest;
}

/** Every content/assessments/*.yaml; a file that does not parse is reported and left out. */
export async function loadAssessmentFolder(
  contentDir: string,
  onError: (error: Error) => void = (error) => {
    throw error;
  },
): Promise<AssessmentPackage[]> {
  const dir = path.join(contentDir, 'assessments');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.yaml')).sort();
  } catch {
    return [];
  }
  const packages: AssessmentPackage[] = [];
  for (const file of files) {
    try {
      const parsed = AssessmentManifestSchema.safeParse(
        parseYaml(await readFile(path.join(dir, file), 'utf8')),
      );
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`assessments/${file}: ${issue?.path.join('.')}: ${issue?.message}`);
      }
      packages.push({ file, slug: parsed.data.slug ?? file.replace(/\.yaml$/, ''), manifest: parsed.data });
    } catch (error) {
      onError(error as Error);
    }
  }
  return packages;
}

/** The rows a package's questions become: the grader's half in protected_content. */
export function questionRows(collectionId: number, manifest: AssessmentManifest) {
  return manifest.questions.map((question, position) => ({
    collectionId,
    position,
    kind: question.kind,
    difficulty: DIFFICULTY[question.difficulty],
    skill: question.skill,
    content: {
      text: question.text,
      options: question.options.map((option) => ({ id: option.id, text: option.text })),
      language: question.kind === 'code' ? manifest.language : null,
      starter_code: question.kind === 'code' ? (question.starter_code ?? '') : null,
    },
    protectedContent: {
      correct_option_ids: question.options.filter((option) => option.correct).map((option) => option.id),
      explanation: question.explanation ?? null,
      test_cases: question.test_cases,
      solution: question.solution ?? null,
    },
  }));
}

/** Imports one package unless its slug exists for that author (the seed runs on every start). */
export async function importAssessment(
  { db, content }: PackageImportDeps,
  pkg: AssessmentPackage,
): Promise<{ collectionId: number; created: boolean }> {
  const { manifest } = pkg;
  const { authorId, existing } = await content.findImported(
    manifest.author,
    WorkType.SkillAssessment,
    pkg.slug,
  );
  if (authorId === null) throw new Error(`${pkg.file}: author ${manifest.author} does not exist`);
  if (existing) return { collectionId: existing.id, created: false };
  const collectionId = await db.transaction(async (tx) => {
    const row = await content.createImportedCollection(tx, {
      authorId,
      workType: WorkType.SkillAssessment,
      title: manifest.title,
      slug: pkg.slug,
      summary: manifest.summary,
      difficulty: manifest.difficulty,
      languageTopic: manifest.language_topic,
      tags: manifest.tags,
      details: { overview: manifest.overview, skills: manifest.skills },
      tocType: CategoryType.Assessment,
    });
    await repo.insertQuestions(tx, questionRows(row.id, manifest));
    // The content module's own publish path: explore and search read the published version.
    await content.publishDraft(tx, row.id);
    return row.id;
  });
  return { collectionId, created: true };
}

/** The demo seed's entry: imports every assessment package of `contentDir` that is not there yet. */
export async function importAssessments(
  deps: PackageImportDeps,
  contentDir: string,
): Promise<{ imported: string[]; skipped: string[] }> {
  const imported: string[] = [];
  const skipped: string[] = [];
  const packages = await loadAssessmentFolder(contentDir, (error) => skipped.push(error.message));
  for (const pkg of packages) {
    try {
      if ((await importAssessment(deps, pkg)).created) imported.push(pkg.slug);
    } catch (error) {
      skipped.push((error as Error).message);
    }
  }
  return { imported, skipped };
}
