import { AdminLevel, BusinessTier, EnterpriseRole, FreemiumDefaults } from '@coderoom/domain';
import type { MemberRow, OrganizationSubscriptionRow } from './organizations.repository.js';

// Who may do what in an organization (spec 001 §6; the finer rules are ours, docs/organizations.md).
// Every rule reads the caller's own membership row of the organization the request names.

export interface Actor {
  member: MemberRow;
  /** Members of the teams the caller manages (team role 7001). */
  managedMemberIds: ReadonlySet<number>;
}

const isAdmin = (actor: Actor) => actor.member.role === EnterpriseRole.Admin;
const isManager = (actor: Actor) => actor.member.role === EnterpriseRole.Manager;
const isExecutive = (actor: Actor) =>
  actor.member.role === EnterpriseRole.Executive ||
  (isAdmin(actor) && actor.member.adminLevel === AdminLevel.Executive);
const managesATeam = (actor: Actor) => actor.managedMemberIds.size > 0;

/** Add, remove and re-role users, change mentors: admins (an executive admin only reads). */
export function canManageUsers(actor: Actor): boolean {
  return isAdmin(actor) && actor.member.adminLevel !== AdminLevel.Executive;
}

/** The member list: admins, executives and managers. */
export function canViewMembers(actor: Actor): boolean {
  return isAdmin(actor) || isExecutive(actor) || isManager(actor);
}

/** The team-adding capability: admins, managers or executive admins (spec 001 §6). */
export function canManageTeams(actor: Actor): boolean {
  return isAdmin(actor) || isManager(actor);
}

/** Assign content and move due dates: admins for everyone, managers for the teams they manage. */
export function canAssign(actor: Actor): boolean {
  return canManageUsers(actor) || isManager(actor);
}

/** Progress: admins and executives of everyone; managers and team managers of their teams. */
export function canViewProgress(actor: Actor): boolean {
  return isAdmin(actor) || isExecutive(actor) || isManager(actor) || managesATeam(actor);
}

/** Whether a rule that is scoped (assign, progress) reaches a given member. */
export function reachesMember(actor: Actor, memberId: number): boolean {
  if (isAdmin(actor) || isExecutive(actor)) return true;
  return actor.managedMemberIds.has(memberId);
}

/** Whether the caller sees every member's progress (else only `managedMemberIds`). */
export function seesEveryone(actor: Actor): boolean {
  return isAdmin(actor) || isExecutive(actor);
}

/** How many members the subscription allows (enterprise freemium: at most the freemium seats, 001 §6). */
export function seatLimit(
  subscription: Pick<OrganizationSubscriptionRow, 'subscriptionType' | 'seats'> | undefined,
) {
  if (!subscription) return FreemiumDefaults.seats;
  return subscription.subscriptionType === BusinessTier.EnterpriseFreemium
    ? Math.min(subscription.seats, FreemiumDefaults.seats)
    : subscription.seats;
}
