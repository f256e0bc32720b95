import { randomUUID } from 'node:crypto';
import type { ScimPatchRequest, ScimUser, ScimUserRequest } from '@coderoom/contracts';
import {
  EnterpriseRole,
  isEmail,
  NotificationType,
  OrganizationErrors,
  ScimErrors,
  ScimSchema,
} from '@coderoom/domain';
import { hashToken } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { seatLimit } from './organizations.policy.js';
import * as orgRepo from './organizations.repository.js';
import * as repo from './sso.repository.js';

// SCIM 2.0 provisioning (RFC 7643/7644) of an organization's members by its identity provider, with the
// organization's bearer token: an active SCIM user is a member; deactivating or deleting one removes the
// membership in the same transaction (what they may read is decided per request from memberships, so it
// changes at once) and ends the sessions they opened through the organization's SSO.

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: string,
  ) {
    super(detail);
  }
}

export interface ScimDeps {
  db: Db;
  clock: Clock;
  notifications: NotificationsService;
  /** Ends the SSO sessions of a person in an organization (sso.service). */
  endSessions(organizationId: number, userId: number): Promise<void>;
  publicUrl: string;
}

const FILTER = /^userName eq "([^"]+)"$/i;

export function createScimService(deps: ScimDeps) {
  const { db, clock, notifications, endSessions, publicUrl } = deps;

  function present(row: repo.ScimUserRow): ScimUser {
    return {
      schemas: [ScimSchema.User],
      id: row.id,
      ...(row.externalId ? { externalId: row.externalId } : {}),
      userName: row.userName,
      name: {
        ...(row.givenName ? { givenName: row.givenName } : {}),
        ...(row.familyName ? { familyName: row.familyName } : {}),
      },
      emails: [{ value: row.userName, primary: true, type: 'work' }],
      active: row.active,
      meta: {
        resourceType: 'User',
        created: row.createdAt.toISOString(),
        lastModified: row.updatedAt.toISOString(),
        location: `${publicUrl}/scim/v2/Users/${row.id}`,
      },
    };
  }

  async function userOrThrow(organizationId: number, id: string, executor: DbExecutor = db) {
    const row = await repo.findScimUser(executor, organizationId, id);
    if (!row) throw new ScimError(404, ScimErrors.UserNotFound);
    return row;
  }

  /** Makes the person a member (a learner) unless they already are; refuses past the seats. */
  async function admit(tx: DbExecutor, organizationId: number, email: string) {
    if (await repo.findMemberByEmail(tx, organizationId, email)) return;
    const [subscription] = await orgRepo.findSubscriptions(tx, [organizationId]);
    if ((await orgRepo.countMembers(tx, organizationId)) + 1 > seatLimit(subscription)) {
      throw new ScimError(409, ScimErrors.SeatsExceeded);
    }
    const [account] = await orgRepo.findUsersByEmails(tx, [email]);
    await orgRepo.insertMembers(tx, [
      {
        organizationId,
        email,
        userId: account?.id ?? null,
        role: EnterpriseRole.Learner,
        adminLevel: null,
        createdAt: clock.now(),
      },
    ]);
    if (account) {
      const organization = await orgRepo.findOrganization(tx, organizationId);
      await notifications.notify(tx, [
        {
          userId: account.id,
          type: NotificationType.AddedToOrganization,
          title: `You were added to ${organization?.name ?? 'an organization'}`,
        },
      ]);
    }
  }

  /** Removes the membership; the caller ends the person's SSO sessions once this has committed. */
  async function remove(tx: DbExecutor, organizationId: number, email: string): Promise<number | null> {
    const member = await repo.findMemberByEmail(tx, organizationId, email);
    if (!member) return null;
    if (member.role === EnterpriseRole.Admin && (await orgRepo.countAdmins(tx, organizationId)) <= 1) {
      throw new ScimError(400, OrganizationErrors.LastAdmin);
    }
    await orgRepo.deleteMembers(tx, organizationId, [member.id]);
    if (member.userId !== null) {
      const organization = await orgRepo.findOrganization(tx, organizationId);
      await notifications.notify(tx, [
        {
          userId: member.userId,
          type: NotificationType.RemovedFromOrganization,
          title: `You were removed from ${organization?.name ?? 'an organization'}`,
        },
      ]);
    }
    return member.userId;
  }

  async function setActive(
    organizationId: number,
    row: repo.ScimUserRow,
    active: boolean,
    patch: Partial<repo.ScimUserRow>,
  ) {
    const removedUser = await db.transaction(async (tx) => {
      let removed: number | null = null;
      if (active && !row.active) await admit(tx, organizationId, row.userName);
      if (!active && row.active) removed = await remove(tx, organizationId, row.userName);
      await repo.updateScimUser(tx, row.id, { ...patch, active, updatedAt: clock.now() });
      return removed;
    });
    if (removedUser !== null) await endSessions(organizationId, removedUser);
    return present(await userOrThrow(organizationId, row.id));
  }

  return {
    /** The organization a bearer token provisions; anything else is a 401. */
    async authenticate(authorization: string | undefined): Promise<number> {
      const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
      const organizationId = token ? await repo.organizationOfScimToken(db, hashToken(token)) : null;
      if (organizationId === null) throw new ScimError(401, ScimErrors.Unauthorized);
      return organizationId;
    },

    async list(organizationId: number, query: { filter?: string; startIndex?: number; count?: number }) {
      let userName: string | undefined;
      if (query.filter !== undefined) {
        const match = FILTER.exec(query.filter.trim());
        if (!match?.[1]) throw new ScimError(400, ScimErrors.InvalidFilter, 'invalidFilter');
        userName = match[1].toLowerCase();
      }
      const startIndex = query.startIndex ?? 1;
      const count = query.count ?? 100;
      const { total, rows } = await repo.listScimUsers(db, organizationId, {
        ...(userName === undefined ? {} : { userName }),
        offset: startIndex - 1,
        limit: count,
      });
      return {
        schemas: [ScimSchema.ListResponse],
        totalResults: total,
        startIndex,
        itemsPerPage: rows.length,
        Resources: rows.map(present),
      };
    },

    async get(organizationId: number, id: string) {
      return present(await userOrThrow(organizationId, id));
    },

    async create(organizationId: number, input: ScimUserRequest): Promise<ScimUser> {
      const email = input.userName.trim().toLowerCase();
      if (!isEmail(email)) throw new ScimError(400, ScimErrors.InvalidUserName, 'invalidValue');
      const active = input.active ?? true;
      const id = randomUUID();
      await db.transaction(async (tx) => {
        const now = clock.now();
        const inserted = await repo.insertScimUser(tx, {
          id,
          organizationId,
          externalId: input.externalId ?? null,
          userName: email,
          givenName: input.name?.givenName ?? null,
          familyName: input.name?.familyName ?? null,
          active,
          createdAt: now,
          updatedAt: now,
        });
        if (!inserted) throw new ScimError(409, ScimErrors.UserExists, 'uniqueness');
        if (active) await admit(tx, organizationId, email);
      });
      return present(await userOrThrow(organizationId, id));
    },

    /** PUT: the IdP sends the whole user (Okta); active, name and externalId are what it may change. */
    async replace(organizationId: number, id: string, input: ScimUserRequest): Promise<ScimUser> {
      const row = await userOrThrow(organizationId, id);
      if (input.userName.trim().toLowerCase() !== row.userName) {
        throw new ScimError(400, ScimErrors.InvalidPatch, 'mutability');
      }
      return setActive(organizationId, row, input.active ?? row.active, {
        externalId: input.externalId ?? row.externalId,
        givenName: input.name?.givenName ?? row.givenName,
        familyName: input.name?.familyName ?? row.familyName,
      });
    },

    /** PATCH (Azure AD, Okta): replace of active, name.givenName, name.familyName, externalId. */
    async patch(organizationId: number, id: string, input: ScimPatchRequest): Promise<ScimUser> {
      if (!input.schemas.includes(ScimSchema.PatchOp))
        throw new ScimError(400, ScimErrors.InvalidPatch, 'invalidSyntax');
      const row = await userOrThrow(organizationId, id);
      let active = row.active;
      const patch: Partial<repo.ScimUserRow> = {};
      const apply = (path: string, value: unknown) => {
        const bool = typeof value === 'string' ? value.toLowerCase() === 'true' : value;
        if (path === 'active' && typeof bool === 'boolean') active = bool;
        else if (path === 'name.givenName' && typeof value === 'string')
          patch.givenName = value.slice(0, 200);
        else if (path === 'name.familyName' && typeof value === 'string')
          patch.familyName = value.slice(0, 200);
        else if (path === 'externalId' && typeof value === 'string') patch.externalId = value.slice(0, 500);
        else throw new ScimError(400, ScimErrors.InvalidPatch, 'invalidPath');
      };
      for (const operation of input.Operations) {
        if (operation.path) {
          apply(operation.path, operation.value);
        } else if (
          operation.value &&
          typeof operation.value === 'object' &&
          !Array.isArray(operation.value)
        ) {
          for (const [path, value] of Object.entries(operation.value as Record<string, unknown>)) {
            if (path === 'name' && value && typeof value === 'object') {
              for (const [part, text] of Object.entries(value as Record<string, unknown>))
                apply(`name.${part}`, text);
            } else apply(path, value);
          }
        } else {
          throw new ScimError(400, ScimErrors.InvalidPatch, 'invalidValue');
        }
      }
      return setActive(organizationId, row, active, patch);
    },

    async remove(organizationId: number, id: string): Promise<void> {
      const row = await userOrThrow(organizationId, id);
      const removedUser = await db.transaction(async (tx) => {
        const removed = row.active ? await remove(tx, organizationId, row.userName) : null;
        await repo.deleteScimUser(tx, row.id);
        return removed;
      });
      if (removedUser !== null) await endSessions(organizationId, removedUser);
    },
  };
}

export type ScimService = ReturnType<typeof createScimService>;
