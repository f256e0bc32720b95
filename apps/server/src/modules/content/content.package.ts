import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Widget, WidgetSchema } from '@coderoom/contracts';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';

// The course package format of docs/content-format.md: a manifest and one Markdown-with-widgets file per
// lesson. Parsing is strict: a package that does not parse is reported with its file and the reason, so
// broken demo content fails CI instead of silently disappearing from the seed.

export class PackageError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'PackageError';
  }
}

const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(100);
const stringList = z.array(z.string().max(200)).max(50).default([]);

export const CourseManifestSchema = z.strictObject({
  title: z.string().min(1).max(200),
  slug: SlugSchema.optional(),
  summary: z.string().max(1000).default(''),
  overview: z.string().max(20_000).default(''),
  language_topic: z.enum(['TypeScript', 'C++', 'Rust', 'JavaScript', 'Go', 'Python']).optional(),
  difficulty: z.enum(['beginner', 'intermediate', 'advanced']).default('beginner'),
  tags: stringList,
  skills: stringList,
  takeaway_skills: stringList,
  target_audience: stringList,
  prerequisites: stringList,
  is_free: z.boolean().default(true),
  early_access: z.boolean().default(false),
  author: z.string().email(),
  categories: z
    .array(z.strictObject({ title: z.string().max(200).default(''), lessons: z.array(z.string()).min(1) }))
    .min(1),
});
export type CourseManifest = z.infer<typeof CourseManifestSchema>;

export const PathManifestSchema = z.strictObject({
  title: z.string().min(1).max(200),
  slug: SlugSchema.optional(),
  summary: z.string().max(1000).default(''),
  overview: z.string().max(20_000).default(''),
  difficulty: z.enum(['beginner', 'intermediate', 'advanced']).default('beginner'),
  tags: stringList,
  skills: stringList,
  is_free: z.boolean().default(true),
  author: z.string().email(),
  courses: z.array(z.string()).min(1),
});
export type PathManifest = z.infer<typeof PathManifestSchema>;

const LessonFrontMatterSchema = z.strictObject({
  title: z.string().min(1).max(200),
  summary: z.string().max(1000).default(''),
  estimated_minutes: z.number().int().min(1).max(600).default(5),
  optional: z.boolean().default(false),
  preview: z.boolean().default(false),
});

export interface PackageLesson {
  file: string;
  slug: string;
  title: string;
  summary: string;
  estimatedMinutes: number;
  isOptional: boolean;
  isPreview: boolean;
  components: Widget[];
}

export interface CoursePackage {
  slug: string;
  manifest: CourseManifest;
  categories: Array<{ title: string; lessons: PackageLesson[] }>;
}

export interface PathPackage {
  slug: string;
  manifest: PathManifest;
}

/** `::: kind` block names → stored widget types. */
const KIND_TO_TYPE: Record<string, Widget['type']> = {
  code: 'Code',
  'tabbed-code': 'TabbedCode',
  runjs: 'RunJS',
  spa: 'SPA',
  slides: 'CanvasAnimation',
  permutation: 'Permutation',
  table: 'Table',
  quiz: 'Quiz',
  html: 'SlateHTML',
  columns: 'Columns',
  markdown: 'MarkdownEditor',
};
const TYPE_TO_KIND = Object.fromEntries(Object.entries(KIND_TO_TYPE).map(([kind, type]) => [type, kind]));

function describeZodError(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

function parseYamlIn(file: string, text: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    throw new PackageError(file, `invalid YAML: ${(error as Error).message}`);
  }
}

function slugOf(fileName: string): string {
  return fileName
    .replace(/\.md$/, '')
    .replace(/^\d+[-_]/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Builds one widget from a block's kind and YAML body; comp ids are stable across re-imports. */
function widgetFrom(file: string, kind: string, body: unknown, compId: string): Widget {
  const type = KIND_TO_TYPE[kind];
  if (!type) throw new PackageError(file, `unknown widget kind '${kind}'`);
  let content = body ?? {};
  if (type === 'Columns') {
    const comps = (content as { comps?: unknown }).comps;
    if (!Array.isArray(comps)) throw new PackageError(file, `${compId}: columns need a 'comps' list`);
    content = {
      comps: comps.map((comp, index) => {
        const { kind: leafKind, ...leafBody } = (comp ?? {}) as { kind?: string };
        if (typeof leafKind !== 'string')
          throw new PackageError(file, `${compId}: every column needs a kind`);
        return widgetFrom(file, leafKind, leafBody, `${compId}-c${index}`);
      }),
    };
  }
  const parsed = WidgetSchema.safeParse({ type, comp_id: compId, content });
  if (!parsed.success) throw new PackageError(file, `${compId} (${kind}): ${describeZodError(parsed.error)}`);
  return parsed.data;
}

const FENCE_OPEN = /^:::\s*([a-z-]+)\s*$/;
const FENCE_CLOSE = /^:::\s*$/;

/** Splits a lesson body into Markdown runs and `::: kind` widget blocks. */
export function parseLessonBody(file: string, body: string): Widget[] {
  const prefix = slugOf(path.basename(file)) || 'lesson';
  const widgets: Widget[] = [];
  let markdown: string[] = [];
  const flushMarkdown = () => {
    const text = markdown.join('\n').trim();
    markdown = [];
    if (!text) return;
    widgets.push(widgetFrom(file, 'markdown', { text }, `${prefix}-${widgets.length + 1}`));
  };
  const lines = body.split(/\r?\n/);
  let inCodeFence = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    // ``` fences in prose may show ::: lines literally.
    if (/^(```|~~~)/.test(line)) inCodeFence = !inCodeFence;
    const open = inCodeFence ? null : FENCE_OPEN.exec(line);
    if (!open) {
      markdown.push(line);
      continue;
    }
    flushMarkdown();
    const start = index + 1;
    let end = start;
    while (end < lines.length && !FENCE_CLOSE.test(lines[end] ?? '')) end += 1;
    if (end >= lines.length)
      throw new PackageError(file, `line ${index + 1}: '::: ${open[1]}' is never closed`);
    const yamlText = lines.slice(start, end).join('\n');
    const kind = open[1] ?? '';
    widgets.push(widgetFrom(file, kind, parseYamlIn(file, yamlText), `${prefix}-${widgets.length + 1}`));
    index = end;
  }
  flushMarkdown();
  return widgets;
}

export function parseLessonFile(file: string, text: string): Omit<PackageLesson, 'file'> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new PackageError(file, 'a lesson starts with a --- front matter block ---');
  const front = LessonFrontMatterSchema.safeParse(parseYamlIn(file, match[1] ?? ''));
  if (!front.success) throw new PackageError(file, `front matter: ${describeZodError(front.error)}`);
  const components = parseLessonBody(file, match[2] ?? '');
  if (components.length === 0) throw new PackageError(file, 'the lesson has no content');
  return {
    slug: slugOf(path.basename(file)),
    title: front.data.title,
    summary: front.data.summary,
    estimatedMinutes: front.data.estimated_minutes,
    isOptional: front.data.optional,
    isPreview: front.data.preview,
    components,
  };
}

export async function loadCoursePackage(folder: string): Promise<CoursePackage> {
  const manifestFile = path.join(folder, 'course.yaml');
  const parsed = CourseManifestSchema.safeParse(
    parseYamlIn(manifestFile, await readFile(manifestFile, 'utf8')),
  );
  if (!parsed.success) throw new PackageError(manifestFile, describeZodError(parsed.error));
  const manifest = parsed.data;
  const categories: CoursePackage['categories'] = [];
  for (const category of manifest.categories) {
    const lessons: PackageLesson[] = [];
    for (const lessonFile of category.lessons) {
      const file = path.join(folder, 'lessons', lessonFile);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        throw new PackageError(manifestFile, `lesson file '${lessonFile}' does not exist`);
      }
      lessons.push({ file: lessonFile, ...parseLessonFile(file, text) });
    }
    categories.push({ title: category.title, lessons });
  }
  return { slug: manifest.slug ?? path.basename(folder), manifest, categories };
}

export async function loadPathPackage(file: string): Promise<PathPackage> {
  const parsed = PathManifestSchema.safeParse(parseYamlIn(file, await readFile(file, 'utf8')));
  if (!parsed.success) throw new PackageError(file, describeZodError(parsed.error));
  return { slug: parsed.data.slug ?? path.basename(file, '.yaml'), manifest: parsed.data };
}

async function listDir(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).sort();
  } catch {
    return [];
  }
}

/**
 * Every course and path package under a content folder, in name order. A package that does not parse
 * throws, unless `onError` takes it (the seed skips it and says why; the content test fails).
 */
export async function loadContentFolder(
  root: string,
  onError?: (error: PackageError) => void,
): Promise<{ courses: CoursePackage[]; paths: PathPackage[] }> {
  const attempt = async <T>(load: () => Promise<T>): Promise<T[]> => {
    try {
      return [await load()];
    } catch (error) {
      if (!(error instanceof PackageError) || !onError) throw error;
      onError(error);
      return [];
    }
  };
  const courses: CoursePackage[] = [];
  for (const name of await listDir(path.join(root, 'courses'))) {
    courses.push(...(await attempt(() => loadCoursePackage(path.join(root, 'courses', name)))));
  }
  const paths: PathPackage[] = [];
  for (const name of await listDir(path.join(root, 'paths'))) {
    if (name.endsWith('.yaml'))
      paths.push(...(await attempt(() => loadPathPackage(path.join(root, 'paths', name)))));
  }
  return { courses, paths };
}

/** Every code widget of a package, with where it sits (the content test runs each one's solution). */
export function codeWidgetsOf(
  pkg: CoursePackage,
): Array<{ lesson: string; widget: Extract<Widget, { type: 'Code' }> }> {
  const found: Array<{ lesson: string; widget: Extract<Widget, { type: 'Code' }> }> = [];
  const visit = (lesson: string, widget: Widget) => {
    if (widget.type === 'Code') found.push({ lesson, widget });
    if (widget.type === 'Columns') for (const comp of widget.content.comps) visit(lesson, comp);
  };
  for (const category of pkg.categories) {
    for (const lesson of category.lessons) for (const widget of lesson.components) visit(lesson.file, widget);
  }
  return found;
}

// ---- Export: the reverse direction, used by `npm run content:export`. ----

function blockFor(widget: Widget): string {
  if (widget.type === 'MarkdownEditor') return widget.content.text;
  const kind = TYPE_TO_KIND[widget.type] ?? widget.type;
  let body: unknown = widget.content;
  if (widget.type === 'Columns') {
    body = {
      comps: widget.content.comps.map((comp) => ({ kind: TYPE_TO_KIND[comp.type], ...stripRendered(comp) })),
    };
  }
  return `::: ${kind}\n${stringifyYaml(body, { lineWidth: 0 }).trimEnd()}\n:::`;
}

/** Rendered HTML is derived on import; the package keeps only the source. */
function stripRendered(widget: Widget): object {
  if (widget.type === 'MarkdownEditor') return { text: widget.content.text };
  return widget.content;
}

export function serializeLesson(lesson: Omit<PackageLesson, 'file' | 'slug'>): string {
  const front = stringifyYaml({
    title: lesson.title,
    summary: lesson.summary,
    estimated_minutes: lesson.estimatedMinutes,
    optional: lesson.isOptional,
    preview: lesson.isPreview,
  }).trimEnd();
  return `---\n${front}\n---\n${lesson.components.map(blockFor).join('\n\n')}\n`;
}

export interface ExportSource {
  collection: {
    title: string;
    slug: string;
    summary: string;
    difficulty: string;
    languageTopic: string | null;
    tags: string[];
    isFree: boolean;
    isEarlyAccess: boolean;
    details: {
      overview?: string;
      skills?: string[];
      takeaway_skills?: string[];
      target_audience?: string[];
      prerequisites?: string[];
    };
    authorEmail: string;
  };
  categories: Array<{
    title: string;
    lessons: Array<{
      slug: string;
      title: string;
      summary: string;
      estimatedMinutes: number;
      isOptional: boolean;
      isPreview: boolean;
      components: Widget[];
    }>;
  }>;
}

/** A collection as package files (path → text), numbered lessons in reading order. */
export function serializeCoursePackage(source: ExportSource): Map<string, string> {
  const files = new Map<string, string>();
  let position = 0;
  const categories = source.categories.map((category) => ({
    title: category.title,
    lessons: category.lessons.map((lesson) => {
      position += 1;
      const file = `${String(position).padStart(2, '0')}-${lesson.slug || 'lesson'}.md`;
      files.set(`lessons/${file}`, serializeLesson(lesson));
      return file;
    }),
  }));
  const { collection } = source;
  const manifest = {
    title: collection.title,
    slug: collection.slug,
    summary: collection.summary,
    overview: collection.details.overview ?? '',
    ...(collection.languageTopic ? { language_topic: collection.languageTopic } : {}),
    difficulty: collection.difficulty,
    tags: collection.tags,
    skills: collection.details.skills ?? [],
    takeaway_skills: collection.details.takeaway_skills ?? [],
    target_audience: collection.details.target_audience ?? [],
    ...(collection.details.prerequisites?.length ? { prerequisites: collection.details.prerequisites } : {}),
    is_free: collection.isFree,
    early_access: collection.isEarlyAccess,
    author: collection.authorEmail,
    categories,
  };
  files.set('course.yaml', stringifyYaml(manifest, { lineWidth: 0 }));
  return files;
}
