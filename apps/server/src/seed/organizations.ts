import {
  AdminLevel,
  BusinessTier,
  EnterpriseRole,
  NotificationType,
  PlanKind,
  PlanState,
  TeamRole,
  WorkType,
} from '@coderoom/domain';
import type { ContentService } from '../modules/content/content.service.js';
import { createNotificationsService } from '../modules/notifications/notifications.service.js';
import * as repo from '../modules/organizations/organizations.repository.js';
import * as plansRepo from '../modules/organizations/plans.repository.js';
import type { Clock } from '../platform/clock.js';
import type { Database } from '../platform/db/database.js';

/** The demo organization of issue 16 (docs/organizations.md "Demo data"). */
export const DEMO_ORGANIZATION = {
  name: 'Acme Robotics',
  planCode: '300-12-6003',
  seats: 25,
  admin: 'orgadmin@coderoom.dev',
  manager: 'manager@coderoom.dev',
  member: 'member@coderoom.dev',
  team: 'Platform',
  contentAuthor: 'author@coderoom.dev',
  excludedCourse: 'go-by-building',
  assignedCourse: 'python-in-practice',
} as const;

export const DEMO_ORGANIZATION_ACCOUNTS = [
  { email: DEMO_ORGANIZATION.admin, fullName: 'Olga Orgadmin' },
  { email: DEMO_ORGANIZATION.manager, fullName: 'Manu Manager' },
  { email: DEMO_ORGANIZATION.member, fullName: 'Mia Member' },
] as const;

const DAY_MS = 86_400_000;

/**
 * Acme Robotics on an enterprise subscription whose excluded_courses_list holds the Go course, with an
 * admin, a manager who mentors the member, the team Platform, the Python course assigned to the member two
 * weeks out and a few notifications. Needs the demo accounts and content; running it again changes nothing.
 */
export async function seedDemoOrganization(
  database: Database,
  deps: { content: ContentService; clock: Clock; userIdOf(email: string): Promise<number | null> },
): Promise<boolean> {
  const { db } = database;
  if (await repo.findOrganizationByName(db, DEMO_ORGANIZATION.name)) return false;
  const go = await deps.content.findImported(
    DEMO_ORGANIZATION.contentAuthor,
    WorkType.Course,
    DEMO_ORGANIZATION.excludedCourse,
  );
  const python = await deps.content.findImported(
    DEMO_ORGANIZATION.contentAuthor,
    WorkType.Course,
    DEMO_ORGANIZATION.assignedCourse,
  );
  const [adminId, managerId, memberId] = await Promise.all(
    [DEMO_ORGANIZATION.admin, DEMO_ORGANIZATION.manager, DEMO_ORGANIZATION.member].map(deps.userIdOf),
  );
  if (!adminId || !managerId || !memberId) return false;
  const now = deps.clock.now();
  const notifications = createNotificationsService({ db, clock: deps.clock });
  await db.transaction(async (tx) => {
    const organization = await repo.insertOrganization(tx, { name: DEMO_ORGANIZATION.name });
    await repo.insertSubscription(tx, {
      organizationId: organization.id,
      planCode: DEMO_ORGANIZATION.planCode,
      subscriptionType: BusinessTier.Enterprise,
      seats: DEMO_ORGANIZATION.seats,
      excludedCoursesList: go.existing ? [{ author_id: go.existing.authorId, work_id: go.existing.id }] : [],
      startsAt: now,
      expiresAt: new Date(now.getTime() + 365 * DAY_MS),
    });
    const base = { organizationId: organization.id, createdAt: now };
    const [admin, manager, member] = await repo.insertMembers(tx, [
      {
        ...base,
        email: DEMO_ORGANIZATION.admin,
        userId: adminId,
        role: EnterpriseRole.Admin,
        adminLevel: AdminLevel.SuperAdmin,
      },
      {
        ...base,
        email: DEMO_ORGANIZATION.manager,
        userId: managerId,
        role: EnterpriseRole.Manager,
        isMentor: true,
      },
      { ...base, email: DEMO_ORGANIZATION.member, userId: memberId, role: EnterpriseRole.Learner },
    ]);
    if (!admin || !manager || !member) throw new Error('seedDemoOrganization: members not written');
    await repo.updateMember(tx, member.id, { mentorMemberId: manager.id });
    const team = await repo.insertTeam(tx, {
      organizationId: organization.id,
      name: DEMO_ORGANIZATION.team,
      createdAt: now,
    });
    if (!team) throw new Error('seedDemoOrganization: team not written');
    await repo.upsertTeamMembers(tx, [
      { teamId: team.id, memberId: manager.id, role: TeamRole.Manager },
      { teamId: team.id, memberId: member.id, role: TeamRole.Member },
    ]);
    const dueDate = new Date(now.getTime() + 14 * DAY_MS);
    if (python.existing) {
      await repo.upsertAssignments(tx, [
        {
          organizationId: organization.id,
          memberId: member.id,
          collectionId: python.existing.id,
          teamId: team.id,
          dueDate,
          assignedBy: adminId,
          createdAt: now,
        },
      ]);
    }
    const about = { organizationId: organization.id };
    await notifications.notify(tx, [
      {
        ...about,
        userId: memberId,
        type: NotificationType.AddedToOrganization,
        title: `You were added to ${DEMO_ORGANIZATION.name}`,
        link: '/learn/organization',
      },
      {
        ...about,
        userId: memberId,
        type: NotificationType.AddedToTeam,
        title: `You were added to the team ${DEMO_ORGANIZATION.team}`,
        link: '/learn/assigned',
      },
      {
        ...about,
        userId: memberId,
        type: NotificationType.MentorAssigned,
        title: `${DEMO_ORGANIZATION.manager} is now your mentor`,
      },
      ...(python.existing
        ? [
            {
              ...about,
              userId: memberId,
              type: NotificationType.ContentAssigned,
              title: `${python.existing.title} was assigned to you`,
              body: `Due ${dueDate.toISOString().slice(0, 10)}`,
              link: '/learn/assigned',
            },
          ]
        : []),
      {
        ...about,
        userId: managerId,
        type: NotificationType.MenteeAssigned,
        title: `${DEMO_ORGANIZATION.member} is now your mentee`,
      },
    ]);
  });
  return true;
}

export const DEMO_PLAN = {
  title: 'Acme onboarding: your first two weeks',
  description: 'Python for our robot tooling in week one, TypeScript for the web dashboards in week two.',
  modules: [
    {
      title: 'Week 1: Python at Acme',
      course: 'python-in-practice',
      body: [
        'Welcome to Acme Robotics! Our robot tooling (calibration scripts, log parsers, the test rigs) is written in **Python**.',
        '',
        'This week:',
        '',
        '- work through *Python in Practice* below, at least the mandatory lessons;',
        '- ask your mentor for a pairing session on the `arm-tools` repository;',
        '- keep notes of what surprised you: we read them together on Friday.',
      ].join('\n'),
    },
    {
      title: 'Week 2: TypeScript for the dashboards',
      course: 'typescript-essentials',
      body: [
        'The fleet dashboards are a **TypeScript** web app. Take *TypeScript Essentials* below.',
        '',
        'By the end of the week you should be able to read the `fleet-ui` code and ship a small fix.',
      ].join('\n'),
    },
  ],
} as const;

/**
 * The demo organization's onboarding plan (docs/organizations.md "Demo data"): published, two modules of real
 * courses, assigned to the member by the admin, due in a month. Seeded once, by title, also into a
 * database whose organization was seeded before plans existed.
 */
export async function seedDemoPlan(
  database: Database,
  deps: { content: ContentService; clock: Clock },
): Promise<boolean> {
  const { db } = database;
  const organization = await repo.findOrganizationByName(db, DEMO_ORGANIZATION.name);
  if (!organization) return false;
  const existing = await plansRepo.listPlans(db, organization.id);
  const seeded = existing.find((plan) => plan.title === DEMO_PLAN.title);
  if (seeded) {
    // Seeded before plan pages had text: give the demo plan's pages theirs (once; an edited page is kept).
    for (const module of DEMO_PLAN.modules)
      await plansRepo.fillEmptyModuleBody(db, seeded.id, module.title, module.body);
    return false;
  }
  const courses = await Promise.all(
    DEMO_PLAN.modules.map((module) =>
      deps.content.findImported(DEMO_ORGANIZATION.contentAuthor, WorkType.Course, module.course),
    ),
  );
  const members = await repo.listMembers(db, organization.id);
  const admin = members.find((row) => row.member.email === DEMO_ORGANIZATION.admin)?.member;
  const member = members.find((row) => row.member.email === DEMO_ORGANIZATION.member)?.member;
  if (!admin || !member || courses.some((course) => !course.existing)) return false;
  const now = deps.clock.now();
  const dueDate = new Date(now.getTime() + 30 * DAY_MS);
  const notifications = createNotificationsService({ db, clock: deps.clock });
  await db.transaction(async (tx) => {
    const plan = await plansRepo.insertPlan(tx, {
      organizationId: organization.id,
      kind: PlanKind.Onboarding,
      title: DEMO_PLAN.title,
      description: DEMO_PLAN.description,
      state: PlanState.Published,
      createdBy: admin.userId,
      createdAt: now,
      updatedAt: now,
    });
    await plansRepo.replaceModules(
      tx,
      plan.id,
      DEMO_PLAN.modules.map((module, index) => ({
        title: module.title,
        body: module.body,
        collectionIds: [courses[index]?.existing?.id ?? 0],
      })),
    );
    await plansRepo.upsertPlanAssignments(tx, [
      {
        organizationId: organization.id,
        planId: plan.id,
        memberId: member.id,
        dueDate,
        assignedBy: admin.userId,
        createdAt: now,
      },
    ]);
    if (member.userId !== null) {
      await notifications.notify(tx, [
        {
          userId: member.userId,
          type: NotificationType.PlanAssigned,
          title: `The plan ${DEMO_PLAN.title} was assigned to you`,
          body: `Due ${dueDate.toISOString().slice(0, 10)}`,
          link: '/learn/assigned',
          organizationId: organization.id,
        },
      ]);
    }
  });
  return true;
}
