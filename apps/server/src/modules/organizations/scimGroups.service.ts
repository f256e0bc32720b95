import type { ScimGroup, ScimGroupPatchRequest, ScimGroupRequest } from '@coderoom/contracts';
import { NotificationType, ScimErrors, ScimSchema, TeamRole } from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import type { NotificationEvent, NotificationsService } from '../notifications/notifications.service.js';
import * as orgRepo from './organizations.repository.js';
import { ScimError } from './scim.service.js';
import * as repo from './sso.repository.js';

// SCIM 2.0 `/Groups` (RFC 7643 §4.2, RFC 7644 §3) mapped to the organization's teams: a group is a team,
// its members are the organization's SCIM users (the member with that userName). Members added to a team
// in the app without SCIM are neither listed nor touched: the identity provider manages what it provisioned.
// Every change is one transaction; people added or removed are told (8005, 8020).

export interface ScimGroupsDeps {
  db: Db;
  clock: Clock;
  notifications: NotificationsService;
  publicUrl: string;
}

const DISPLAY_FILTER = /^displayName eq "([^"]+)"$/i;
const MEMBER_PATH = /^members\[value eq "([^"]+)"\]$/i;

/** The member references of a value ({value} objects, or a list of them). */
function refsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((entry) => {
    const ref = (entry as { value?: unknown } | null)?.value;
    if (typeof ref !== 'string' || ref.length === 0 || ref.length > 100) {
      throw new ScimError(400, ScimErrors.UnknownMember, 'invalidValue');
    }
    return ref;
  });
}

export function createScimGroupsService(deps: ScimGroupsDeps) {
  const { db, clock, notifications, publicUrl } = deps;
  const locationOf = (kind: 'Users' | 'Groups', id: string) => `${publicUrl}/scim/v2/${kind}/${id}`;

  async function teamOrThrow(organizationId: number, id: string, executor: DbExecutor = db) {
    const teamId = /^\d{1,15}$/.test(id) ? Number(id) : 0;
    const team = teamId ? await orgRepo.findTeam(executor, organizationId, teamId) : undefined;
    if (!team) throw new ScimError(404, ScimErrors.UserNotFound);
    return team;
  }

  /** The team's members that are active SCIM users, as member id → SCIM user. */
  async function scimMembersOf(executor: DbExecutor, organizationId: number, teamId: number) {
    const memberIds = new Set((await orgRepo.teamMembersOf(executor, [teamId])).map((row) => row.memberId));
    const members = (await orgRepo.listMembers(executor, organizationId)).filter((row) =>
      memberIds.has(row.member.id),
    );
    const users = await repo.scimUsersByUserNames(
      executor,
      organizationId,
      members.map((row) => row.member.email),
    );
    const result = new Map<number, repo.ScimUserRow>();
    for (const row of members) {
      const user = users.find((entry) => entry.userName === row.member.email && entry.active);
      if (user) result.set(row.member.id, user);
    }
    return result;
  }

  /** Member ids of the organization for SCIM user ids; an unknown or inactive one is refused (400). */
  async function membersForRefs(executor: DbExecutor, organizationId: number, refs: readonly string[]) {
    const unique = [...new Set(refs)];
    const users = await repo.scimUsersByIds(executor, organizationId, unique);
    const result = new Map<number, repo.ScimUserRow>();
    for (const ref of unique) {
      const user = users.find((entry) => entry.id === ref);
      const member = user?.active
        ? await repo.findMemberByEmail(executor, organizationId, user.userName)
        : undefined;
      if (!user || !member) throw new ScimError(400, ScimErrors.UnknownMember, 'invalidValue');
      result.set(member.id, user);
    }
    return result;
  }

  async function present(team: orgRepo.TeamRow, withMembers = true): Promise<ScimGroup> {
    const members = withMembers ? await scimMembersOf(db, team.organizationId, team.id) : null;
    return {
      schemas: [ScimSchema.Group],
      id: String(team.id),
      displayName: team.name,
      ...(members
        ? {
            members: [...members.values()].map((user) => ({
              value: user.id,
              display: user.userName,
              $ref: locationOf('Users', user.id),
            })),
          }
        : {}),
      meta: {
        resourceType: 'Group',
        created: team.createdAt.toISOString(),
        lastModified: team.createdAt.toISOString(),
        location: locationOf('Groups', String(team.id)),
      },
    };
  }

  /**
   * Makes the team's SCIM members exactly `wanted` (member ids), adding as team members (a manager stays a
   * manager) and removing the others the IdP provisioned; tells each person.
   */
  async function syncMembers(
    tx: DbExecutor,
    team: orgRepo.TeamRow,
    current: ReadonlyMap<number, repo.ScimUserRow>,
    wanted: ReadonlySet<number>,
  ) {
    const inTeam = new Set((await orgRepo.teamMembersOf(tx, [team.id])).map((row) => row.memberId));
    const added = [...wanted].filter((memberId) => !inTeam.has(memberId));
    const removed = [...current.keys()].filter((memberId) => !wanted.has(memberId));
    await orgRepo.upsertTeamMembers(
      tx,
      added.map((memberId) => ({ teamId: team.id, memberId, role: TeamRole.Member })),
    );
    await orgRepo.removeTeamMembers(tx, team.id, removed);
    const people = new Map(
      (await orgRepo.listMembers(tx, team.organizationId)).map((row) => [row.member.id, row.member.userId]),
    );
    const tell = (memberIds: number[], type: NotificationType, title: string): NotificationEvent[] =>
      memberIds.flatMap((memberId) => {
        const userId = people.get(memberId) ?? null;
        return userId === null
          ? []
          : [{ userId, type, title, link: '/learn/assigned', organizationId: team.organizationId }];
      });
    await notifications.notify(tx, [
      ...tell(added, NotificationType.AddedToTeam, `You were added to the team ${team.name}`),
      ...tell(removed, NotificationType.RemovedFromTeam, `You were removed from the team ${team.name}`),
    ]);
  }

  async function rename(tx: DbExecutor, team: orgRepo.TeamRow, name: string) {
    const trimmed = name.trim().slice(0, 120);
    if (!trimmed) throw new ScimError(400, ScimErrors.InvalidGroupPatch, 'invalidValue');
    if (trimmed === team.name) return team;
    const other = await orgRepo.findTeamByName(tx, team.organizationId, trimmed);
    if (other && other.id !== team.id) throw new ScimError(409, ScimErrors.GroupExists, 'uniqueness');
    return (await orgRepo.renameTeam(tx, team.id, trimmed)) ?? team;
  }

  return {
    async list(
      organizationId: number,
      query: { filter?: string; startIndex?: number; count?: number; excludedAttributes?: string },
    ) {
      let teams = await orgRepo.listTeams(db, organizationId);
      if (query.filter !== undefined) {
        const match = DISPLAY_FILTER.exec(query.filter.trim());
        if (!match?.[1]) throw new ScimError(400, ScimErrors.InvalidGroupFilter, 'invalidFilter');
        const name = match[1].toLowerCase();
        teams = teams.filter((team) => team.name.toLowerCase() === name);
      }
      const startIndex = query.startIndex ?? 1;
      const page = teams.slice(startIndex - 1, startIndex - 1 + (query.count ?? 100));
      const withMembers = !(query.excludedAttributes ?? '').toLowerCase().split(',').includes('members');
      return {
        schemas: [ScimSchema.ListResponse],
        totalResults: teams.length,
        startIndex,
        itemsPerPage: page.length,
        Resources: await Promise.all(page.map((team) => present(team, withMembers))),
      };
    },

    async get(organizationId: number, id: string) {
      return present(await teamOrThrow(organizationId, id));
    },

    async create(organizationId: number, input: ScimGroupRequest): Promise<ScimGroup> {
      const team = await db.transaction(async (tx) => {
        if (await orgRepo.findTeamByName(tx, organizationId, input.displayName)) {
          throw new ScimError(409, ScimErrors.GroupExists, 'uniqueness');
        }
        const wanted = await membersForRefs(tx, organizationId, refsOf(input.members));
        const created = await orgRepo.insertTeam(tx, {
          organizationId,
          name: input.displayName,
          createdAt: clock.now(),
        });
        if (!created) throw new ScimError(409, ScimErrors.GroupExists, 'uniqueness');
        await syncMembers(tx, created, new Map(), new Set(wanted.keys()));
        return created;
      });
      return present(team);
    },

    /** PUT: the whole group — its name and exactly these (SCIM) members. */
    async replace(organizationId: number, id: string, input: ScimGroupRequest): Promise<ScimGroup> {
      const team = await db.transaction(async (tx) => {
        const found = await teamOrThrow(organizationId, id, tx);
        const wanted = await membersForRefs(tx, organizationId, refsOf(input.members));
        const renamed = await rename(tx, found, input.displayName);
        await syncMembers(
          tx,
          renamed,
          await scimMembersOf(tx, organizationId, found.id),
          new Set(wanted.keys()),
        );
        return renamed;
      });
      return present(team);
    },

    /** PATCH (RFC 7644 §3.5.2): add/remove/replace members, replace displayName; all or nothing. */
    async patch(organizationId: number, id: string, input: ScimGroupPatchRequest): Promise<ScimGroup> {
      if (!input.schemas.includes(ScimSchema.PatchOp)) {
        throw new ScimError(400, ScimErrors.InvalidGroupPatch, 'invalidSyntax');
      }
      const team = await db.transaction(async (tx) => {
        let current = await teamOrThrow(organizationId, id, tx);
        const before = await scimMembersOf(tx, organizationId, current.id);
        const wanted = new Set(before.keys());
        const memberIdsOf = async (value: unknown) => [
          ...(await membersForRefs(tx, organizationId, refsOf(value))).keys(),
        ];
        for (const operation of input.Operations) {
          const op = operation.op.toLowerCase();
          const path = operation.path?.trim();
          const single = path ? MEMBER_PATH.exec(path)?.[1] : undefined;
          if (!path && op !== 'remove' && operation.value && typeof operation.value === 'object') {
            // No path: the value holds the attributes (Azure AD's replace of displayName).
            const value = operation.value as { displayName?: unknown; members?: unknown };
            if (typeof value.displayName === 'string') current = await rename(tx, current, value.displayName);
            if (value.members !== undefined) {
              const ids = await memberIdsOf(value.members);
              if (op === 'replace') wanted.clear();
              for (const memberId of ids) wanted.add(memberId);
            }
          } else if (
            path?.toLowerCase() === 'displayname' &&
            op !== 'remove' &&
            typeof operation.value === 'string'
          ) {
            current = await rename(tx, current, operation.value);
          } else if (path?.toLowerCase() === 'members' && op === 'add') {
            for (const memberId of await memberIdsOf(operation.value)) wanted.add(memberId);
          } else if (path?.toLowerCase() === 'members' && op === 'replace') {
            const ids = await memberIdsOf(operation.value);
            wanted.clear();
            for (const memberId of ids) wanted.add(memberId);
          } else if (path?.toLowerCase() === 'members' && op === 'remove') {
            if (operation.value === undefined) wanted.clear();
            else for (const memberId of await memberIdsOf(operation.value)) wanted.delete(memberId);
          } else if (single && op === 'remove') {
            const user = [...before.entries()].find(([, entry]) => entry.id === single);
            if (user) wanted.delete(user[0]);
          } else {
            throw new ScimError(400, ScimErrors.InvalidGroupPatch, 'invalidPath');
          }
        }
        await syncMembers(tx, current, before, wanted);
        return current;
      });
      return present(team);
    },

    async remove(organizationId: number, id: string): Promise<void> {
      const team = await teamOrThrow(organizationId, id);
      await orgRepo.deleteTeam(db, team.id);
    },
  };
}

export type ScimGroupsService = ReturnType<typeof createScimGroupsService>;
