import type {
  AddUsersRequest,
  AssignableAssessmentsResponse,
  AssignContentRequest,
  Assignment,
  AssignmentsResponse,
  CollectionCard,
  CreateTeamRequest,
  OrganizationCatalogResponse,
  OrganizationMembersResponse,
  OrganizationOperation,
  OrganizationOverview,
  OrganizationProgressResponse,
  OrganizationTeamsResponse,
  OverdueSearchRequest,
  OverdueSearchResponse,
  RemoveUsersRequest,
  UpdateCompletionDateRequest,
  UpdateMentorRequest,
  UpdateTeamRequest,
  UpdateUserRoleRequest,
} from '@coderoom/contracts';
import {
  AdminLevel,
  ASSIGNABLE_ASSESSMENT_TYPES,
  BusinessTier,
  CourseReviewState,
  csvCell,
  ENTERPRISE_ROLE_LABEL,
  EnterpriseRole,
  emailsFromCsv,
  FreemiumDefaults,
  isEmail,
  isVisibleInOrganization,
  NotificationType,
  OperationState,
  OrganizationErrors,
  PRODUCT_NAME,
  TeamRole,
  WorkType,
} from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { CollectionView, ContentService } from '../content/content.service.js';
import type { NotificationEvent, NotificationsService } from '../notifications/notifications.service.js';
import type { ProgressService } from '../progress/progress.service.js';
import { type Membership, type OrganizationAccess, scopeOf } from './organizationAccess.service.js';
import {
  type Actor,
  canAssign,
  canManageTeams,
  canManageUsers,
  canViewMembers,
  canViewProgress,
  reachesMember,
  seatLimit,
  seesEveryone,
} from './organizations.policy.js';
import {
  presentAssignment,
  presentMember,
  presentOperation,
  presentTeam,
} from './organizations.presenter.js';
import * as repo from './organizations.repository.js';

// The organization use-cases of spec 001 §2, §6, §7: members, teams, assignments with due dates, progress.
// Every one starts from the caller's own membership of the organization the request names; someone who is
// not a member gets the same 404 as a missing organization, so other organizations cannot be probed.

export interface OrganizationsDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  access: OrganizationAccess;
  content: ContentService;
  progress: ProgressService;
  notifications: NotificationsService;
  /** Invitations to people added by an address that has no account yet (sent through the worker). */
  mailer: Mailer;
  publicUrl: string;
}

export const ADD_USERS_JOB = 'organizations.add_users';
export const CREATE_TEAM_JOB = 'organizations.create_team';
export const INVITATION_MAIL_JOB = 'organizations.invitation_mail';

interface InvitationPayload {
  email: string;
  organizationName: string;
}

const ASSIGNABLE_CONTENT: readonly string[] = [WorkType.Course, WorkType.Path];
/** Courses and paths, and assessments (spec 001 §7: the assigned lists include assessments). */
const ASSIGNABLE: readonly string[] = [...ASSIGNABLE_CONTENT, ...ASSIGNABLE_ASSESSMENT_TYPES];

interface AddUsersPayload {
  operationId: number;
  organizationId: number;
  actorUserId: number;
  emails: string[];
  role: number;
  teamId: number | null;
}

interface CreateTeamPayload {
  operationId: number;
  organizationId: number;
  actorUserId: number;
  actorMemberId: number;
  name: string;
  memberIds: number[];
  managerIds: number[];
}

const conflict = (text: string) => new AppError(409, text);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
const refused = (text: string) => new AppError(400, text);

export function createOrganizationsService(deps: OrganizationsDeps) {
  const { db, clock, jobs, access, content, progress, notifications, mailer, publicUrl } = deps;

  jobs.handle(INVITATION_MAIL_JOB, async (raw) => {
    const { email, organizationName } = raw as InvitationPayload;
    const signup = `${publicUrl}/signup`;
    await mailer.send({
      to: email,
      subject: `You are invited to ${organizationName} on ${PRODUCT_NAME}`,
      text: `Hello,\n\n${organizationName} added you to its ${PRODUCT_NAME} organization. Sign up with this e-mail address (${email}) to start learning:\n\n${signup}\n`,
      html: `<p>Hello,</p><p>${escapeHtml(organizationName)} added you to its ${PRODUCT_NAME} organization. Sign up with this e-mail address (${escapeHtml(email)}) to start learning:</p><p><a href="${signup}">${signup}</a></p>`,
    });
  });

  /** Mails an invitation to each address that has no account yet, in the transaction that added it. */
  async function invite(executor: DbExecutor, organizationName: string, emails: readonly string[]) {
    for (const email of emails) {
      await jobs.enqueue(executor, INVITATION_MAIL_JOB, {
        email,
        organizationName,
      } satisfies InvitationPayload);
    }
  }

  /** The caller's membership of the organization, with the members of the teams they manage. */
  async function actorIn(
    userId: number,
    organizationId: number,
  ): Promise<Actor & { membership: Membership }> {
    const membership = (await access.membershipsOf(userId)).find(
      (entry) => entry.organization.id === organizationId,
    );
    if (!membership) throw notFound(OrganizationErrors.NotAMember);
    const ownTeams = await repo.teamsOfMembers(db, [membership.member.id]);
    const managed = ownTeams.filter((row) => row.role === TeamRole.Manager).map((row) => row.teamId);
    const teamRows = await repo.teamMembersOf(db, managed);
    return {
      member: membership.member,
      membership,
      managedMemberIds: new Set(teamRows.map((row) => row.memberId)),
    };
  }

  function require(allowed: boolean): void {
    if (!allowed) throw forbidden(OrganizationErrors.NotAllowed);
  }

  async function memberOrThrow(
    organizationId: number,
    memberId: number,
    executor: DbExecutor = db,
  ): Promise<repo.MemberRow> {
    const member = await repo.findMember(executor, organizationId, memberId);
    if (!member) throw notFound(OrganizationErrors.MemberNotFound);
    return member;
  }

  /** One published card per collection; views for progress are built once per request. */
  function viewCache() {
    const views = new Map<number, Promise<CollectionView | null>>();
    return (card: CollectionCard) => {
      let view = views.get(card.collection_id);
      if (!view) {
        view = content.viewById(null, card.author_id, card.collection_id, false).catch(() => null);
        views.set(card.collection_id, view);
      }
      return view;
    };
  }

  /**
   * Spec 001 §6 on enterprise freemium: at most 3 distinct courses or paths and 3 distinct assessments
   * assigned in the organization. Assigning one again (a new member, a new date) does not count twice.
   */
  async function enforceAssignmentFreemium(
    tx: DbExecutor,
    organizationId: number,
    cards: readonly CollectionCard[],
    works: ReadonlyArray<{ work_id: number }>,
  ) {
    const limits = [
      [ASSIGNABLE_CONTENT, FreemiumDefaults.contentAssignment, OrganizationErrors.FreemiumAssignmentLimit],
      [ASSIGNABLE_ASSESSMENT_TYPES, FreemiumDefaults.assessments, OrganizationErrors.FreemiumAssessmentLimit],
    ] as const;
    for (const [types, limit, message] of limits) {
      const assigned = await repo.assignedWorkIds(tx, organizationId, types);
      for (const work of works) {
        const card = cards.find((entry) => entry.collection_id === work.work_id);
        if (card && types.includes(card.work_type)) assigned.add(work.work_id);
      }
      if (assigned.size > limit) throw refused(message);
    }
  }

  async function assignmentsWithProgress(
    rows: readonly repo.AssignmentRow[],
    userOf: (memberId: number) => number | null,
  ): Promise<Assignment[]> {
    const cards = new Map(
      (await content.cardsFor([...new Set(rows.map((row) => row.collectionId))])).map((card) => [
        card.collection_id,
        card,
      ]),
    );
    const viewOf = viewCache();
    const now = clock.now();
    const result: Assignment[] = [];
    for (const row of rows) {
      const card = cards.get(row.collectionId);
      if (!card) continue;
      const userId = userOf(row.memberId);
      const view = await viewOf(card);
      let percent = 0;
      if (userId !== null && view) {
        percent = await progress
          .progressFor(userId, view)
          .then((value) => value.percent)
          .catch(() => 0);
      }
      result.push(presentAssignment(row, card, percent, now));
    }
    return result;
  }

  async function startOperation(
    actor: Actor,
    organizationId: number,
    kind: 'add_users' | 'create_team',
    payload: (operationId: number) => AddUsersPayload | CreateTeamPayload,
  ): Promise<OrganizationOperation> {
    return db.transaction(async (tx) => {
      const started = await repo.startOperation(tx, {
        organizationId,
        kind,
        payload: {},
        createdBy: actor.member.userId,
        createdAt: clock.now(),
      });
      // The lock of spec 001 §4: one running operation per organization.
      if (!started) throw conflict(OrganizationErrors.OperationRunning);
      await jobs.enqueue(tx, kind === 'add_users' ? ADD_USERS_JOB : CREATE_TEAM_JOB, payload(started.id), {
        maxAttempts: 1,
      });
      return presentOperation(started);
    });
  }

  /** Runs an operation's work; whatever happens, the operation ends and its lock is released. */
  async function runOperation(
    operationId: number,
    work: (tx: DbExecutor) => Promise<Record<string, unknown>>,
  ) {
    try {
      const result = await db.transaction(work);
      await repo.finishOperation(db, operationId, { state: OperationState.Done, result, at: clock.now() });
    } catch (error) {
      const message = error instanceof AppError ? error.message : OrganizationErrors.NotAllowed;
      await repo.finishOperation(db, operationId, {
        state: OperationState.Failed,
        result: { error: error instanceof AppError ? message : 'Failed' },
        at: clock.now(),
      });
    }
  }

  jobs.handle(ADD_USERS_JOB, async (raw) => {
    const payload = raw as AddUsersPayload;
    await runOperation(payload.operationId, async (tx) => {
      const organization = await repo.findOrganization(tx, payload.organizationId);
      if (!organization) throw notFound(OrganizationErrors.NotAMember);
      const valid = payload.emails.filter((email) => isEmail(email));
      const invalid = payload.emails.filter((email) => !isEmail(email));
      const already = new Set(await repo.findMemberEmails(tx, payload.organizationId, valid));
      const fresh = valid.filter((email) => !already.has(email));
      const [subscription] = await repo.findSubscriptions(tx, [payload.organizationId]);
      const seats = seatLimit(subscription);
      const used = await repo.countMembers(tx, payload.organizationId);
      if (used + fresh.length > seats) throw refused(OrganizationErrors.SeatsExceeded);
      const accounts = new Map(
        (await repo.findUsersByEmails(tx, fresh)).map((user) => [user.email.toLowerCase(), user.id]),
      );
      const at = clock.now();
      const inserted = await repo.insertMembers(
        tx,
        fresh.map((email) => ({
          organizationId: payload.organizationId,
          email,
          userId: accounts.get(email) ?? null,
          role: payload.role,
          adminLevel: payload.role === EnterpriseRole.Admin ? AdminLevel.SubAdmin : null,
          invitedBy: payload.actorUserId,
          createdAt: at,
        })),
      );
      await invite(
        tx,
        organization.name,
        inserted.filter((member) => member.userId === null).map((member) => member.email),
      );
      const team = payload.teamId
        ? await repo.findTeam(tx, payload.organizationId, payload.teamId)
        : undefined;
      if (team) {
        await repo.upsertTeamMembers(
          tx,
          inserted.map((member) => ({ teamId: team.id, memberId: member.id, role: TeamRole.Member })),
        );
      }
      await notifications.notify(
        tx,
        inserted.flatMap((member): NotificationEvent[] =>
          member.userId === null
            ? []
            : [
                {
                  userId: member.userId,
                  type: NotificationType.AddedToOrganization,
                  title: `You were added to ${organization.name}`,
                  link: '/learn/organization',
                  organizationId: organization.id,
                },
                ...(team
                  ? [
                      {
                        userId: member.userId,
                        type: NotificationType.AddedToTeam,
                        title: `You were added to the team ${team.name}`,
                        link: '/learn/assigned',
                        organizationId: organization.id,
                      },
                    ]
                  : []),
              ],
        ),
      );
      return { added: inserted.map((member) => member.email), already_members: [...already], invalid };
    });
  });

  jobs.handle(CREATE_TEAM_JOB, async (raw) => {
    const payload = raw as CreateTeamPayload;
    await runOperation(payload.operationId, async (tx) => {
      if (await repo.findTeamByName(tx, payload.organizationId, payload.name)) {
        throw conflict(OrganizationErrors.TeamNameTaken);
      }
      const team = await repo.insertTeam(tx, {
        organizationId: payload.organizationId,
        name: payload.name,
        createdAt: clock.now(),
      });
      if (!team) throw conflict(OrganizationErrors.TeamNameTaken);
      const written = await addToTeam(tx, payload.organizationId, team, [
        ...payload.memberIds.map((memberId) => ({ member_id: memberId, team_role: TeamRole.Member })),
        ...payload.managerIds.map((memberId) => ({ member_id: memberId, team_role: TeamRole.Manager })),
      ]);
      return { team_id: team.id, added: written.map(String) };
    });
  });

  /** Adds members (of this organization only) to a team and tells them; answers the member ids written. */
  async function addToTeam(
    tx: DbExecutor,
    organizationId: number,
    team: repo.TeamRow,
    entries: ReadonlyArray<{ member_id: number; team_role: number }>,
  ): Promise<number[]> {
    const members = new Map(
      (await repo.listMembers(tx, organizationId)).map((row) => [row.member.id, row.member]),
    );
    const roles = new Map<number, number>();
    for (const entry of entries) {
      if (!members.has(entry.member_id)) throw notFound(OrganizationErrors.MemberNotFound);
      // A manager listed twice stays a manager.
      roles.set(entry.member_id, Math.max(roles.get(entry.member_id) ?? 0, entry.team_role));
    }
    const before = new Set((await repo.teamMembersOf(tx, [team.id])).map((row) => row.memberId));
    await repo.upsertTeamMembers(
      tx,
      [...roles].map(([memberId, role]) => ({ teamId: team.id, memberId, role })),
    );
    await notifications.notify(
      tx,
      [...roles.keys()].flatMap((memberId): NotificationEvent[] => {
        const userId = members.get(memberId)?.userId ?? null;
        if (userId === null || before.has(memberId)) return [];
        return [
          {
            userId,
            type: NotificationType.AddedToTeam,
            title: `You were added to the team ${team.name}`,
            link: '/learn/assigned',
            organizationId,
          },
        ];
      }),
    );
    return [...roles.keys()];
  }

  async function membersWithTeams(organizationId: number) {
    const rows = await repo.listMembers(db, organizationId);
    const teamRows = await repo.teamsOfMembers(
      db,
      rows.map((row) => row.member.id),
    );
    return { rows, teamRows };
  }

  async function progressReport(
    userId: number,
    organizationId: number,
  ): Promise<OrganizationProgressResponse> {
    const actor = await actorIn(userId, organizationId);
    require(canViewProgress(actor));
    const { rows, teamRows } = await membersWithTeams(organizationId);
    const visible = rows.filter((row) => seesEveryone(actor) || actor.managedMemberIds.has(row.member.id));
    const userOf = new Map(visible.map((row) => [row.member.id, row.member.userId]));
    const assignments = await assignmentsWithProgress(
      await repo.assignmentsOf(
        db,
        organizationId,
        visible.map((row) => row.member.id),
      ),
      (memberId) => userOf.get(memberId) ?? null,
    );
    return {
      members: visible.map((row) => ({
        member_id: row.member.id,
        email: row.member.email,
        full_name: row.fullName,
        team_ids: teamRows.filter((team) => team.memberId === row.member.id).map((team) => team.teamId),
        assignments: assignments.filter((assignment) => assignment.member_id === row.member.id),
      })),
      overdue_count: assignments.filter((assignment) => assignment.is_overdue).length,
    };
  }

  return {
    async overview(userId: number, organizationId: number): Promise<OrganizationOverview> {
      const actor = await actorIn(userId, organizationId);
      const { organization, subscription } = actor.membership;
      return {
        organization_id: organization.id,
        name: organization.name,
        role: actor.member.role as OrganizationOverview['role'],
        role_label: ENTERPRISE_ROLE_LABEL[actor.member.role] ?? '',
        is_admin: actor.member.role === EnterpriseRole.Admin,
        is_manager: actor.member.role === EnterpriseRole.Manager,
        is_user_team_manager: actor.managedMemberIds.size > 0,
        login_method: organization.loginMethod,
        subscription: subscription
          ? {
              subscription_id: subscription.id,
              plan_code: subscription.planCode,
              subscription_type: subscription.subscriptionType,
              seats: subscription.seats,
              seats_used: await repo.countMembers(db, organizationId),
              can_add_seats: subscription.canAddSeats,
              excluded_courses_list: subscription.excludedCoursesList,
              included_courses_list: subscription.includedCoursesList,
            }
          : null,
        permissions: {
          can_manage_users: canManageUsers(actor),
          can_manage_teams: canManageTeams(actor),
          can_assign: canAssign(actor),
          can_view_progress: canViewProgress(actor),
        },
      };
    },

    async members(userId: number, organizationId: number): Promise<OrganizationMembersResponse> {
      require(canViewMembers(await actorIn(userId, organizationId)));
      const { rows, teamRows } = await membersWithTeams(organizationId);
      return { members: rows.map((row) => presentMember(row.member, row.fullName, teamRows)) };
    },

    /** Asynchronous (spec 001 §4): answers the running operation; the worker adds the users. */
    async addUsers(userId: number, organizationId: number, input: AddUsersRequest) {
      const actor = await actorIn(userId, organizationId);
      require(canManageUsers(actor));
      const emails = [
        ...new Set([
          ...(input.emails ?? []).map((email) => email.trim().toLowerCase()).filter(Boolean),
          ...emailsFromCsv(input.csv ?? ''),
        ]),
      ];
      if (emails.length === 0) throw refused(OrganizationErrors.NoEmails);
      if (input.team_id !== undefined && !(await repo.findTeam(db, organizationId, input.team_id))) {
        throw notFound(OrganizationErrors.TeamNotFound);
      }
      return startOperation(actor, organizationId, 'add_users', (operationId) => ({
        operationId,
        organizationId,
        actorUserId: userId,
        emails,
        role: input.role ?? EnterpriseRole.Learner,
        teamId: input.team_id ?? null,
      }));
    },

    /** Sends the invitation again to someone added by address who has not signed up yet. */
    async resendInvitation(userId: number, organizationId: number, memberId: number) {
      const actor = await actorIn(userId, organizationId);
      require(canManageUsers(actor));
      const member = await memberOrThrow(organizationId, memberId);
      if (member.userId !== null) throw refused(OrganizationErrors.AlreadyJoined);
      await invite(db, actor.membership.organization.name, [member.email]);
      return { ok: true as const };
    },

    async operation(userId: number, organizationId: number, operationId: number) {
      const actor = await actorIn(userId, organizationId);
      require(canManageUsers(actor) || canManageTeams(actor));
      const row = await repo.findOperation(db, organizationId, operationId);
      if (!row) throw notFound(OrganizationErrors.OperationNotFound);
      return presentOperation(row);
    },

    async removeUsers(userId: number, organizationId: number, input: RemoveUsersRequest) {
      const actor = await actorIn(userId, organizationId);
      require(canManageUsers(actor));
      if (input.member_ids.includes(actor.member.id)) throw refused(OrganizationErrors.CannotRemoveSelf);
      return db.transaction(async (tx) => {
        for (const memberId of input.member_ids) {
          if (!(await repo.findMember(tx, organizationId, memberId))) {
            throw notFound(OrganizationErrors.MemberNotFound);
          }
        }
        const removed = await repo.deleteMembers(tx, organizationId, input.member_ids);
        await notifications.notify(
          tx,
          removed.flatMap((member): NotificationEvent[] =>
            member.userId === null
              ? []
              : [
                  {
                    userId: member.userId,
                    type: NotificationType.RemovedFromOrganization,
                    title: `You were removed from ${actor.membership.organization.name}`,
                  },
                ],
          ),
        );
        return { removed_member_ids: removed.map((member) => member.id) };
      });
    },

    async updateRole(userId: number, organizationId: number, input: UpdateUserRoleRequest) {
      const actor = await actorIn(userId, organizationId);
      require(canManageUsers(actor));
      return db.transaction(async (tx) => {
        const member = await memberOrThrow(organizationId, input.member_id, tx);
        const isAdminNow = input.role === EnterpriseRole.Admin;
        if (
          member.role === EnterpriseRole.Admin &&
          !isAdminNow &&
          (await repo.countAdmins(tx, organizationId)) <= 1
        ) {
          throw refused(OrganizationErrors.LastAdmin);
        }
        const updated = await repo.updateMember(tx, member.id, {
          role: input.role,
          adminLevel: isAdminNow ? (input.admin_level ?? member.adminLevel ?? AdminLevel.SubAdmin) : null,
        });
        const promotion =
          input.role !== member.role && isAdminNow
            ? NotificationType.PromotedToAdmin
            : input.role !== member.role && input.role === EnterpriseRole.Manager
              ? NotificationType.PromotedToManager
              : null;
        if (promotion && member.userId !== null) {
          await notifications.notify(tx, [
            {
              userId: member.userId,
              type: promotion,
              title: `You are now ${ENTERPRISE_ROLE_LABEL[input.role]} in ${actor.membership.organization.name}`,
              link: '/enterprise-dashboard/manager-dashboard',
              organizationId,
            },
          ]);
        }
        const teamRows = await repo.teamsOfMembers(tx, [member.id]);
        return presentMember(updated ?? member, null, teamRows);
      });
    },

    async updateMentor(userId: number, organizationId: number, input: UpdateMentorRequest) {
      const actor = await actorIn(userId, organizationId);
      require(canManageUsers(actor));
      if (input.mentor_member_id === input.member_id) throw refused(OrganizationErrors.MentorSelf);
      return db.transaction(async (tx) => {
        const mentee = await memberOrThrow(organizationId, input.member_id, tx);
        const mentor = input.mentor_member_id
          ? await memberOrThrow(organizationId, input.mentor_member_id, tx)
          : null;
        if (mentor) await repo.updateMember(tx, mentor.id, { isMentor: true });
        const updated = await repo.updateMember(tx, mentee.id, { mentorMemberId: mentor?.id ?? null });
        const events: NotificationEvent[] = [];
        if (mentor && mentee.userId !== null) {
          events.push({
            userId: mentee.userId,
            type: NotificationType.MentorAssigned,
            title: `${mentor.email} is now your mentor`,
            organizationId,
          });
        }
        if (mentor?.userId) {
          events.push({
            userId: mentor.userId,
            type: NotificationType.MenteeAssigned,
            title: `${mentee.email} is now your mentee`,
            organizationId,
          });
        }
        await notifications.notify(tx, events);
        return presentMember(updated ?? mentee, null, await repo.teamsOfMembers(tx, [mentee.id]));
      });
    },

    async teams(userId: number, organizationId: number): Promise<OrganizationTeamsResponse> {
      const actor = await actorIn(userId, organizationId);
      require(canViewMembers(actor) || actor.managedMemberIds.size > 0);
      const teams = await repo.listTeams(db, organizationId);
      const teamRows = await repo.teamMembersOf(
        db,
        teams.map((team) => team.id),
      );
      const members = new Map(
        (await repo.listMembers(db, organizationId)).map((row) => [row.member.id, row]),
      );
      return { teams: teams.map((team) => presentTeam(team, teamRows, members)) };
    },

    /** Asynchronous like adding users; a manager who creates a team manages it. */
    async createTeam(userId: number, organizationId: number, input: CreateTeamRequest) {
      const actor = await actorIn(userId, organizationId);
      require(canManageTeams(actor));
      if (await repo.findTeamByName(db, organizationId, input.name))
        throw conflict(OrganizationErrors.TeamNameTaken);
      for (const memberId of [...input.member_ids, ...input.manager_ids])
        await memberOrThrow(organizationId, memberId);
      const managerIds =
        actor.member.role === EnterpriseRole.Manager
          ? [...new Set([...input.manager_ids, actor.member.id])]
          : input.manager_ids;
      return startOperation(actor, organizationId, 'create_team', (operationId) => ({
        operationId,
        organizationId,
        actorUserId: userId,
        actorMemberId: actor.member.id,
        name: input.name,
        memberIds: input.member_ids,
        managerIds,
      }));
    },

    async updateTeam(userId: number, organizationId: number, teamId: number, input: UpdateTeamRequest) {
      const actor = await actorIn(userId, organizationId);
      require(canManageTeams(actor));
      return db.transaction(async (tx) => {
        let team = await repo.findTeam(tx, organizationId, teamId);
        if (!team) throw notFound(OrganizationErrors.TeamNotFound);
        if (input.name !== undefined && input.name.toLowerCase() !== team.name.toLowerCase()) {
          if (await repo.findTeamByName(tx, organizationId, input.name)) {
            throw conflict(OrganizationErrors.TeamNameTaken);
          }
        }
        if (input.name !== undefined) team = (await repo.renameTeam(tx, team.id, input.name)) ?? team;
        if (input.add_members) await addToTeam(tx, organizationId, team, input.add_members);
        if (input.remove_member_ids) await repo.removeTeamMembers(tx, team.id, input.remove_member_ids);
        const teamRows = await repo.teamMembersOf(tx, [team.id]);
        const members = new Map(
          (await repo.listMembers(tx, organizationId)).map((row) => [row.member.id, row]),
        );
        return presentTeam(team, teamRows, members);
      });
    },

    async deleteTeam(userId: number, organizationId: number, teamId: number) {
      const actor = await actorIn(userId, organizationId);
      require(canManageTeams(actor));
      const team = await repo.findTeam(db, organizationId, teamId);
      if (!team) throw notFound(OrganizationErrors.TeamNotFound);
      await repo.deleteTeam(db, team.id);
      return { ok: true as const };
    },

    /** Assigns courses or paths to members and to every member of teams, with one due date. */
    async assign(
      userId: number,
      organizationId: number,
      input: AssignContentRequest,
    ): Promise<AssignmentsResponse> {
      const actor = await actorIn(userId, organizationId);
      require(canAssign(actor));
      const scope = scopeOf(actor.membership);
      const cards = await content.cardsFor(input.works.map((work) => work.work_id));
      for (const work of input.works) {
        const card = cards.find((entry) => entry.collection_id === work.work_id);
        if (!card || card.author_id !== work.author_id || !ASSIGNABLE.includes(card.work_type)) {
          throw notFound(OrganizationErrors.ContentNotFound);
        }
        const scoped = {
          author_id: card.author_id,
          collection_id: card.collection_id,
          is_private: false,
          work_type: card.work_type,
          categories: [...(card.language_topic ? [card.language_topic] : []), ...card.tags],
        };
        // Content the subscription leaves out cannot be assigned either (spec 001 §5).
        if (!isVisibleInOrganization(scope, scoped)) throw notFound(OrganizationErrors.ContentNotFound);
      }
      const targets = new Map<number, number | null>();
      for (const memberId of input.member_ids) {
        await memberOrThrow(organizationId, memberId);
        targets.set(memberId, null);
      }
      for (const teamId of input.team_ids) {
        const team = await repo.findTeam(db, organizationId, teamId);
        if (!team) throw notFound(OrganizationErrors.TeamNotFound);
        for (const row of await repo.teamMembersOf(db, [team.id])) {
          if (!targets.has(row.memberId)) targets.set(row.memberId, team.id);
        }
      }
      for (const memberId of targets.keys()) require(reachesMember(actor, memberId));
      const dueDate = input.due_date ? new Date(input.due_date) : null;
      const written = await db.transaction(async (tx) => {
        const subscription = actor.membership.subscription;
        if (subscription?.subscriptionType === BusinessTier.EnterpriseFreemium) {
          await enforceAssignmentFreemium(tx, organizationId, cards, input.works);
        }
        const at = clock.now();
        const rows = await repo.upsertAssignments(
          tx,
          [...targets].flatMap(([memberId, teamId]) =>
            input.works.map((work) => ({
              organizationId,
              memberId,
              collectionId: work.work_id,
              teamId,
              dueDate,
              assignedBy: userId,
              createdAt: at,
            })),
          ),
        );
        const members = new Map(
          (await repo.listMembers(tx, organizationId)).map((row) => [row.member.id, row.member]),
        );
        await notifications.notify(
          tx,
          rows.flatMap((row): NotificationEvent[] => {
            const member = members.get(row.memberId);
            const card = cards.find((entry) => entry.collection_id === row.collectionId);
            if (!member?.userId || !card) return [];
            return [
              {
                userId: member.userId,
                type: NotificationType.ContentAssigned,
                title: `${card.title} was assigned to you`,
                body: dueDate ? `Due ${dueDate.toISOString().slice(0, 10)}` : '',
                link: '/learn/assigned',
                organizationId,
              },
            ];
          }),
        );
        return rows;
      });
      const members = new Map(
        (await repo.listMembers(db, organizationId)).map((row) => [row.member.id, row.member]),
      );
      return {
        assignments: await assignmentsWithProgress(
          written,
          (memberId) => members.get(memberId)?.userId ?? null,
        ),
      };
    },

    /** Assigned content of one member (managers, admins) or of the caller. */
    async assignedCourses(
      userId: number,
      organizationId: number,
      memberId?: number,
    ): Promise<AssignmentsResponse> {
      const actor = await actorIn(userId, organizationId);
      const target = memberId ?? actor.member.id;
      if (target !== actor.member.id) require(canViewProgress(actor) && reachesMember(actor, target));
      const member = await memberOrThrow(organizationId, target);
      const rows = await repo.assignmentsOf(db, organizationId, [member.id]);
      return { assignments: await assignmentsWithProgress(rows, () => member.userId) };
    },

    async updateCompletionDate(userId: number, organizationId: number, input: UpdateCompletionDateRequest) {
      const actor = await actorIn(userId, organizationId);
      require(canAssign(actor));
      const assignment = await repo.findAssignment(db, organizationId, input.assignment_id);
      if (!assignment) throw notFound(OrganizationErrors.AssignmentNotFound);
      require(reachesMember(actor, assignment.memberId));
      const dueDate = input.due_date ? new Date(input.due_date) : null;
      const member = await memberOrThrow(organizationId, assignment.memberId);
      const [card] = await content.cardsFor([assignment.collectionId]);
      const updated = await db.transaction(async (tx) => {
        const row = (await repo.setDueDate(tx, assignment.id, dueDate)) ?? assignment;
        if (member.userId !== null && card) {
          await notifications.notify(tx, [
            {
              userId: member.userId,
              type: NotificationType.DueDateChanged,
              title: `The due date of ${card.title} changed`,
              body: dueDate ? `Due ${dueDate.toISOString().slice(0, 10)}` : 'No due date',
              link: '/learn/assigned',
              organizationId,
            },
          ]);
        }
        return row;
      });
      const [result] = await assignmentsWithProgress([updated], () => member.userId);
      if (!result) throw notFound(OrganizationErrors.AssignmentNotFound);
      return result;
    },

    progress: progressReport,

    /** Course and path assignments of these members with their progress (callers have checked who may read). */
    async assignmentsOfMembers(
      organizationId: number,
      members: ReadonlyArray<{ memberId: number; userId: number | null }>,
    ): Promise<Assignment[]> {
      const userOf = new Map(members.map((member) => [member.memberId, member.userId]));
      return assignmentsWithProgress(
        await repo.assignmentsOf(db, organizationId, [...userOf.keys()]),
        (memberId) => userOf.get(memberId) ?? null,
      );
    },

    async progressCsv(userId: number, organizationId: number): Promise<string> {
      const report = await progressReport(userId, organizationId);
      const lines = [['Member', 'E-mail', 'Assignment', 'Type', 'Due date', 'Progress %', 'Status']];
      for (const member of report.members) {
        for (const assignment of member.assignments) {
          lines.push([
            member.full_name ?? '',
            member.email,
            assignment.card.title,
            assignment.card.work_type,
            assignment.due_date?.slice(0, 10) ?? '',
            String(assignment.percent),
            assignment.completed ? 'Completed' : assignment.is_overdue ? 'Overdue' : 'In progress',
          ]);
        }
      }
      return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
    },

    /** POST /api/overdue-alert/search: the overdue assignments the caller may see in one organization. */
    async overdueSearch(userId: number, input: OverdueSearchRequest): Promise<OverdueSearchResponse> {
      const organizationId =
        input.organization_id ?? (await access.activeMembership(userId))?.organization.id;
      if (organizationId === undefined) return { items: [] };
      const report = await progressReport(userId, organizationId);
      const needle = input.search_string?.trim().toLowerCase() ?? '';
      return {
        items: report.members.flatMap((member) =>
          member.assignments
            .filter((assignment) => assignment.is_overdue)
            .filter(
              (assignment) =>
                !needle ||
                member.email.includes(needle) ||
                (member.full_name ?? '').toLowerCase().includes(needle) ||
                assignment.card.title.toLowerCase().includes(needle),
            )
            .map((assignment) => ({
              member_id: member.member_id,
              email: member.email,
              full_name: member.full_name,
              assignment,
            })),
        ),
      };
    },

    /** /learn/assigned: the caller's assignments in their active organization. */
    async myAssignments(userId: number): Promise<AssignmentsResponse> {
      const membership = await access.activeMembership(userId);
      if (!membership) return { assignments: [] };
      const rows = await repo.assignmentsOf(db, membership.organization.id, [membership.member.id]);
      return { assignments: await assignmentsWithProgress(rows, () => userId) };
    },

    /** /learn/organization: the published catalogue as the caller's subscription bounds it. */
    async organizationCatalog(userId: number): Promise<OrganizationCatalogResponse> {
      const membership = await access.activeMembership(userId);
      if (!membership) throw notFound(OrganizationErrors.NotAMember);
      const { items } = await content.search({
        search: '',
        workTypes: [WorkType.Course, WorkType.Path],
        topic: null,
        difficulty: null,
        onlyFree: false,
        onlyEarlyAccess: false,
        reviewStates: [CourseReviewState.Approved, CourseReviewState.ApprovedForEarlyAccess],
        tag: null,
        scope: scopeOf(membership),
        limit: 100,
        offset: 0,
      });
      return { organization_id: membership.organization.id, name: membership.organization.name, items };
    },

    /**
     * The assign form's assessments (skill and enterprise assessments, 001 §7): published ones, within the
     * organization's subscription, for those who may assign.
     */
    async assignableAssessments(
      userId: number,
      organizationId: number,
    ): Promise<AssignableAssessmentsResponse> {
      const actor = await actorIn(userId, organizationId);
      require(canAssign(actor));
      const { items } = await content.search({
        search: '',
        workTypes: [...ASSIGNABLE_ASSESSMENT_TYPES],
        topic: null,
        difficulty: null,
        onlyFree: false,
        onlyEarlyAccess: false,
        reviewStates: [CourseReviewState.Approved, CourseReviewState.ApprovedForEarlyAccess],
        tag: null,
        scope: scopeOf(actor.membership),
        limit: 100,
        offset: 0,
      });
      return { items };
    },

    async chooseActive(userId: number, organizationId: number) {
      await access.chooseActive(userId, organizationId);
      return { active_organization_id: (await access.activeMembership(userId))?.organization.id ?? null };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
