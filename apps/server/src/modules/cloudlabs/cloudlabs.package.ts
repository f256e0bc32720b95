import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CloudLabEnvTypeSchema, LanguageTopicSchema } from '@coderoom/contracts';
import { CategoryType, WorkType } from '@coderoom/domain';
import { findProfile } from '@coderoom/runner';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { PackageImportDeps } from '../content/content.service.js';
import { isWorkspacePath } from './cloudlabs.policy.js';
import * as repo from './cloudlabs.repository.js';

// The cloud lab package format (docs/cloudlabs.md): one YAML file per lab in content/cloudlabs/. The importer
// makes an ordinary collection (work type standalone_cloud_lab), publishes it through the content module so
// explore lists it under cloudLabs, and stores the lab and its tasks here.

const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(100);

const TaskSchema = z.strictObject({
  title: z.string().min(1).max(200),
  /** Markdown: what the task asks. */
  instructions: z.string().max(20_000),
  /** Shell script run in the learner's instance by Check my work; exit 0 completes the task. Protected. */
  check: z.string().min(1).max(20_000),
  /** Shell script that does the task (cloudlabs.content.test.ts runs it before the check). Protected. */
  solution: z.string().max(20_000).optional(),
});

export const CloudLabManifestSchema = z.strictObject({
  title: z.string().min(1).max(200),
  slug: SlugSchema.optional(),
  summary: z.string().max(1000).default(''),
  /** Markdown shown on the overview. */
  overview: z.string().max(20_000).default(''),
  difficulty: z.enum(['beginner', 'intermediate', 'advanced']).default('beginner'),
  language_topic: LanguageTopicSchema.optional(),
  tags: z.array(z.string().max(200)).max(50).default([]),
  author: z.string().email(),
  env: z.strictObject({
    type: CloudLabEnvTypeSchema.default('CloudShell'),
    image: z.string().refine((name) => findProfile(name) !== null, 'Unknown image (instance profile)'),
    files: z
      .array(
        z.strictObject({
          path: z
            .string()
            .refine(isWorkspacePath, 'Starter file paths must be relative paths inside the workspace.'),
          content: z.string(),
        }),
      )
      .max(50)
      .default([]),
  }),
  tasks: z.array(TaskSchema).min(1).max(30),
});
export type CloudLabManifest = z.infer<typeof CloudLabManifestSchema>;

export interface CloudLabPackage {
  file: string;
  slug: string;
  manifest: CloudLabManifest;
}

/** Every content/cloudlabs/*.yaml; a file that does not parse is reported and left out. */
export async function loadCloudLabFolder(
  contentDir: string,
  onError: (error: Error) => void = (error) => {
    throw error;
  },
): Promise<CloudLabPackage[]> {
  const dir = path.join(contentDir, 'cloudlabs');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.yaml')).sort();
  } catch {
    return [];
  }
  const packages: CloudLabPackage[] = [];
  for (const file of files) {
    try {
      const parsed = CloudLabManifestSchema.safeParse(
        parseYaml(await readFile(path.join(dir, file), 'utf8')),
      );
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`cloudlabs/${file}: ${issue?.path.join('.')}: ${issue?.message}`);
      }
      packages.push({ file, slug: parsed.data.slug ?? file.replace(/\.yaml$/, ''), manifest: parsed.data });
    } catch (error) {
      onError(error as Error);
    }
  }
  return packages;
}

/** Imports one package unless its slug exists for that author (the seed runs on every start). */
export async function importCloudLab(
  { db, content }: PackageImportDeps,
  pkg: CloudLabPackage,
): Promise<{ collectionId: number; labId: number | null; created: boolean }> {
  const { manifest } = pkg;
  const { authorId, existing } = await content.findImported(
    manifest.author,
    WorkType.StandaloneCloudLab,
    pkg.slug,
  );
  if (authorId === null) throw new Error(`${pkg.file}: author ${manifest.author} does not exist`);
  if (existing) return { collectionId: existing.id, labId: null, created: false };

  return db.transaction(async (tx) => {
    const collection = await content.createImportedCollection(tx, {
      authorId,
      workType: WorkType.StandaloneCloudLab,
      title: manifest.title,
      slug: pkg.slug,
      summary: manifest.summary,
      difficulty: manifest.difficulty,
      languageTopic: manifest.language_topic ?? null,
      tags: manifest.tags,
      details: { overview: manifest.overview },
      tocType: CategoryType.CloudLab,
    });
    const lab = await repo.insertLab(tx, {
      collectionId: collection.id,
      title: manifest.title,
      summary: manifest.summary,
      content: manifest.overview,
      envType: manifest.env.type,
      image: manifest.env.image,
      files: manifest.env.files,
    });
    await repo.insertTasks(
      tx,
      manifest.tasks.map((task, index) => ({
        labId: lab.id,
        position: index,
        title: task.title,
        instructions: task.instructions,
        checkScript: task.check,
        solution: task.solution ?? null,
      })),
    );
    // The content module's own publish path: explore and search read the published version.
    await content.publishDraft(tx, collection.id);
    return { collectionId: collection.id, labId: lab.id, created: true };
  });
}

/** The demo seed's entry: imports every cloud lab package of `contentDir` that is not there yet. */
export async function importCloudLabs(
  deps: PackageImportDeps,
  contentDir: string,
): Promise<{ imported: string[]; skipped: string[] }> {
  const imported: string[] = [];
  const skipped: string[] = [];
  const packages = await loadCloudLabFolder(contentDir, (error) => skipped.push(error.message));
  for (const pkg of packages) {
    try {
      if ((await importCloudLab(deps, pkg)).created) imported.push(pkg.slug);
    } catch (error) {
      skipped.push((error as Error).message);
    }
  }
  return { imported, skipped };
}
