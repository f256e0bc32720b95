import { fileURLToPath } from 'node:url';
import { PlatformAdminRole } from '@coderoom/domain';
import { createCoreServices } from '../coreServices.js';
import { findUserByEmail, insertUser } from '../modules/accounts/accounts.repository.js';
import { importAssessments } from '../modules/assessments/assessments.package.js';
import { importCloudLabs } from '../modules/cloudlabs/cloudlabs.package.js';
import { loadContentFolder } from '../modules/content/content.package.js';
import { importProjects } from '../modules/projects/projects.package.js';
import { hashPassword } from '../platform/auth/password.js';
import { systemClock } from '../platform/clock.js';
import type { Database } from '../platform/db/database.js';

/** The demo courses of the repository: content/ at its root. */
export const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../../../content/', import.meta.url));

export const DEMO_PASSWORD = 'Coderoom!2026';

export const DEMO_ACCOUNTS = [
  { email: 'learner@coderoom.dev', fullName: 'Lea Learner', adminRole: null },
  { email: 'author@coderoom.dev', fullName: 'Ada Author', adminRole: null },
  { email: 'admin@coderoom.dev', fullName: 'Sam Admin', adminRole: PlatformAdminRole.SuperAdmin },
] as const;

/** Creates the demo accounts and imports the demo content that is missing; running it again changes nothing. */
export async function seedDemo(
  database: Database,
  options: { contentDir?: string | null } = {},
): Promise<{ created: string[]; imported: string[]; skipped: string[] }> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(database.db, account.email)) continue;
    const row = await insertUser(database.db, {
      email: account.email,
      fullName: account.fullName,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      adminRole: account.adminRole,
    });
    if (row) created.push(account.email);
  }
  const imported: string[] = [];
  const skipped: string[] = [];
  const contentDir = options.contentDir === undefined ? DEFAULT_CONTENT_DIR : options.contentDir;
  if (contentDir) {
    const { content } = createCoreServices({ db: database.db, clock: systemClock });
    const importDeps = { db: database.db, clock: systemClock, content };
    const { courses, paths } = await loadContentFolder(contentDir, (error) => skipped.push(error.message));
    for (const pkg of courses) if ((await content.importCourse(pkg)).created) imported.push(pkg.slug);
    for (const pkg of paths) {
      try {
        if ((await content.importPath(pkg)).created) imported.push(pkg.slug);
      } catch (error) {
        skipped.push((error as Error).message);
      }
    }
    const assessments = await importAssessments(importDeps, contentDir);
    imported.push(...assessments.imported);
    skipped.push(...assessments.skipped);
    const projects = await importProjects(importDeps, contentDir);
    imported.push(...projects.imported);
    skipped.push(...projects.skipped);
    const cloudLabs = await importCloudLabs(importDeps, contentDir);
    imported.push(...cloudLabs.imported);
    skipped.push(...cloudLabs.skipped);
  }
  return { created, imported, skipped };
}
