import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';
import {
  type MemberRow,
  type OrganizationSubscriptionRow,
  organizationMembers,
  organizationSubscriptions,
  organizations,
} from './organizations.repository.js';

// SQL for seats and enterprise purchases (subscriptionSales.service): one subscription with its organization,
// the buyer's membership, and the seat count changed under a row lock.

export async function findSubscriptionWithOrganization(db: DbExecutor, subscriptionId: number) {
  const [row] = await db
    .select({ subscription: organizationSubscriptions, organizationName: organizations.name })
    .from(organizationSubscriptions)
    .innerJoin(organizations, eq(organizations.id, organizationSubscriptions.organizationId))
    .where(eq(organizationSubscriptions.id, subscriptionId));
  return row;
}

export async function findMemberByUser(
  db: DbExecutor,
  organizationId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    );
  return row;
}

export function lockSubscription(
  db: DbExecutor,
  subscriptionId: number,
): Promise<OrganizationSubscriptionRow | undefined> {
  return selectForUpdate(db, organizationSubscriptions, eq(organizationSubscriptions.id, subscriptionId));
}

/** Adds (or, negative, takes back) seats; never below none. */
export async function changeSeats(db: DbExecutor, subscriptionId: number, delta: number): Promise<void> {
  await db
    .update(organizationSubscriptions)
    .set({ seats: sql`greatest(${organizationSubscriptions.seats} + ${delta}, 0)` })
    .where(eq(organizationSubscriptions.id, subscriptionId));
}

export async function endSubscription(
  db: DbExecutor,
  subscriptionId: number,
  status: number,
  now: Date,
): Promise<void> {
  await db
    .update(organizationSubscriptions)
    .set({ status, expiresAt: now })
    .where(eq(organizationSubscriptions.id, subscriptionId));
}

export interface RestartValues {
  planCode: string;
  subscriptionType: number;
  seats: number;
  status: number;
  startsAt: Date;
  expiresAt: Date;
}

/** An enterprise upgrade or reactivation: the subscription runs again from today on the plan and seats bought. */
export async function restartSubscription(
  db: DbExecutor,
  subscriptionId: number,
  values: RestartValues,
): Promise<void> {
  await db
    .update(organizationSubscriptions)
    .set(values)
    .where(eq(organizationSubscriptions.id, subscriptionId));
}
