import type {
  AssignedPlan,
  AssignPlanRequest,
  CreatePlanRequest,
  MyPlansResponse,
  OrganizationPlan,
  OrganizationPlansResponse,
  PlanAssignment,
  PlanAssignmentsResponse,
  PlanReaderMode,
  PlanReaderResponse,
  UpdatePlanRequest,
} from '@coderoom/contracts';
import {
  BusinessTier,
  ErrorMessages,
  FreemiumDefaults,
  isPathContentReachable,
  isPlanComplete,
  isVisibleInOrganization,
  NotificationType,
  OrganizationErrors,
  PLAN_KIND_LABEL,
  PlanErrors,
  PlanKind,
  PlanState,
  planPercent,
  planReaderUrl,
  TeamRole,
  WorkType,
} from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import type { ContentService } from '../content/content.service.js';
import type { NotificationEvent, NotificationsService } from '../notifications/notifications.service.js';
import type { ProgressService } from '../progress/progress.service.js';
import { presentFeedback } from './mentoring.presenter.js';
import * as mentoringRepo from './mentoring.repository.js';
import { type OrganizationAccess, scopeOf } from './organizationAccess.service.js';
import {
  type Actor,
  canAssign,
  canManageUsers,
  canViewMembers,
  canViewProgress,
  reachesMember,
} from './organizations.policy.js';
import * as orgRepo from './organizations.repository.js';
import * as repo from './plans.repository.js';

// Learning and onboarding plans (docs/organizations.md, "Plans"): admins and managers author plans made of
// modules of courses and paths, keep templates, assign published plans with a due date (managers to the
// members of teams they manage), and admins force-complete them. An enterprise-freemium organization keeps
// to 001 §6: 3 onboarding plans, 3 up-skilling plans, 3 modules.

export interface PlansDeps {
  db: Db;
  clock: Clock;
  access: OrganizationAccess;
  content: ContentService;
  notifications: NotificationsService;
  progress: Pick<ProgressService, 'progressFor'>;
}

const ITEM_TYPES: readonly string[] = [WorkType.Course, WorkType.Path];
const refused = (text: string) => new AppError(400, text);

export function createPlansService(deps: PlansDeps) {
  const { db, clock, access, content, notifications, progress } = deps;

  async function actorIn(userId: number, organizationId: number) {
    const membership = (await access.membershipsOf(userId)).find(
      (entry) => entry.organization.id === organizationId,
    );
    if (!membership) throw notFound(OrganizationErrors.NotAMember);
    const ownTeams = await orgRepo.teamsOfMembers(db, [membership.member.id]);
    const managed = ownTeams.filter((row) => row.role === TeamRole.Manager).map((row) => row.teamId);
    const teamRows = await orgRepo.teamMembersOf(db, managed);
    const actor: Actor = {
      member: membership.member,
      managedMemberIds: new Set(teamRows.map((row) => row.memberId)),
    };
    return { actor, membership };
  }

  function require(allowed: boolean) {
    if (!allowed) throw forbidden(OrganizationErrors.NotAllowed);
  }

  async function planOrThrow(organizationId: number, planId: number, executor: DbExecutor = db) {
    const plan = await repo.findPlan(executor, organizationId, planId);
    if (!plan) throw notFound(PlanErrors.NotFound);
    return plan;
  }

  const isFreemium = (membership: Awaited<ReturnType<typeof actorIn>>['membership']) =>
    membership.subscription?.subscriptionType === BusinessTier.EnterpriseFreemium;

  async function present(rows: repo.PlanRow[]): Promise<OrganizationPlan[]> {
    const modules = await repo.modulesOf(
      db,
      rows.map((row) => row.id),
    );
    const cards = await content.cardsFor([...new Set(modules.flatMap((module) => module.collectionIds))]);
    const counts = await repo.countAssignmentsOfPlans(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      plan_id: row.id,
      author_id: row.createdBy ?? 0,
      organization_id: row.organizationId,
      kind: row.kind,
      kind_label: PLAN_KIND_LABEL[row.kind] ?? '',
      title: row.title,
      description: row.description,
      state: row.state,
      is_template: row.isTemplate,
      modules: modules
        .filter((module) => module.planId === row.id)
        .map((module) => ({
          module_id: module.id,
          title: module.title,
          body: module.body,
          items: module.collectionIds.flatMap((collectionId) => {
            const card = cards.find((entry) => entry.collection_id === collectionId);
            return card
              ? [
                  {
                    author_id: card.author_id,
                    work_id: card.collection_id,
                    title: card.title,
                    work_type: card.work_type,
                    url: card.url,
                  },
                ]
              : [];
          }),
        })),
      assigned_count: counts.get(row.id) ?? 0,
      updated_at: row.updatedAt.toISOString(),
      preview_url: planReaderUrl(row.createdBy ?? 0, row.id, { preview: true }),
    }));
  }

  function presentAssignment(
    row: repo.PlanAssignmentRow,
    plan: repo.PlanRow | undefined,
    email: string,
  ): PlanAssignment {
    return {
      assignment_id: row.id,
      plan_id: row.planId,
      plan_title: plan?.title ?? '',
      kind: plan?.kind ?? PlanKind.Onboarding,
      member_id: row.memberId,
      email,
      due_date: row.dueDate?.toISOString() ?? null,
      completed_at: row.completedAt?.toISOString() ?? null,
      force_completed: row.forceCompleted,
    };
  }

  /** The courses and paths of the modules: published, of an assignable kind, inside the subscription. */
  async function checkItems(
    membership: Awaited<ReturnType<typeof actorIn>>['membership'],
    modules: NonNullable<UpdatePlanRequest['modules']>,
  ) {
    const works = modules.flatMap((module) => module.items);
    const cards = await content.cardsFor([...new Set(works.map((work) => work.work_id))]);
    const scope = scopeOf(membership);
    for (const work of works) {
      const card = cards.find((entry) => entry.collection_id === work.work_id);
      if (!card || card.author_id !== work.author_id || !ITEM_TYPES.includes(card.work_type)) {
        throw notFound(OrganizationErrors.ContentNotFound);
      }
      const visible = isVisibleInOrganization(scope, {
        author_id: card.author_id,
        collection_id: card.collection_id,
        is_private: false,
        work_type: card.work_type,
        categories: [...(card.language_topic ? [card.language_topic] : []), ...card.tags],
      });
      if (!visible) throw notFound(OrganizationErrors.ContentNotFound);
    }
  }

  /** Each course's or path's progress for one learner (0 for someone without an account yet). */
  async function itemProgress(userId: number | null, collectionIds: readonly number[]) {
    const cards = await content.cardsFor([...new Set(collectionIds)]);
    const result = new Map<number, number>();
    for (const card of cards) {
      let percent = 0;
      if (userId !== null) {
        percent = await content
          .viewById(null, card.author_id, card.collection_id, false)
          .then((view) => progress.progressFor(userId, view))
          .then((value) => value.percent)
          .catch(() => 0);
      }
      result.set(card.collection_id, percent);
    }
    return result;
  }

  /**
   * Plans as their member sees them: items with the member's progress, the plan's percent, the mentor's
   * feedback. `rows` are assignments of one organization with the member's user id.
   */
  async function assignedPlans(
    organizationId: number,
    rows: ReadonlyArray<{ assignment: repo.PlanAssignmentRow; email: string; userId: number | null }>,
    viewer: 'member' | 'mentor' = 'member',
  ): Promise<AssignedPlan[]> {
    const planRows = await repo.plansByIds(db, [...new Set(rows.map((row) => row.assignment.planId))]);
    const presented = await present(planRows);
    const feedback = await mentoringRepo.feedbackOnPlans(
      db,
      rows.map((row) => row.assignment.id),
    );
    const now = clock.now();
    const result: AssignedPlan[] = [];
    for (const row of rows) {
      const planRow = planRows.find((entry) => entry.id === row.assignment.planId);
      const plan = presented.find((entry) => entry.plan_id === row.assignment.planId);
      if (!planRow || !plan) continue;
      const works = plan.modules.flatMap((module) => module.items.map((item) => item.work_id));
      const percents = await itemProgress(row.userId, works);
      const modules = plan.modules.map((module) => ({
        ...module,
        items: module.items.map((item) => {
          const percent = percents.get(item.work_id) ?? 0;
          return { ...item, percent, completed: percent >= 100 };
        }),
      }));
      const completed = row.assignment.completedAt !== null;
      const itemPercents = works.map((work) => percents.get(work) ?? 0);
      result.push({
        ...presentAssignment(row.assignment, planRow, row.email),
        organization_id: organizationId,
        description: plan.description,
        kind_label: plan.kind_label,
        // A completed plan (by its items, or forced by an admin) stays at 100.
        percent: completed ? 100 : planPercent(itemPercents),
        is_overdue: !completed && row.assignment.dueDate !== null && row.assignment.dueDate < now,
        modules,
        feedback: feedback
          .filter((entry) => entry.feedback.planAssignmentId === row.assignment.id)
          .map(presentFeedback),
        reader_url: planReaderUrl(
          plan.author_id,
          plan.plan_id,
          viewer === 'mentor' ? { menteeMemberId: row.assignment.memberId } : {},
        ),
      });
    }
    return result;
  }

  /** Completes a member's open plans whose every item is done, and tells who assigned them and the mentor. */
  async function completeFinishedPlans(memberIds: readonly number[], userId: number) {
    for (const open of await repo.openPlanAssignmentsOf(db, memberIds)) {
      const modules = await repo.modulesOf(db, [open.planId]);
      const works = modules.flatMap((module) => module.collectionIds);
      const percents = await itemProgress(userId, works);
      if (!isPlanComplete(works.map((work) => percents.get(work) ?? 0))) continue;
      const [plan] = await repo.plansByIds(db, [open.planId]);
      const member = await orgRepo.findMember(db, open.organizationId, open.memberId);
      if (!plan || !member) continue;
      const mentor = member.mentorMemberId
        ? await orgRepo.findMember(db, open.organizationId, member.mentorMemberId)
        : undefined;
      await db.transaction(async (tx) => {
        if (!(await repo.markPlanCompleted(tx, open.id, clock.now()))) return;
        const told = new Set(
          [open.assignedBy, mentor?.userId ?? null].filter(
            (id): id is number => id !== null && id !== userId,
          ),
        );
        await notifications.notify(
          tx,
          [...told].map((recipient) => ({
            userId: recipient,
            type: NotificationType.PlanCompleted,
            title: `${member.email} completed the plan ${plan.title}`,
            link: recipient === mentor?.userId ? '/onboarding/dashboard' : '/onboarding/plans',
            organizationId: open.organizationId,
          })),
        );
      });
    }
  }

  return {
    async list(userId: number, organizationId: number): Promise<OrganizationPlansResponse> {
      const { actor } = await actorIn(userId, organizationId);
      require(canAssign(actor) || canViewMembers(actor));
      return { plans: await present(await repo.listPlans(db, organizationId)) };
    },

    async get(userId: number, organizationId: number, planId: number): Promise<OrganizationPlan> {
      const { actor } = await actorIn(userId, organizationId);
      require(canAssign(actor) || canViewMembers(actor));
      const [plan] = await present([await planOrThrow(organizationId, planId)]);
      if (!plan) throw notFound(PlanErrors.NotFound);
      return plan;
    },

    async create(
      userId: number,
      organizationId: number,
      input: CreatePlanRequest,
    ): Promise<OrganizationPlan> {
      const { actor, membership } = await actorIn(userId, organizationId);
      require(canAssign(actor));
      const template = input.from_template_id
        ? await planOrThrow(organizationId, input.from_template_id)
        : undefined;
      if (template && !template.isTemplate) throw refused(PlanErrors.NotATemplate);
      const copied = template ? await repo.modulesOf(db, [template.id]) : [];
      const created = await db.transaction(async (tx) => {
        if (isFreemium(membership) && !input.is_template) {
          const limits: Record<number, [number, string]> = {
            [PlanKind.Onboarding]: [FreemiumDefaults.onboardingPaths, PlanErrors.FreemiumOnboardingLimit],
            [PlanKind.UpSkilling]: [FreemiumDefaults.skillPaths, PlanErrors.FreemiumSkillPathLimit],
          };
          const limit = limits[input.kind];
          if (limit && (await repo.countPlansOfKind(tx, organizationId, input.kind)) >= limit[0]) {
            throw refused(limit[1]);
          }
        }
        if (isFreemium(membership) && copied.length > 0) {
          const others = await repo.countModulesOutside(tx, organizationId, 0);
          if (others + copied.length > FreemiumDefaults.modules)
            throw refused(PlanErrors.FreemiumModuleLimit);
        }
        const now = clock.now();
        const plan = await repo.insertPlan(tx, {
          organizationId,
          kind: input.kind,
          title: input.title,
          description: input.description ?? template?.description ?? '',
          isTemplate: input.is_template ?? false,
          state: PlanState.Draft,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        });
        if (copied.length > 0) {
          await repo.replaceModules(
            tx,
            plan.id,
            copied.map((module) => ({
              title: module.title,
              body: module.body,
              collectionIds: module.collectionIds,
            })),
          );
        }
        return plan;
      });
      return this.get(userId, organizationId, created.id);
    },

    async update(userId: number, organizationId: number, planId: number, input: UpdatePlanRequest) {
      const { actor, membership } = await actorIn(userId, organizationId);
      require(canAssign(actor));
      const plan = await planOrThrow(organizationId, planId);
      if (input.modules) await checkItems(membership, input.modules);
      await db.transaction(async (tx) => {
        if (input.modules) {
          if (isFreemium(membership)) {
            const others = await repo.countModulesOutside(tx, organizationId, planId);
            if (others + input.modules.length > FreemiumDefaults.modules)
              throw refused(PlanErrors.FreemiumModuleLimit);
          }
          await repo.replaceModules(
            tx,
            planId,
            input.modules.map((module) => ({
              title: module.title,
              body: module.body ?? '',
              collectionIds: module.items.map((item) => item.work_id),
            })),
          );
        }
        if (input.state === PlanState.Published) {
          const modules = await repo.modulesOf(tx, [planId]);
          if (!modules.some((module) => module.collectionIds.length > 0)) throw refused(PlanErrors.EmptyPlan);
        }
        await repo.updatePlan(tx, planId, {
          ...(input.title === undefined ? {} : { title: input.title }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.state === undefined ? {} : { state: input.state }),
          updatedAt: clock.now(),
        });
        // People who have the plan hear that it changed.
        if (input.modules && plan.state === PlanState.Published) {
          const assigned = await repo.planAssignmentsOf(tx, organizationId, { planId });
          await notifications.notify(
            tx,
            assigned.flatMap(({ userId: memberUserId }): NotificationEvent[] =>
              memberUserId === null
                ? []
                : [
                    {
                      userId: memberUserId,
                      type: NotificationType.PlanUpdated,
                      title: `${input.title ?? plan.title} was updated`,
                      link: '/learn/assigned',
                      organizationId,
                    },
                  ],
            ),
          );
        }
      });
      return this.get(userId, organizationId, planId);
    },

    async remove(userId: number, organizationId: number, planId: number) {
      const { actor } = await actorIn(userId, organizationId);
      require(canAssign(actor));
      await planOrThrow(organizationId, planId);
      await repo.deletePlan(db, planId);
      return { deleted_plan_id: planId };
    },

    async assign(
      userId: number,
      organizationId: number,
      planId: number,
      input: AssignPlanRequest,
    ): Promise<PlanAssignmentsResponse> {
      const { actor } = await actorIn(userId, organizationId);
      require(canAssign(actor));
      const plan = await planOrThrow(organizationId, planId);
      if (plan.isTemplate) throw refused(PlanErrors.TemplateNotAssignable);
      if (plan.state !== PlanState.Published) throw refused(PlanErrors.NotPublished);
      const targets = new Set<number>();
      for (const memberId of input.member_ids) {
        if (!(await orgRepo.findMember(db, organizationId, memberId)))
          throw notFound(OrganizationErrors.MemberNotFound);
        targets.add(memberId);
      }
      for (const teamId of input.team_ids) {
        const team = await orgRepo.findTeam(db, organizationId, teamId);
        if (!team) throw notFound(OrganizationErrors.TeamNotFound);
        for (const row of await orgRepo.teamMembersOf(db, [team.id])) targets.add(row.memberId);
      }
      for (const memberId of targets) require(reachesMember(actor, memberId));
      const dueDate = input.due_date ? new Date(input.due_date) : null;
      const rows = await db.transaction(async (tx) => {
        const written = await repo.upsertPlanAssignments(
          tx,
          [...targets].map((memberId) => ({
            organizationId,
            planId,
            memberId,
            dueDate,
            assignedBy: userId,
            createdAt: clock.now(),
          })),
        );
        const members = new Map(
          (await orgRepo.listMembers(tx, organizationId)).map((row) => [row.member.id, row.member]),
        );
        await notifications.notify(
          tx,
          written.flatMap((row): NotificationEvent[] => {
            const member = members.get(row.memberId);
            if (!member?.userId) return [];
            return [
              {
                userId: member.userId,
                type: NotificationType.PlanAssigned,
                title: `The plan ${plan.title} was assigned to you`,
                body: dueDate ? `Due ${dueDate.toISOString().slice(0, 10)}` : '',
                link: '/learn/assigned',
                organizationId,
              },
            ];
          }),
        );
        return written;
      });
      const members = new Map(
        (await orgRepo.listMembers(db, organizationId)).map((row) => [row.member.id, row.member]),
      );
      return {
        assignments: rows.map((row) => presentAssignment(row, plan, members.get(row.memberId)?.email ?? '')),
      };
    },

    async assignments(
      userId: number,
      organizationId: number,
      planId: number,
    ): Promise<PlanAssignmentsResponse> {
      const { actor } = await actorIn(userId, organizationId);
      require(canAssign(actor) || canViewMembers(actor));
      const plan = await planOrThrow(organizationId, planId);
      const rows = await repo.planAssignmentsOf(db, organizationId, { planId });
      return {
        assignments: rows
          .filter((row) => reachesMember(actor, row.assignment.memberId) || canViewMembers(actor))
          .map((row) => presentAssignment(row.assignment, plan, row.email)),
      };
    },

    /** Spec 001 §6: an admin marks a member's plan complete (force-plan-complete). */
    async forceComplete(
      userId: number,
      organizationId: number,
      assignmentId: number,
    ): Promise<PlanAssignment> {
      const { actor } = await actorIn(userId, organizationId);
      require(canManageUsers(actor));
      const assignment = await repo.findPlanAssignment(db, organizationId, assignmentId);
      if (!assignment) throw notFound(PlanErrors.AssignmentNotFound);
      const plan = await planOrThrow(organizationId, assignment.planId);
      const member = await orgRepo.findMember(db, organizationId, assignment.memberId);
      const done = await db.transaction(async (tx) => {
        const row = await repo.completePlanAssignment(tx, assignmentId, clock.now());
        if (!row) throw new AppError(409, PlanErrors.AlreadyCompleted);
        if (member?.userId) {
          await notifications.notify(tx, [
            {
              userId: member.userId,
              type: NotificationType.PlanCompleted,
              title: `The plan ${plan.title} is complete`,
              link: '/learn/assigned',
              organizationId,
            },
          ]);
        }
        return row;
      });
      return presentAssignment(done, plan, member?.email ?? '');
    },

    /** The caller's own plans in every organization they belong to, with their progress. */
    async myPlans(userId: number): Promise<MyPlansResponse> {
      const result: AssignedPlan[] = [];
      for (const membership of await access.membershipsOf(userId)) {
        const rows = await repo.planAssignmentsOf(db, membership.organization.id, {
          memberIds: [membership.member.id],
        });
        result.push(
          ...(await assignedPlans(
            membership.organization.id,
            rows.map((row) => ({ ...row, userId })),
          )),
        );
      }
      return { plans: result };
    },

    /** One of the caller's own plans; someone else's answers 404 like a missing one. */
    async myPlan(userId: number, assignmentId: number): Promise<AssignedPlan> {
      for (const membership of await access.membershipsOf(userId)) {
        const rows = await repo.planAssignmentsOf(db, membership.organization.id, {
          memberIds: [membership.member.id],
        });
        const row = rows.find((entry) => entry.assignment.id === assignmentId);
        if (row) {
          const [plan] = await assignedPlans(membership.organization.id, [{ ...row, userId }]);
          if (plan) return plan;
        }
      }
      throw notFound(PlanErrors.AssignmentNotFound);
    },

    /** Plans of these members of one organization (callers have checked who may read them). */
    plansOfMembers(
      organizationId: number,
      members: ReadonlyArray<{ memberId: number; userId: number | null }>,
    ): Promise<AssignedPlan[]> {
      const userOf = new Map(members.map((member) => [member.memberId, member.userId]));
      return repo.planAssignmentsOf(db, organizationId, { memberIds: [...userOf.keys()] }).then((rows) =>
        assignedPlans(
          organizationId,
          rows.map((row) => ({ ...row, userId: userOf.get(row.assignment.memberId) ?? row.userId })),
          'mentor',
        ),
      );
    },

    /**
     * The plan reader (docs/organizations.md "Plan reader"): the plan's pages with the progress of whoever
     * it is read for. Its member reads their own; `menteeMemberId` reads a member's as their mentor, or as
     * someone who follows that member's progress; the organization's plan authors preview without
     * progress. A member of the organization the plan was not given to meets the gate (403); anyone else,
     * a wrong author segment or a missing plan, 404.
     */
    async reader(
      userId: number,
      authorId: number,
      planId: number,
      menteeMemberId?: number,
    ): Promise<PlanReaderResponse> {
      const planRow = await repo.findPlanById(db, planId);
      if (!planRow || (planRow.createdBy ?? 0) !== authorId) throw notFound(PlanErrors.NotFound);
      const organizationId = planRow.organizationId;
      const { actor, membership } = await actorIn(userId, organizationId).catch(() => {
        throw notFound(PlanErrors.NotFound);
      });
      const authors = canAssign(actor) || canViewMembers(actor);
      let mode: PlanReaderMode = 'preview';
      let readFor: { assignment: repo.PlanAssignmentRow; email: string; userId: number | null } | undefined;
      if (menteeMemberId !== undefined) {
        const mentee = await orgRepo.findMember(db, organizationId, menteeMemberId);
        if (!mentee) throw notFound(OrganizationErrors.MemberNotFound);
        const follows =
          mentee.mentorMemberId === actor.member.id ||
          (canViewProgress(actor) && reachesMember(actor, mentee.id));
        require(follows);
        [readFor] = await repo.planAssignmentsOf(db, organizationId, { planId, memberIds: [mentee.id] });
        if (!readFor) throw notFound(PlanErrors.MenteeNotAssigned);
        mode = 'mentee';
      } else {
        [readFor] = await repo.planAssignmentsOf(db, organizationId, {
          planId,
          memberIds: [membership.member.id],
        });
        if (readFor) mode = 'learner';
        else if (!authors) throw forbidden(PlanErrors.NotAssigned);
      }
      // Spec 001 §5 rule 7: plan content is out of reach when the organization blocks courses.
      if (!isPathContentReachable(scopeOf(membership)))
        throw notFound(ErrorMessages.NotIncludedInSubscription);
      const [presented] = await present([planRow]);
      if (!presented) throw notFound(PlanErrors.NotFound);
      const [assigned] = readFor
        ? await assignedPlans(organizationId, [readFor], mode === 'mentee' ? 'mentor' : 'member')
        : [];
      const modules =
        assigned?.modules ??
        presented.modules.map((module) => ({
          ...module,
          items: module.items.map((item) => ({ ...item, percent: 0, completed: false })),
        }));
      const pageUrl = (page: number) =>
        planReaderUrl(presented.author_id, planId, {
          page,
          ...(mode === 'mentee' && menteeMemberId !== undefined ? { menteeMemberId } : {}),
          preview: mode === 'preview',
        });
      return {
        mode,
        plan: {
          plan_id: planId,
          author_id: presented.author_id,
          organization_id: organizationId,
          title: presented.title,
          description: presented.description,
          kind: presented.kind,
          kind_label: presented.kind_label,
          state: presented.state,
          is_template: presented.is_template,
          url: planReaderUrl(presented.author_id, planId, {
            ...(mode === 'mentee' && menteeMemberId !== undefined ? { menteeMemberId } : {}),
            preview: mode === 'preview',
          }),
          edit_url: canAssign(actor) ? `/onboarding/plans/${planId}` : null,
        },
        assignment: assigned
          ? {
              assignment_id: assigned.assignment_id,
              due_date: assigned.due_date,
              completed_at: assigned.completed_at,
              force_completed: assigned.force_completed,
              percent: assigned.percent,
              is_overdue: assigned.is_overdue,
            }
          : null,
        mentee:
          mode === 'mentee' && readFor
            ? { member_id: readFor.assignment.memberId, email: readFor.email }
            : null,
        pages: modules.map((module, index) => ({
          number: index + 1,
          title: module.title,
          body: module.body,
          items: module.items,
          percent:
            mode === 'preview' || module.items.length === 0
              ? null
              : planPercent(module.items.map((item) => item.percent)),
          url: pageUrl(index + 1),
        })),
        feedback: assigned?.feedback ?? [],
      };
    },

    /**
     * A learner's progress moved (a lesson completed): plans whose items are now all complete are marked
     * complete, once, with notification 8002 to whoever assigned them and to the member's mentor.
     */
    async learnerProgressChanged(userId: number): Promise<void> {
      const memberships = await access.membershipsOf(userId);
      await completeFinishedPlans(
        memberships.map((membership) => membership.member.id),
        userId,
      );
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
