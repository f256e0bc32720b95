import type { Widget } from '@coderoom/contracts';
import { PlatformAdminRole } from '@coderoom/domain';
import { createCoreServices } from '../coreServices.js';
import type { UserRow } from '../db/schema.js';
import {
  findUserByEmail,
  insertUser,
  type UserPatch,
  updateUser,
} from '../modules/accounts/accounts.repository.js';
import type { CourseManifest } from '../modules/content/content.package.js';
import type { PackageImportDeps } from '../modules/content/content.service.js';
import { hashPassword } from '../platform/auth/password.js';
import { systemClock } from '../platform/clock.js';
import type { Database } from '../platform/db/database.js';
import { uniqueEmail, VALID_PASSWORD } from './harness.js';

/** Inserts a real user row; the password is VALID_PASSWORD unless given. */
export async function buildUser(
  database: Database,
  overrides: { email?: string; password?: string; fullName?: string; admin?: boolean } & UserPatch = {},
): Promise<UserRow & { password: string }> {
  const { email, password = VALID_PASSWORD, fullName, admin, ...patch } = overrides;
  const row = await insertUser(database.db, {
    email: email ?? uniqueEmail('factory'),
    fullName: fullName ?? 'Factory User',
    passwordHash: await hashPassword(password),
    adminRole: admin ? PlatformAdminRole.SuperAdmin : null,
  });
  if (!row) throw new Error('buildUser: e-mail already taken');
  const updated =
    Object.keys(patch).length > 0 ? await updateUser(database.db, row.id, patch, systemClock.now()) : row;
  return { ...(updated ?? row), password };
}

/** A published course built through the real package importer; lessons are simple Markdown pages. */
export async function buildCourse(
  database: Database,
  options: {
    author?: UserRow & { password: string };
    title?: string;
    slug?: string;
    summary?: string;
    topic?: CourseManifest['language_topic'];
    difficulty?: CourseManifest['difficulty'];
    tags?: string[];
    lessons?: number;
    optional?: number[];
    preview?: number[];
    earlyAccess?: boolean;
    isFree?: boolean;
    prerequisites?: string[];
    /** Minutes of each lesson (default 5). */
    minutesPerLesson?: number;
    /** Widgets of lesson i (0-based); defaults to one Markdown paragraph. */
    components?: (index: number) => Widget[];
  } = {},
) {
  const author = options.author ?? (await buildUser(database, { fullName: 'Course Author' }));
  courseCounter += 1;
  const slug = options.slug ?? `course-${courseCounter}-${process.pid}`;
  const lessonCount = options.lessons ?? 3;
  const lessons = Array.from({ length: lessonCount }, (_, index) => ({
    file: `${index + 1}.md`,
    slug: `lesson-${index + 1}`,
    title: `Lesson ${index + 1}`,
    summary: '',
    estimatedMinutes: options.minutesPerLesson ?? 5,
    isOptional: options.optional?.includes(index) ?? false,
    isPreview: options.preview?.includes(index) ?? index === 0,
    components: options.components?.(index) ?? [
      {
        type: 'MarkdownEditor' as const,
        comp_id: `md-${index}`,
        content: { text: `Text of lesson ${index + 1}.` },
      },
    ],
  }));
  const { content } = createCoreServices({ db: database.db, clock: systemClock });
  const { collection } = await content.importCourse({
    slug,
    manifest: {
      title: options.title ?? `Course ${courseCounter}`,
      slug,
      summary: options.summary ?? 'A course built by a test factory.',
      overview: '',
      language_topic: options.topic,
      difficulty: options.difficulty ?? 'beginner',
      tags: options.tags ?? [],
      skills: [],
      takeaway_skills: [],
      target_audience: [],
      prerequisites: options.prerequisites ?? [],
      is_free: options.isFree ?? true,
      early_access: options.earlyAccess ?? false,
      author: author.email,
      categories: [{ title: 'Basics', lessons: lessons.map((lesson) => lesson.file) }],
    },
    categories: [{ title: 'Basics', lessons }],
  });
  const pageIds = collection.toc.flatMap((category) => category.pages.map((page) => page.page_id));
  return { author, collection, pageIds };
}
let courseCounter = 0;

/**
 * Paths `{authorId}/{collectionId}` of real courses for the live-instance tests, one course per label
 * (an instance is allocated for a work the caller may read), built on first use.
 */
export function liveWorks(database: () => Database): (label?: string) => Promise<string> {
  const built = new Map<string, Promise<string>>();
  return (label = 'w1') => {
    let path = built.get(label);
    if (!path) {
      path = buildCourse(database(), { lessons: 1 }).then(
        ({ collection }) => `${collection.authorId}/${collection.id}`,
      );
      built.set(label, path);
    }
    return path;
  };
}

/** The account with this e-mail (tests that signed someone up through the API). */
export async function findUser(database: Database, email: string): Promise<UserRow> {
  const row = await findUserByEmail(database.db, email);
  if (!row) throw new Error(`findUser: no account for ${email}`);
  return row;
}

/** What the package importers of projects, assessments and cloud labs need, as the seed wires it. */
export function packageImportDeps(database: Database): PackageImportDeps {
  const { content } = createCoreServices({ db: database.db, clock: systemClock });
  return { db: database.db, clock: systemClock, content };
}
