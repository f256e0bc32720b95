import { AdminLevel, EnterpriseRole } from '@coderoom/domain';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import * as orgs from './organizations.repository.js';
import * as repo from './subscriptionSales.repository.js';

// What commerce's seats and enterprise purchases need from organizations (docs/commerce.md "Seats" and
// "Enterprise purchases"): commerce owns the money and calls these inside the ledger row's transaction.

export interface SeatsTarget {
  subscription: orgs.OrganizationSubscriptionRow;
  organizationName: string;
  /** Whether the caller is an admin of the subscription's organization. */
  isAdmin: boolean;
}

export function createSubscriptionSalesService({ db }: { db: Db }) {
  return {
    /** The organization subscription and the caller's standing in it; undefined unless they are a member. */
    async seatsTarget(userId: number, subscriptionId: number): Promise<SeatsTarget | undefined> {
      const found = await repo.findSubscriptionWithOrganization(db, subscriptionId);
      if (!found) return undefined;
      const member = await repo.findMemberByUser(db, found.subscription.organizationId, userId);
      if (!member) return undefined;
      return {
        subscription: found.subscription,
        organizationName: found.organizationName,
        isAdmin: member.role === EnterpriseRole.Admin,
      };
    },

    /** Locks the subscription (a seat purchase is granted once its row is held) and returns it. */
    lockSubscriptionIn: (tx: DbExecutor, subscriptionId: number) => repo.lockSubscription(tx, subscriptionId),

    /** Adds seats (negative: takes them back, never below none). */
    changeSeatsIn: (tx: DbExecutor, subscriptionId: number, delta: number) =>
      repo.changeSeats(tx, subscriptionId, delta),

    endSubscriptionIn: (tx: DbExecutor, subscriptionId: number, status: number, now: Date) =>
      repo.endSubscription(tx, subscriptionId, status, now),

    /** An enterprise upgrade or reactivation, granted in commerce's ledger transaction. */
    restartSubscriptionIn: (tx: DbExecutor, subscriptionId: number, values: repo.RestartValues) =>
      repo.restartSubscription(tx, subscriptionId, values),

    /**
     * An enterprise purchase: the organization, its subscription (every course included, seats can be added)
     * and the buyer as its super admin, by account or, bought logged out, by address until they sign up.
     */
    async createOrganizationIn(
      tx: DbExecutor,
      input: {
        name: string;
        planCode: string;
        subscriptionType: number;
        seats: number;
        adminEmail: string;
        adminUserId: number | null;
        startsAt: Date;
        expiresAt: Date;
      },
    ): Promise<{ organizationId: number; subscriptionId: number }> {
      const organization = await orgs.insertOrganization(tx, { name: input.name });
      const subscription = await orgs.insertSubscription(tx, {
        organizationId: organization.id,
        planCode: input.planCode,
        subscriptionType: input.subscriptionType,
        seats: input.seats,
        canAddSeats: true,
        includeAllCourses: true,
        startsAt: input.startsAt,
        expiresAt: input.expiresAt,
      });
      await orgs.insertMembers(tx, [
        {
          organizationId: organization.id,
          email: input.adminEmail.toLowerCase(),
          userId: input.adminUserId,
          role: EnterpriseRole.Admin,
          adminLevel: AdminLevel.SuperAdmin,
          createdAt: input.startsAt,
        },
      ]);
      return { organizationId: organization.id, subscriptionId: subscription.id };
    },
  };
}

export type SubscriptionSalesService = ReturnType<typeof createSubscriptionSalesService>;
