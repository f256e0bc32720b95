import { fileURLToPath } from 'node:url';
import { FeatureSet, PlatformAdminRole, SubscriptionKind, SubscriptionStatus } from '@coderoom/domain';
import { createCoreServices } from '../coreServices.js';
import { findUserByEmail, insertUser } from '../modules/accounts/accounts.repository.js';
import { importAssessments } from '../modules/assessments/assessments.package.js';
import { importCloudLabs } from '../modules/cloudlabs/cloudlabs.package.js';
import { seedCommerceDemo } from '../modules/commerce/commerce.seed.js';
import { loadContentFolder } from '../modules/content/content.package.js';
import { seedGrowthDemo } from '../modules/growth/growth.seed.js';
import { seedMarketingDemo } from '../modules/marketing/marketing.demo.js';
import { importProjects } from '../modules/projects/projects.package.js';
import { seedProofreadingDemo } from '../modules/proofreading/proofreading.seed.js';
import { createProofreadingService } from '../modules/proofreading/proofreading.service.js';
import { seedAnswers } from '../modules/shots/shots.seed.js';
import { createShotsService } from '../modules/shots/shots.service.js';
import { seedWorkDemo } from '../modules/work/work.demo.js';
import { hashPassword } from '../platform/auth/password.js';
import { systemClock } from '../platform/clock.js';
import type { Database } from '../platform/db/database.js';
import { seedRevenueDemo } from './growth.js';
import {
  DEMO_ORGANIZATION,
  DEMO_ORGANIZATION_ACCOUNTS,
  DEMO_PLAN,
  seedDemoOrganization,
  seedDemoPlan,
} from './organizations.js';

/** The demo courses of the repository: content/ at its root. */
export const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../../../content/', import.meta.url));

export const DEMO_PASSWORD = 'Coderoom!2026';

export const DEMO_ACCOUNTS = [
  { email: 'learner@coderoom.dev', fullName: 'Lea Learner', adminRole: null, isAuthor: false },
  { email: 'author@coderoom.dev', fullName: 'Ada Author', adminRole: null, isAuthor: true },
  {
    email: 'admin@coderoom.dev',
    fullName: 'Sam Admin',
    adminRole: PlatformAdminRole.SuperAdmin,
    isAuthor: true,
  },
  // On premium 300-12-6000, active (docs/commerce.md); the learner above has no plan.
  { email: 'subscriber@coderoom.dev', fullName: 'Sue Subscriber', adminRole: null, isAuthor: false },
  // Reviews the author's work documents (docs/work.md) and proofreads answers (docs/proofreading.md).
  { email: 'reviewer@coderoom.dev', fullName: 'Rey Reviewer', adminRole: null, isAuthor: false },
] as const;

/** Priced demo courses: their first two lessons are previews; the rest need a plan or a purchase. */
const DEMO_PRICES = [
  { slug: 'go-by-building', priceCents: 3900, minFeatureSet: FeatureSet.Standard },
  { slug: 'modern-cpp-first-steps', priceCents: 2900, minFeatureSet: FeatureSet.Premium },
];

/** Creates the demo accounts and imports the demo content that is missing; running it again changes nothing. */
export async function seedDemo(
  database: Database,
  options: { contentDir?: string | null } = {},
): Promise<{ created: string[]; imported: string[]; skipped: string[] }> {
  const created: string[] = [];
  // The people of Acme Robotics, the demo organization (seed/organizations.ts), are plain accounts too.
  const organizationAccounts = DEMO_ORGANIZATION_ACCOUNTS.map((account) => ({
    ...account,
    adminRole: null,
    isAuthor: false,
  }));
  for (const account of [...DEMO_ACCOUNTS, ...organizationAccounts]) {
    if (await findUserByEmail(database.db, account.email)) continue;
    const row = await insertUser(database.db, {
      email: account.email,
      fullName: account.fullName,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      adminRole: account.adminRole,
      isAuthor: account.isAuthor,
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
    const userIdOf = async (email: string) => (await findUserByEmail(database.db, email))?.id ?? null;
    // Answers ("shots", docs/answers.md), written by the demo author.
    const answerAuthor = await userIdOf('author@coderoom.dev');
    if (answerAuthor !== null) {
      const { users } = createCoreServices({ db: database.db, clock: systemClock });
      const shots = createShotsService({ db: database.db, clock: systemClock, content, users });
      imported.push(...(await seedAnswers({ db: database.db, content, shots }, answerAuthor)));
      // An answer in proofreading, waiting for the author's review of reviewer@'s pass (docs/proofreading.md).
      const proofreaderId = await userIdOf('reviewer@coderoom.dev');
      const adminId = await userIdOf('admin@coderoom.dev');
      if (proofreaderId !== null && adminId !== null) {
        const proofreading = createProofreadingService({
          db: database.db,
          clock: systemClock,
          content,
          users,
        });
        const people = { authorId: answerAuthor, proofreaderId, adminId };
        if (await seedProofreadingDemo({ content, shots, proofreading }, people)) {
          imported.push('proofreading demo answer');
        }
      }
    }
    if (await seedDemoOrganization(database, { content, clock: systemClock, userIdOf })) {
      imported.push(DEMO_ORGANIZATION.name);
    }
    if (await seedDemoPlan(database, { content, clock: systemClock })) imported.push(DEMO_PLAN.title);
  }
  const courses = contentDir
    ? await createCoreServices({ db: database.db, clock: systemClock }).content.exportableCourses()
    : [];
  await seedCommerceDemo(database.db, systemClock, {
    prices: DEMO_PRICES.flatMap((price) => {
      const course = courses.find((entry) => entry.slug === price.slug);
      return course
        ? [{ collectionId: course.id, priceCents: price.priceCents, minFeatureSet: price.minFeatureSet }]
        : [];
    }),
    subscriber: {
      email: 'subscriber@coderoom.dev',
      planKey: '300-12-6000',
      status: SubscriptionStatus.Active,
      kind: SubscriptionKind.Paid,
    },
  });
  // The author's work area "Course launch" (docs/work.md).
  const [author, reviewer, learner] = await Promise.all(
    ['author@coderoom.dev', 'reviewer@coderoom.dev', 'learner@coderoom.dev'].map((email) =>
      findUserByEmail(database.db, email),
    ),
  );
  // learner@ has a referral code and two friends who joined with it (docs/growth.md).
  if (author && reviewer && learner) {
    await seedGrowthDemo(database.db, systemClock, {
      referrerId: learner.id,
      friendIds: [reviewer.id, author.id],
    });
  }
  if (author && reviewer && learner) {
    await seedWorkDemo(
      database.db,
      { authorId: author.id, reviewerId: reviewer.id, learnerId: learner.id },
      systemClock.now(),
    );
  }
  // Customers for the admin revenue page and the affiliate's sales (docs/growth.md "Demo data").
  if (await seedRevenueDemo(database, DEMO_PASSWORD)) imported.push('revenue demo customers');
  // The marketing page /m/for-teams and the first blog posts, written by the admin (docs/marketing.md).
  const admin = await findUserByEmail(database.db, 'admin@coderoom.dev');
  if (admin && (await seedMarketingDemo(database.db, admin.id, systemClock.now())))
    imported.push('/m/for-teams');
  return { created, imported, skipped };
}
