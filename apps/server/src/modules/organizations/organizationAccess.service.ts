import type { UserInfoOrganization } from '@coderoom/contracts';
import {
  activeOrganizationId,
  BusinessTier,
  EnterpriseRole,
  isVisibleInOrganization,
  type OrganizationScope,
  type ScopedCollection,
  TeamRole,
} from '@coderoom/domain';
import { createFeedCache } from '../../platform/cache/feedCache.js';
import type { Clock } from '../../platform/clock.js';
import type { ChangeFeed } from '../../platform/db/changes.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import * as repo from './organizations.repository.js';

// Who belongs to which organization and what that lets them see. Every module that decides access reads
// it through here: content (visibility, spec 001 §5), user info (the enterprise block), cloud labs
// (can_access_cloudlabs) and commerce (a seat in an organization). Reads take a user's memberships from a
// per-process cache that the change feed keeps right (docs/performance.md, "Caches"): migration 0090's
// triggers notify `access:<user>` on their memberships and stored choice, `organization:<id>` on the
// organization, its subscription, members and teams, so a removed member loses access at once in every
// process. A subscription's end is a time, compared with the clock on every call. Writes read fresh rows.

const ACTIVE_SUBSCRIPTION_STATES: readonly number[] = [7001, 7002];

export interface Membership {
  organization: repo.OrganizationRow;
  member: repo.MemberRow;
  subscription: repo.OrganizationSubscriptionRow | null;
  isTeamManager: boolean;
}

export interface EnterpriseBlock {
  organizations: UserInfoOrganization[];
  active_organization_id: number | null;
  freemium_info: {
    is_learn_freemium: boolean;
    is_work_freemium: boolean;
    effective_learn_sub_id: number | null;
    effective_work_sub_id: number | null;
    has_valid_learn_sub: boolean;
  };
  has_valid_enterprise_sub: boolean;
  organization_id: number | null;
}

function isSubscriptionValid(subscription: repo.OrganizationSubscriptionRow | null, now: Date): boolean {
  if (!subscription) return false;
  if (!ACTIVE_SUBSCRIPTION_STATES.includes(subscription.status)) return false;
  return subscription.expiresAt === null || subscription.expiresAt > now;
}

function flag(organization: repo.OrganizationRow, name: string, fallback: boolean): boolean {
  return organization.flags[name] ?? fallback;
}

export function scopeOf(membership: Pick<Membership, 'organization' | 'subscription'>): OrganizationScope {
  const { organization, subscription } = membership;
  return {
    organization_id: organization.id,
    no_courses_access: organization.noCoursesAccess,
    is_learn_freemium: subscription?.subscriptionType === BusinessTier.EnterpriseFreemium,
    can_access_cloudlabs: flag(organization, 'can_access_cloudlabs', true),
    include_all_courses: subscription?.includeAllCourses ?? false,
    included_courses_list: subscription?.includedCoursesList ?? [],
    excluded_courses_list: subscription?.excludedCoursesList ?? [],
    included_categories_list: subscription?.includedCategoriesList ?? [],
    excluded_categories_list: subscription?.excludedCategoriesList ?? [],
  };
}

function presentMembership(membership: Membership): UserInfoOrganization {
  const { organization, member, subscription } = membership;
  const scope = scopeOf(membership);
  return {
    organization_id: organization.id,
    name: organization.name,
    role: member.role,
    admin_level: member.adminLevel,
    is_admin: member.role === EnterpriseRole.Admin,
    is_manager: member.role === EnterpriseRole.Manager,
    is_mentor: member.isMentor,
    is_mentee: member.mentorMemberId !== null,
    is_subscriber: subscription !== null,
    is_slack_authorized: member.isSlackAuthorized,
    is_user_team_manager: membership.isTeamManager,
    is_confluence_integration_enabled: flag(organization, 'is_confluence_integration_enabled', false),
    free_onboarding_seats: 0,
    subscription_id: subscription?.id ?? null,
    subscription_type: subscription?.subscriptionType ?? null,
    no_courses_access: organization.noCoursesAccess,
    include_all_courses: scope.include_all_courses ?? false,
    included_courses_list: [...(scope.included_courses_list ?? [])],
    excluded_courses_list: [...(scope.excluded_courses_list ?? [])],
    included_categories_list: [...(scope.included_categories_list ?? [])],
    excluded_categories_list: [...(scope.excluded_categories_list ?? [])],
    can_access_cloudlabs: scope.can_access_cloudlabs,
  };
}

/** Users whose memberships one process keeps (least recently used go first). */
const MEMBERSHIP_CACHE_MAX_USERS = 20_000;

export function createOrganizationAccess({
  db,
  clock,
  changes,
}: {
  db: Db;
  clock: Clock;
  /** Without a feed (seed, tools) nothing is cached. */
  changes?: Pick<ChangeFeed, 'on' | 'isLive' | 'onReset'>;
}) {
  const cached = createFeedCache<number, { memberships: Membership[]; choice: number | null }>(changes, {
    maxEntries: MEMBERSHIP_CACHE_MAX_USERS,
  });
  const scopeCollections = createFeedCache<number, { collection: ScopedCollection | undefined }>(changes, {
    maxEntries: MEMBERSHIP_CACHE_MAX_USERS,
  });
  changes?.on('access', (userId) => cached.delete(Number(userId)));
  changes?.on('organization', (organizationId) =>
    cached.deleteWhere((entry) =>
      entry.memberships.some((membership) => String(membership.organization.id) === organizationId),
    ),
  );
  changes?.on('collection', (collectionId) => scopeCollections.delete(Number(collectionId)));

  /** Every membership of a user (with team roles) and their stored choice, cached for reads. */
  async function readMemberships(userId: number) {
    return cached.get(userId, async () => {
      const [memberships, choice] = await Promise.all([membershipsOf(userId), repo.findChoice(db, userId)]);
      return { memberships, choice };
    });
  }

  /** Memberships with their subscriptions and the stored choice: one statement (the per-read check). */
  async function scopesOf(userId: number) {
    const rows = await repo.findMembershipScopes(db, userId);
    return {
      memberships: rows.map(({ member, organization, subscription }) => ({
        member,
        organization,
        subscription,
      })),
      choice: rows[0]?.choice ?? null,
    };
  }

  async function membershipsOf(userId: number): Promise<Membership[]> {
    const { memberships } = await scopesOf(userId);
    const teamRows = await repo.teamsOfMembers(
      db,
      memberships.map((entry) => entry.member.id),
    );
    return memberships.map((entry) => ({
      ...entry,
      isTeamManager: teamRows.some(
        (team) => team.memberId === entry.member.id && team.role === TeamRole.Manager,
      ),
    }));
  }

  /** Spec 001 §4: the stored choice if still a member, else the first organization, else none. */
  function pickActive<T extends { organization: repo.OrganizationRow }>(entries: T[], choice: number | null) {
    const chosen = activeOrganizationId(
      choice,
      entries.map((entry) => entry.organization.id),
    );
    return entries.find((entry) => entry.organization.id === chosen) ?? null;
  }

  async function activeMembership(userId: number): Promise<Membership | null> {
    const [memberships, choice] = await Promise.all([membershipsOf(userId), repo.findChoice(db, userId)]);
    return pickActive(memberships, choice);
  }

  /** The active organization's bounds, in one statement. */
  async function activeScope(userId: number): Promise<OrganizationScope | null> {
    const { memberships, choice } = await readMemberships(userId);
    const active = pickActive(memberships, choice);
    return active ? scopeOf(active) : null;
  }

  return {
    membershipsOf,
    activeMembership,

    /** The caller's active organization's bounds; null outside any organization (the public catalogue). */
    async scopeFor(userId: number | null): Promise<OrganizationScope | null> {
      return userId === null ? null : activeScope(userId);
    },

    /** Spec 001 §5 for one collection and one viewer (true outside organizations). */
    async isVisibleTo(userId: number | null, collection: ScopedCollection): Promise<boolean> {
      if (userId === null) return true;
      const scope = await activeScope(userId);
      return scope ? isVisibleInOrganization(scope, collection) : true;
    },

    /**
     * For commerce: does the user hold a seat in a valid organization subscription that covers this
     * collection (so they need no individual purchase)? Checks every membership, not only the active one.
     */
    async hasOrganizationSeatFor(userId: number, collection: ScopedCollection): Promise<boolean> {
      const now = clock.now();
      return (await readMemberships(userId)).memberships.some(
        (membership) =>
          isSubscriptionValid(membership.subscription, now) &&
          isVisibleInOrganization(scopeOf(membership), collection),
      );
    },

    /** The same by collection id: commerce's OrganizationSeatCheck (a priced lesson opens with a seat). */
    hasOrganizationSeatForCollection: async (userId: number, collectionId: number): Promise<boolean> => {
      const { memberships } = await readMemberships(userId);
      if (memberships.length === 0) return false;
      const { collection } = await scopeCollections.get(collectionId, async () => ({
        collection: await repo.findCollectionForScope(db, collectionId),
      }));
      if (!collection) return false;
      const now = clock.now();
      return memberships.some(
        (membership) =>
          isSubscriptionValid(membership.subscription, now) &&
          isVisibleInOrganization(scopeOf(membership), collection),
      );
    },

    /** The enterprise block of GET /api/user/info (spec 002 §3.4, 001 §3). */
    async enterpriseBlock(userId: number): Promise<EnterpriseBlock> {
      const { memberships, choice } = await readMemberships(userId);
      const active = activeOrganizationId(
        choice,
        memberships.map((entry) => entry.organization.id),
      );
      const current = memberships.find((entry) => entry.organization.id === active) ?? null;
      const subscription = current?.subscription ?? null;
      const valid = isSubscriptionValid(subscription, clock.now());
      const freemium = subscription?.subscriptionType === BusinessTier.EnterpriseFreemium;
      return {
        organizations: memberships.map(presentMembership),
        active_organization_id: active,
        organization_id: active,
        has_valid_enterprise_sub: valid && !freemium,
        freemium_info: {
          is_learn_freemium: valid && freemium,
          is_work_freemium: valid && freemium,
          effective_learn_sub_id: valid ? (subscription?.id ?? null) : null,
          effective_work_sub_id: valid ? (subscription?.id ?? null) : null,
          has_valid_learn_sub: valid,
        },
      };
    },

    /**
     * The work area's owner organization: the active one, and whether its valid subscription is freemium.
     * Read through the caller's executor (the work area asks inside its transaction; PGlite has one
     * connection, so a read on the pool there would wait for the transaction forever).
     */
    async workOrganization(
      userId: number,
      executor: DbExecutor = db,
    ): Promise<{ organizationId: number; isWorkFreemium: boolean } | null> {
      const rows = await repo.findMembershipScopes(executor, userId);
      const active = pickActive(
        rows.map(({ organization, subscription }) => ({ organization, subscription })),
        rows[0]?.choice ?? null,
      );
      if (!active) return null;
      return {
        organizationId: active.organization.id,
        isWorkFreemium:
          isSubscriptionValid(active.subscription, clock.now()) &&
          active.subscription?.subscriptionType === BusinessTier.EnterpriseFreemium,
      };
    },

    /** 001 §6: a member of an organization on a valid subscription counts as a B2B user (feature rollouts). */
    async isB2bUser(userId: number): Promise<boolean> {
      const { memberships } = await readMemberships(userId);
      const now = clock.now();
      return memberships.some((membership) => isSubscriptionValid(membership.subscription, now));
    },

    /** Cloud labs' view of the caller's memberships (can_access_cloudlabs, spec 001 §5 rule 6). */
    async cloudLabAccess(userId: number) {
      const { memberships, choice } = await readMemberships(userId);
      const active = activeOrganizationId(
        choice,
        memberships.map((entry) => entry.organization.id),
      );
      return {
        memberships: memberships.map((entry) => ({
          organizationId: entry.organization.id,
          canAccessCloudlabs: scopeOf(entry).can_access_cloudlabs,
        })),
        activeOrganizationId: active,
      };
    },

    /** Switching to an organization the user is not in is ignored (spec 001 §4). */
    async chooseActive(userId: number, organizationId: number): Promise<void> {
      const memberships = await membershipsOf(userId);
      if (!memberships.some((entry) => entry.organization.id === organizationId)) return;
      await repo.saveChoice(db, userId, organizationId);
    },
  };
}

export type OrganizationAccess = ReturnType<typeof createOrganizationAccess>;
