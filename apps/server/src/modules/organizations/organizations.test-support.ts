import { BusinessTier, type CourseRef, TeamRole } from '@coderoom/domain';
import type { Database } from '../../platform/db/database.js';
import * as repo from './organizations.repository.js';

// Test factories for organizations: real rows, written as the organizations module writes them.

export interface OrganizationFixture {
  organizationId: number;
  memberIds: Map<string, number>;
}

export async function buildOrganization(
  database: Database,
  options: {
    name?: string;
    members: Array<{ email: string; userId: number | null; role: number; adminLevel?: number | null }>;
    seats?: number;
    subscriptionType?: number;
    includeAllCourses?: boolean;
    included?: CourseRef[];
    excluded?: CourseRef[];
    includedCategories?: string[];
    excludedCategories?: string[];
    noCoursesAccess?: boolean;
    flags?: Record<string, boolean>;
    withoutSubscription?: boolean;
  },
): Promise<OrganizationFixture> {
  const { db } = database;
  const now = new Date();
  const organization = await repo.insertOrganization(db, {
    name: options.name ?? `Org ${Math.random().toString(36).slice(2, 8)}`,
    noCoursesAccess: options.noCoursesAccess ?? false,
    flags: options.flags ?? {},
  });
  if (!options.withoutSubscription) {
    await repo.insertSubscription(db, {
      organizationId: organization.id,
      planCode: '300-12-6003',
      subscriptionType: options.subscriptionType ?? BusinessTier.Enterprise,
      seats: options.seats ?? 25,
      includeAllCourses: options.includeAllCourses ?? false,
      includedCoursesList: options.included ?? [],
      excludedCoursesList: options.excluded ?? [],
      includedCategoriesList: options.includedCategories ?? [],
      excludedCategoriesList: options.excludedCategories ?? [],
      startsAt: now,
    });
  }
  const rows = await repo.insertMembers(
    db,
    options.members.map((member) => ({
      organizationId: organization.id,
      email: member.email.toLowerCase(),
      userId: member.userId,
      role: member.role,
      adminLevel: member.adminLevel ?? null,
      createdAt: now,
    })),
  );
  return { organizationId: organization.id, memberIds: new Map(rows.map((row) => [row.email, row.id])) };
}

export async function buildTeam(
  database: Database,
  organizationId: number,
  name: string,
  members: Array<{ memberId: number; manager?: boolean }>,
): Promise<number> {
  const team = await repo.insertTeam(database.db, { organizationId, name, createdAt: new Date() });
  if (!team) throw new Error('buildTeam: name taken');
  await repo.upsertTeamMembers(
    database.db,
    members.map((member) => ({
      teamId: team.id,
      memberId: member.memberId,
      role: member.manager ? TeamRole.Manager : TeamRole.Member,
    })),
  );
  return team.id;
}
