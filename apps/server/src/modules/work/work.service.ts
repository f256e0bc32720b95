import type {
  CreateMilestoneRequestSchema,
  CreateScheduledReportRequest,
  CreateTaskCommentRequest,
  CreateWorkItemRequest,
  DocumentVersionDetail,
  DocumentVersionList,
  MoveWorkItemRequest,
  RequestReviewRequest,
  ScheduledReport,
  ShareWorkItemRequest,
  SignOffReviewRequest,
  TaskCommentList,
  UpdateScheduledReportRequest,
  UpdateTaskCommentRequest,
  UpdateWorkItemRequest,
  WorkCollaborator,
  WorkHome,
  WorkItem,
  WorkItemDetail,
  WorkListQuery,
  WorkMilestone,
  WorkOnboarding,
  WorkOnboardingRequest,
  WorkPerson,
  WorkReview,
} from '@coderoom/contracts';
import {
  ClaimState,
  DEFAULT_TASK_TITLE,
  ErrorStatus,
  FreemiumDefaults,
  MAX_FOLDER_DEPTH,
  NotificationType,
  nextReportDate,
  OrganizationErrors,
  Priority,
  WORK_FOLDER_KINDS,
  WORK_ITEM_STATUS_LABEL,
  WORK_PROJECT_KINDS,
  WORK_TASK_KINDS,
  WorkflowAction,
  type WorkflowActionName,
  WorkflowError,
  WorkflowErrorMessage,
  type WorkflowItemKindName,
  WorkItemKind,
  WorkItemState,
  WorkItemStatus,
  WorkMessages,
  WorkOnboardingStep,
} from '@coderoom/domain';
import * as Y from 'yjs';
import type { z } from 'zod';
import type { WorkItemRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError, invalidInput, notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { Topic } from '../../platform/realtime/topic.js';
import type { UsersService } from '../accounts/users.service.js';
import { replaceText } from '../collab/collab.document.js';
import type { NotificationEvent } from '../notifications/notifications.service.js';
import { badParent, canHold, rankOf, requireRank } from './work.policy.js';
import {
  type PresentContext,
  personOf,
  presentActivity,
  presentComments,
  presentItem,
  presentVersion,
} from './work.presenter.js';
import * as repo from './work.repository.js';
import { RANK } from './work.repository.js';

export const SCHEDULED_REPORT_JOB = 'work.scheduled_report';
/** Job kind: remind a task's assignees that it is due (docs/work.md "Notifications", docs/jobs.md). */
export const TASK_DUE_JOB = 'work.task_due';
/** The due reminder goes out this long before the due date (at once when that time has passed). */
export const DUE_REMINDER_MS = 86_400_000;

/**
 * Work documents on the collab server (modules/collab): the name space `work:{id}`, and where the text lives
 * in the Yjs document (the same map the studio's Markdown fields use, so the web editor is shared).
 */
export const WORK_DOCUMENT_PREFIX = 'work:';
export const WORK_DOCUMENT_MAP = 'markdown';
export const WORK_DOCUMENT_FIELD = 'body';

/** What the collab server needs of work documents; the collab module receives it, it does not import us. */
export interface WorkLiveDocuments {
  authorize(userId: number, itemId: number): Promise<'write' | 'read'>;
  load(itemId: number, doc: Y.Doc): Promise<void>;
  store(itemId: number, doc: Y.Doc, userId: number | null, isLastEditor: boolean): Promise<void>;
}

/** A change to make to a work document's live copy, if it is open on the collab server (a restore). */
export interface WorkDocumentChange {
  itemId: number;
  change(doc: Y.Doc): void;
}

/** While people co-edit, a version of the text is kept at most this often (and when the last one leaves). */
export const VERSION_INTERVAL_MS = 5 * 60_000;

const PRIVATE_KINDS: readonly string[] = ['private_project', 'private_folder'];
const HOME_ACTIVITY_LIMIT = 20;
/** "Due soon" on the work home: overdue or due within this many days. */
const DUE_SOON_DAYS = 7;
const DAY_MS = 86_400_000;

export interface WorkDeps {
  db: Db;
  clock: Clock;
  users: UsersService;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  /**
   * Whether the user works on a paid work plan (commerce decides; until it says, everyone is on the free plan
   * of 001 §6 and its limits apply).
   */
  hasWorkSubscription?: (userId: number, executor: DbExecutor) => Promise<boolean>;
  /** Told after a change of who reaches an item (sharing, trash, moves): open live documents check again. */
  rightsChanged?: Topic<{ itemId: number }>;
  /**
   * The in-app bell (modules/notifications): assignments, review requests and mentions in task comments,
   * written in the change's transaction. Without it (the seed) nobody is notified.
   */
  notify?: (executor: DbExecutor, events: readonly NotificationEvent[]) => Promise<void>;
  /**
   * The organization the user works in (spec 001 §4's active organization), or null. Items created at the
   * top level while one is active belong to it; items inside a container take the container's.
   */
  activeOrganizationId?: (userId: number) => Promise<number | null>;
  /** Told after a document's text was replaced outside the live session: its open copy takes the change. */
  documentChanged?: Topic<WorkDocumentChange>;
  /**
   * The creator's active organization (modules/organizations): a new item belongs to it, and on enterprise
   * freemium 6999 the organization's own limits apply (docs/organizations.md, "Freemium limits").
   */
  workOrganization?: (userId: number, executor: DbExecutor) => Promise<WorkOrganization | null>;
}

export interface WorkOrganization {
  organizationId: number;
  /** The organization's subscription is a valid enterprise freemium (001 §6 limits apply to its items). */
  isWorkFreemium: boolean;
}

function workflowError(code: keyof typeof WorkflowErrorMessage): AppError {
  return new AppError(ErrorStatus.OperationNotAllowed, WorkflowErrorMessage[code], undefined, undefined, {
    code: String(code),
  });
}

/** `@someone@example.com` in a comment names a person; the address ends before trailing punctuation. */
const MENTION = /(?:^|[^\w@])@([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

export function mentionedEmails(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((match) => (match[1] ?? '').toLowerCase()))];
}

function isTaskKind(kind: string): boolean {
  return (WORK_TASK_KINDS as readonly string[]).includes(kind);
}

export function createWorkService(deps: WorkDeps) {
  const { db, clock, users, jobs, mailer } = deps;

  /** The item and the caller's rank on it; an outsider is told it does not exist. */
  async function access(userId: number, itemId: number, executor: DbExecutor = db) {
    const item = await repo.findItem(executor, itemId);
    if (!item) throw notFound(WorkMessages.NotFound);
    const chain = await repo.findAncestors(executor, itemId, userId);
    const rank = rankOf(userId, chain);
    if (rank <= 0) throw notFound(WorkMessages.NotFound);
    return { item, chain, rank };
  }

  async function guard(userId: number, itemId: number, needed: number, executor: DbExecutor = db) {
    const found = await access(userId, itemId, executor);
    requireRank(found.rank, needed);
    return found;
  }

  async function record(
    executor: DbExecutor,
    item: Pick<WorkItemRow, 'id' | 'title' | 'kind'>,
    actorId: number,
    action: WorkflowActionName,
    details: Record<string, unknown> = {},
  ) {
    await repo.insertActivity(executor, {
      itemId: item.id,
      itemTitle: item.title,
      itemKind: item.kind,
      actorId,
      action,
      details,
      createdAt: clock.now(),
    });
  }

  async function notify(executor: DbExecutor, events: NotificationEvent[]): Promise<void> {
    if (deps.notify && events.length > 0) await deps.notify(executor, events);
  }

  async function organizationOf(userId: number): Promise<number | null> {
    return deps.activeOrganizationId ? deps.activeOrganizationId(userId) : null;
  }

  /** Queues the reminder for a task's due date (a day before, or at once when that has passed). */
  async function queueDueReminder(executor: DbExecutor, taskId: number, due: Date): Promise<void> {
    await jobs.enqueue(
      executor,
      TASK_DUE_JOB,
      { item_id: taskId, due: due.toISOString() },
      { delayMs: Math.max(0, due.getTime() - DUE_REMINDER_MS - clock.now().getTime()) },
    );
  }

  /**
   * Tells a task's assignees (its owner when nobody is assigned) that it is due. Under a row lock, and only
   * if the task still has this due date, is not done or trashed, and nobody was told of this date yet: a
   * run queued for a date changed since, or a second run, tells nobody.
   */
  async function remindDue(taskId: number, due: Date): Promise<void> {
    await db.transaction(async (tx) => {
      const task = await repo.lockItem(tx, taskId);
      if (!task || !isTaskKind(task.kind) || task.deletedAt || task.status === WorkItemStatus.Done) return;
      if (task.dueDate?.getTime() !== due.getTime()) return;
      if (task.dueNotifiedFor?.getTime() === due.getTime()) return;
      await repo.updateItem(tx, taskId, { dueNotifiedFor: due });
      const assignees = (await repo.findAssignees(tx, [taskId])).map((row) => row.userId);
      const people = assignees.length > 0 ? assignees : [task.ownerId];
      await notify(
        tx,
        people.map((person) => ({
          userId: person,
          type: NotificationType.WorkflowTaskDue,
          title: WorkMessages.NotifyDueSoon(task.title, due.toISOString().slice(0, 10)),
          link: `/work/task/${taskId}`,
          organizationId: task.organizationId,
        })),
      );
    });
  }

  async function nameOf(userId: number, executor: DbExecutor): Promise<string> {
    return (await users.findById(userId, executor))?.fullName ?? 'Someone';
  }

  async function peopleMap(ids: Iterable<number>): Promise<Map<number, WorkPerson>> {
    const rows = await repo.findPeople(db, [...new Set(ids)]);
    return new Map(
      rows.map((row) => [row.id, { user_id: row.id, full_name: row.fullName, email: row.email }]),
    );
  }

  /** Everything presentItem needs for these rows, read in a few batched queries. */
  async function presentAll(
    userId: number,
    rows: WorkItemRow[],
    ranks?: Map<number, number>,
    privateIds?: Set<number>,
  ) {
    const ids = rows.map((row) => row.id);
    const assigneeRows = await repo.findAssignees(db, ids);
    const assignees = new Map<number, number[]>();
    for (const row of assigneeRows)
      assignees.set(row.taskId, [...(assignees.get(row.taskId) ?? []), row.userId]);
    let rankMap = ranks;
    if (!rankMap) {
      rankMap = new Map();
      for (const row of rows)
        rankMap.set(row.id, rankOf(userId, await repo.findAncestors(db, row.id, userId)));
    }
    const ctx: PresentContext = {
      people: await peopleMap([...rows.map((row) => row.ownerId), ...assigneeRows.map((row) => row.userId)]),
      ranks: rankMap,
      starred: await repo.findStarredIds(db, userId),
      assignees,
      subTasks: await repo.countSubTasks(db, ids),
      comments: await repo.countComments(db, ids),
      privateIds: privateIds ?? (await privateAmong(rows)),
    };
    return rows.map((row) => presentItem(row, ctx));
  }

  /** Items that are, or sit inside, a private project or folder. */
  async function privateAmong(rows: WorkItemRow[]): Promise<Set<number>> {
    const result = new Set<number>();
    for (const row of rows) {
      if (PRIVATE_KINDS.includes(row.kind)) result.add(row.id);
      else if (row.parentId !== null) {
        const chain = await repo.findAncestors(db, row.id, row.ownerId);
        if (chain.some((link) => PRIVATE_KINDS.includes(link.kind))) result.add(row.id);
      }
    }
    return result;
  }

  /** All items the user reaches, with ranks and the private ones, computed in memory from one tree read. */
  async function reachable(userId: number) {
    const ranks = await repo.findAccessibleRanks(db, userId);
    const rows = await repo.findItems(db, [...ranks.keys()]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const privateIds = new Set<number>();
    for (const row of rows) {
      for (
        let at: WorkItemRow | undefined = row;
        at;
        at = at.parentId === null ? undefined : byId.get(at.parentId)
      ) {
        if (PRIVATE_KINDS.includes(at.kind)) {
          privateIds.add(row.id);
          break;
        }
      }
    }
    return { ranks, rows, privateIds };
  }

  async function enforceFreemium(executor: DbExecutor, userId: number, kind: WorkflowItemKindName) {
    if (deps.hasWorkSubscription && (await deps.hasWorkSubscription(userId, executor))) return;
    if (kind === 'document') {
      const used = await repo.countOwnedActive(executor, userId, ['document']);
      if (used >= FreemiumDefaults.workflowDocs) {
        throw new AppError(
          ErrorStatus.AccessDenied,
          WorkMessages.FreemiumDocs(FreemiumDefaults.workflowDocs),
          undefined,
          undefined,
          {
            upgrade_url: '/pricing',
          },
        );
      }
    }
    if ((WORK_PROJECT_KINDS as readonly string[]).includes(kind)) {
      const used = await repo.countOwnedActive(executor, userId, WORK_PROJECT_KINDS);
      if (used >= FreemiumDefaults.workflowProjects) {
        throw new AppError(
          ErrorStatus.AccessDenied,
          WorkMessages.FreemiumProjects(FreemiumDefaults.workflowProjects),
          undefined,
          undefined,
          { upgrade_url: '/pricing' },
        );
      }
    }
  }

  /**
   * Organization ownership (org16): the creator's active organization owns the new item, and on enterprise
   * freemium its documents (10) and projects (3) are counted across the organization (001 §6). Separate from
   * `enforceFreemium` (the per-person free plan), which applies as before.
   */
  async function organizationLimits(
    executor: DbExecutor,
    userId: number,
    kind: WorkflowItemKindName,
  ): Promise<WorkOrganization | null> {
    const organization = (await deps.workOrganization?.(userId, executor)) ?? null;
    if (!organization?.isWorkFreemium) return organization;
    const limits = [
      [['document'], FreemiumDefaults.workflowDocs, OrganizationErrors.FreemiumWorkDocs],
      [WORK_PROJECT_KINDS, FreemiumDefaults.workflowProjects, OrganizationErrors.FreemiumWorkProjects],
    ] as const;
    for (const [kinds, limit, message] of limits) {
      if (!(kinds as readonly string[]).includes(kind)) continue;
      if ((await repo.countOrganizationActive(executor, organization.organizationId, kinds)) >= limit) {
        throw new AppError(ErrorStatus.AccessDenied, message, undefined, undefined, {
          upgrade_url: '/pricing',
        });
      }
    }
    return organization;
  }

  /** Folders above a parent (the parent included), for the depth limit of 002 §8.4 (4001). */
  function foldersIn(chain: repo.AncestorRow[]): number {
    return chain.filter((link) => (WORK_FOLDER_KINDS as readonly string[]).includes(link.kind)).length;
  }

  /** Checks a parent for a new or moved item and answers its chain; null parent is the root. */
  async function checkParent(
    executor: DbExecutor,
    userId: number,
    parentId: number | null,
    kind: WorkflowItemKindName,
  ) {
    if (parentId === null) {
      if (!canHold(null, kind)) throw badParent();
      return [];
    }
    const { item: parent, chain, rank } = await access(userId, parentId, executor);
    requireRank(rank, RANK.edit);
    if (parent.deletedAt) throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.InTrash);
    if (!canHold(parent.kind, kind)) throw badParent();
    return chain;
  }

  function taskDefaults(parentKind: string | null) {
    return {
      status: WorkItemStatus.NotStarted,
      itemKind: parentKind !== null && isTaskKind(parentKind) ? WorkItemKind.SubTask : WorkItemKind.Task,
      priority: Priority.None,
      claimState: ClaimState.Unclaimed,
    };
  }

  async function createItem(
    userId: number,
    input: CreateWorkItemRequest & { targetId?: number; organizationId?: number | null },
    executor: DbExecutor,
  ) {
    const parentId = input.parent_id ?? null;
    const chain = await checkParent(executor, userId, parentId, input.kind);
    // One tree, one organization: inside a container the container's, at the top the active one.
    const organizationId =
      parentId === null
        ? (input.organizationId ?? null)
        : ((await repo.findItem(executor, parentId))?.organizationId ?? null);
    if (
      (WORK_FOLDER_KINDS as readonly string[]).includes(input.kind) &&
      foldersIn(chain) + 1 > MAX_FOLDER_DEPTH
    ) {
      throw workflowError(WorkflowError.MaxFolderDepth);
    }
    await enforceFreemium(executor, userId, input.kind);
    await organizationLimits(executor, userId, input.kind);
    const now = clock.now();
    const parentKind = chain[0]?.kind ?? null;
    const row = await repo.insertItem(executor, {
      ownerId: userId,
      organizationId,
      kind: input.kind,
      parentId,
      title: input.title ?? (isTaskKind(input.kind) ? DEFAULT_TASK_TITLE : defaultTitle(input.kind)),
      description: input.description ?? '',
      targetId: input.targetId ?? null,
      ...(isTaskKind(input.kind) ? taskDefaults(parentKind) : {}),
      ...(input.kind === 'document' ? { itemKind: WorkItemKind.Document } : {}),
      createdAt: now,
      updatedAt: now,
    });
    await record(executor, row, userId, WorkflowAction.Create, { parent_id: parentId });
    return row;
  }

  async function detail(userId: number, itemId: number): Promise<WorkItemDetail> {
    const { item, chain, rank } = await access(userId, itemId);
    const children = await repo.findChildren(db, itemId);
    const ranks = new Map<number, number>([[item.id, rank]]);
    for (const child of children)
      ranks.set(child.id, Math.max(rank, rankOf(userId, await repo.findAncestors(db, child.id, userId))));
    const isPrivate = chain.some((link) => PRIVATE_KINDS.includes(link.kind));
    const privateIds = new Set(isPrivate ? [item.id, ...children.map((child) => child.id)] : []);
    const [presented, ...presentedChildren] = await presentAll(
      userId,
      [item, ...children],
      ranks,
      privateIds,
    );
    const projectId = chain.find((link) => (WORK_PROJECT_KINDS as readonly string[]).includes(link.kind))?.id;
    const milestones = projectId ? await repo.findMilestones(db, projectId) : [];
    return {
      item: presented as WorkItem,
      breadcrumbs: chain
        .slice(1)
        .reverse()
        .map((link) => ({ id: link.id, title: link.title, kind: link.kind as WorkflowItemKindName })),
      children: presentedChildren,
      milestones: milestones.map(presentMilestone),
      body: item.body,
    };
  }

  async function collaboratorsOf(userId: number, itemId: number): Promise<WorkCollaborator[]> {
    const chain = await repo.findAncestors(db, itemId, userId);
    const rows = await repo.findCollaborators(
      db,
      chain.map((link) => link.id),
    );
    const best = new Map<number, WorkCollaborator>();
    const rankOfRole = { view: 1, comment: 2, edit: 3 } as const;
    for (const link of chain) {
      for (const row of rows.filter((candidate) => candidate.itemId === link.id)) {
        const known = best.get(row.userId);
        if (known && rankOfRole[known.role] >= rankOfRole[row.role]) continue;
        best.set(row.userId, {
          user_id: row.userId,
          full_name: row.fullName,
          email: row.email,
          role: row.role,
          inherited_from: link.id === itemId ? null : link.id,
        });
      }
    }
    return [...best.values()].sort((a, b) => a.full_name.localeCompare(b.full_name));
  }

  /** Creates one report task for a due scheduled report and moves its date on; safe to run twice. */
  async function runScheduledReport(itemId: number): Promise<void> {
    const now = clock.now();
    const created = await db.transaction(async (tx) => {
      const report = await repo.lockReport(tx, itemId);
      const item = await repo.findItem(tx, itemId);
      if (!report || !item || item.deletedAt || report.nextScheduledDate.getTime() > now.getTime())
        return null;
      const rule = {
        every: report.repeatEvery,
        type: report.repeatType,
        onWeekday: report.repeatOnWeekday,
        onDate: report.repeatOnDate,
      };
      // Dates missed while no worker ran are not made up one by one: one task, for the latest date that
      // has come, says how many were skipped; the next date is the first in the future.
      let due = report.nextScheduledDate;
      let missed = 0;
      for (
        let next = nextReportDate(due, rule);
        next.getTime() <= now.getTime();
        next = nextReportDate(due, rule)
      ) {
        due = next;
        missed += 1;
      }
      const day = due.toISOString().slice(0, 10);
      const task = await repo.insertItem(tx, {
        ownerId: item.ownerId,
        organizationId: item.organizationId,
        kind: 'task',
        parentId: item.parentId,
        title: `${item.title} — ${day}`,
        description:
          missed > 0
            ? `${item.description}${item.description ? '\n\n' : ''}${WorkMessages.ReportsMissed(missed)}`
            : item.description,
        ...taskDefaults(null),
        claimState: report.assigneesList.length > 0 ? ClaimState.Claimed : ClaimState.Unclaimed,
        dueDate: new Date(due.getTime() + DAY_MS),
        createdAt: now,
        updatedAt: now,
      });
      await repo.replaceAssignees(tx, task.id, report.assigneesList);
      await queueDueReminder(tx, task.id, task.dueDate as Date);
      const grants: Array<[number[], 'edit' | 'comment' | 'view']> = [
        [report.assigneesList, 'edit'],
        [report.reviewersList, 'comment'],
        [report.watchersList, 'view'],
      ];
      for (const [people, role] of grants) {
        for (const person of people) {
          if (person !== item.ownerId)
            await repo.addCollaboratorIfMissing(tx, {
              itemId: task.id,
              userId: person,
              role,
              addedBy: item.ownerId,
            });
        }
      }
      await record(tx, task, item.ownerId, WorkflowAction.Create, {
        scheduled_report_id: item.id,
        ...(missed > 0 ? { missed_runs: missed } : {}),
      });
      const next = nextReportDate(due, rule);
      await repo.setNextReportDate(tx, itemId, next);
      await jobs.enqueue(
        tx,
        SCHEDULED_REPORT_JOB,
        { item_id: itemId },
        { delayMs: next.getTime() - now.getTime() },
      );
      return {
        task,
        people: [...new Set([...report.assigneesList, ...report.reviewersList, ...report.watchersList])],
      };
    });
    if (!created) return;
    for (const person of await repo.findPeople(db, created.people)) {
      await mailer.send({
        to: person.email,
        subject: `New report task: ${created.task.title}`,
        text: `A scheduled report is due. Open it at ${deps.publicUrl}/work/task/${created.task.id}`,
      });
    }
  }

  jobs.handle(TASK_DUE_JOB, async (payload) => {
    const { item_id: itemId, due } = payload as { item_id?: unknown; due?: unknown };
    const date = typeof due === 'string' ? new Date(due) : null;
    if (Number.isInteger(itemId) && (itemId as number) > 0 && date && !Number.isNaN(date.getTime()))
      await remindDue(itemId as number, date);
  });

  jobs.handle(SCHEDULED_REPORT_JOB, async (payload) => {
    const itemId = Number((payload as { item_id?: unknown }).item_id);
    if (Number.isInteger(itemId) && itemId > 0) await runScheduledReport(itemId);
  });

  /**
   * A task's people hear of a change of its status (8030 when done, else 8006) or due date (8015): its
   * assignees and owner, never the one who changed it. A new due date also queues its reminder (8019).
   */
  async function tellAboutChanges(
    tx: DbExecutor,
    userId: number,
    before: WorkItemRow,
    after: WorkItemRow,
    /** People this same change assigned: their assignment notice says enough. */
    justAssigned: readonly number[] = [],
  ): Promise<void> {
    if (!isTaskKind(after.kind)) return;
    const statusChanged = after.status !== before.status && after.status !== null;
    const dueChanged = (after.dueDate?.getTime() ?? null) !== (before.dueDate?.getTime() ?? null);
    if (!statusChanged && !dueChanged) return;
    if (dueChanged && after.dueDate) await queueDueReminder(tx, after.id, after.dueDate);
    const assignees = (await repo.findAssignees(tx, [after.id])).map((row) => row.userId);
    const people = [...new Set([after.ownerId, ...assignees])].filter(
      (person) => person !== userId && !justAssigned.includes(person),
    );
    if (people.length === 0) return;
    const actor = await nameOf(userId, tx);
    const events: NotificationEvent[] = [];
    for (const person of people) {
      if (statusChanged)
        events.push({
          userId: person,
          type:
            after.status === WorkItemStatus.Done
              ? NotificationType.WorkflowTaskCompleted
              : NotificationType.TaskUpdated,
          title: WorkMessages.NotifyStatus(
            actor,
            after.title,
            WORK_ITEM_STATUS_LABEL[after.status as number] ?? '',
          ),
          link: `/work/task/${after.id}`,
          organizationId: after.organizationId,
        });
      if (dueChanged)
        events.push({
          userId: person,
          type: NotificationType.DueDateChanged,
          title: WorkMessages.NotifyDueDate(
            actor,
            after.title,
            after.dueDate ? after.dueDate.toISOString().slice(0, 10) : null,
          ),
          link: `/work/task/${after.id}`,
          organizationId: after.organizationId,
        });
    }
    await notify(tx, events);
  }

  /** Everyone named on a report must be a known account. */
  async function checkReportPeople(ids: number[], executor: DbExecutor = db): Promise<void> {
    const people = [...new Set(ids)];
    const known = await repo.findPeople(executor, people);
    if (known.length !== people.length) throw invalidInput({ assignees_list: WorkMessages.UnknownUser });
  }

  async function presentReports(userId: number, rows: WorkItemRow[]): Promise<ScheduledReport[]> {
    const reports = await repo.findReports(
      db,
      rows.map((row) => row.id),
    );
    const items = await presentAll(userId, rows);
    const people = await peopleMap(
      reports.flatMap((report) => [...report.assigneesList, ...report.reviewersList, ...report.watchersList]),
    );
    const result: ScheduledReport[] = [];
    for (const item of items) {
      const report = reports.find((candidate) => candidate.itemId === item.id);
      if (!report) continue;
      result.push({
        item,
        assignees_list: report.assigneesList.map((id) => personOf(people, id)),
        reviewers_list: report.reviewersList.map((id) => personOf(people, id)),
        watchers_list: report.watchersList.map((id) => personOf(people, id)),
        repeat_every: report.repeatEvery,
        repeat_type: report.repeatType,
        repeat_on_weekday: report.repeatOnWeekday,
        repeat_on_date: report.repeatOnDate,
        next_scheduled_date: report.nextScheduledDate.toISOString(),
      });
    }
    return result;
  }

  async function presentReviews(userId: number, rows: WorkItemRow[]): Promise<WorkReview[]> {
    const items = await presentAll(userId, rows);
    const signoffs = await repo.findSignoffs(
      db,
      rows.map((row) => row.id),
    );
    const documents = await repo.findItems(
      db,
      rows.map((row) => row.targetId).filter((id): id is number => id !== null),
    );
    return items.map((review) => {
      const document = documents.find((doc) => doc.id === review.target_id);
      return {
        review,
        document: document ? { id: document.id, title: document.title } : null,
        reviewers: signoffs
          .filter((signoff) => signoff.reviewId === review.id)
          .map((signoff) => ({
            user_id: signoff.userId,
            full_name: signoff.fullName,
            email: signoff.email,
            decision: signoff.decision,
            note: signoff.note,
            decided_at: signoff.decidedAt?.toISOString() ?? null,
          })),
      };
    });
  }

  async function commentList(taskId: number): Promise<TaskCommentList> {
    const rows = await repo.findComments(db, taskId);
    const comments = presentComments(rows, await peopleMap(rows.map((row) => row.userId)));
    return { comments, count: comments.length };
  }

  /**
   * Gives a document a new text outside its live session (a restore, or the API's `body`), keeping history:
   * the text it replaces becomes a version first (unless the newest version holds it already), then the new
   * text is a version too. The change goes into the stored Yjs state as the edit from the current text to
   * the new one; the returned change is what the live copy must apply when the document is open.
   */
  async function replaceDocumentText(
    tx: DbExecutor,
    userId: number,
    locked: WorkItemRow,
    body: string,
    restoredFrom: number | null,
  ): Promise<(doc: Y.Doc) => void> {
    const itemId = locked.id;
    const now = clock.now();
    const state = await repo.findDocumentStateRow(tx, itemId);
    // An empty text has nothing to lose.
    if (locked.body !== '' && (await repo.findLatestVersion(tx, itemId))?.body !== locked.body) {
      await repo.insertVersion(tx, {
        itemId,
        body: locked.body,
        reason: 'edit',
        createdBy: state ? state.updatedBy : locked.ownerId,
        createdAt: now,
      });
    }
    const change = (target: Y.Doc) => {
      const texts = target.getMap<Y.Text>(WORK_DOCUMENT_MAP);
      const text = texts.get(WORK_DOCUMENT_FIELD);
      if (text) replaceText(text, body);
      else texts.set(WORK_DOCUMENT_FIELD, new Y.Text(body));
    };
    const doc = new Y.Doc();
    if (state) Y.applyUpdate(doc, state.state);
    else doc.getMap<Y.Text>(WORK_DOCUMENT_MAP).set(WORK_DOCUMENT_FIELD, new Y.Text(locked.body));
    change(doc);
    await repo.saveDocumentState(tx, {
      itemId,
      state: Y.encodeStateAsUpdate(doc),
      updatedBy: userId,
      updatedAt: now,
    });
    doc.destroy();
    await repo.updateItem(tx, itemId, { body, updatedAt: now });
    await repo.insertVersion(tx, {
      itemId,
      body,
      reason: restoredFrom === null ? 'edit' : 'restore',
      restoredFrom,
      createdBy: userId,
      createdAt: now,
    });
    return change;
  }

  const liveDocuments: WorkLiveDocuments = {
    async authorize(userId, itemId) {
      const { item, rank } = await access(userId, itemId);
      if (item.kind !== 'document' || item.deletedAt) throw notFound(WorkMessages.NotFound);
      return rank >= RANK.edit ? 'write' : 'read';
    },

    /**
     * The stored state, or (first open) the document's text as one Y.Text, stored at once so every client
     * merges into it. Two processes opening it first at the same moment each build a Y.Text; only the
     * first stored wins, and both start from that one (two would be one map key set twice, and the
     * edits typed into the losing text would vanish when the processes sync).
     */
    async load(itemId, doc) {
      const state = await repo.findDocumentState(db, itemId);
      if (state) {
        Y.applyUpdate(doc, state);
        return;
      }
      const item = await repo.findItem(db, itemId);
      if (!item) throw notFound(WorkMessages.NotFound);
      const seed = new Y.Doc();
      seed.getMap<Y.Text>(WORK_DOCUMENT_MAP).set(WORK_DOCUMENT_FIELD, new Y.Text(item.body));
      const first = Y.encodeStateAsUpdate(seed);
      seed.destroy();
      await db.transaction(async (tx) => {
        const stored = await repo.insertFirstDocumentState(tx, {
          itemId,
          state: first,
          updatedBy: null,
          updatedAt: clock.now(),
        });
        Y.applyUpdate(doc, stored.state);
        if (!stored.inserted) return;
        // The text it had before anyone edited it live starts the history.
        if (item.body !== '' && (await repo.findLatestVersion(tx, itemId))?.body !== item.body) {
          await repo.insertVersion(tx, {
            itemId,
            body: item.body,
            reason: 'edit',
            createdBy: null,
            createdAt: clock.now(),
          });
        }
      });
    },

    async store(itemId, doc, userId, isLastEditor) {
      const now = clock.now();
      const text = doc.getMap<Y.Text>(WORK_DOCUMENT_MAP).get(WORK_DOCUMENT_FIELD)?.toString() ?? '';
      await db.transaction(async (tx) => {
        // Deleted for good while open: nothing is left to store into.
        if (!(await repo.lockItem(tx, itemId))) return;
        await repo.saveDocumentState(tx, {
          itemId,
          state: Y.encodeStateAsUpdate(doc),
          updatedBy: userId,
          updatedAt: now,
        });
        await repo.updateItem(tx, itemId, { body: text, updatedAt: now });
        const latest = await repo.findLatestVersion(tx, itemId);
        const isDue =
          isLastEditor || !latest || now.getTime() - latest.createdAt.getTime() >= VERSION_INTERVAL_MS;
        if (userId !== null && isDue && latest?.body !== text) {
          await repo.insertVersion(tx, {
            itemId,
            body: text,
            reason: 'edit',
            createdBy: userId,
            createdAt: now,
          });
        }
      });
    },
  };

  return {
    liveDocuments,

    async list(userId: number, query: WorkListQuery): Promise<WorkItem[]> {
      const { ranks, rows, privateIds } = await reachable(userId);
      const starred = await repo.findStarredIds(db, userId);
      const assigned = new Set(await repo.findAssignedTaskIds(db, userId));
      const kinds: Record<NonNullable<WorkListQuery['kind']>, readonly string[]> = {
        project: WORK_PROJECT_KINDS,
        document: ['document'],
        task: WORK_TASK_KINDS,
        review: ['review'],
        group: ['group'],
        scheduled_report: ['scheduled_report'],
        folder: WORK_FOLDER_KINDS,
      };
      const selected = rows.filter((row) => {
        if (row.deletedAt) return false;
        if (query.kind && !kinds[query.kind].includes(row.kind)) return false;
        if (query.parent_id !== undefined && row.parentId !== query.parent_id) return false;
        // The task lists show tasks; sub-tasks are read on their task.
        if (query.kind === 'task' && row.itemKind === WorkItemKind.SubTask) return false;
        switch (query.tab) {
          case 'starred':
            return starred.has(row.id);
          case 'private':
            return privateIds.has(row.id);
          case 'mine':
            return assigned.has(row.id);
          case 'follow_ups':
            return row.ownerId === userId && row.status !== WorkItemStatus.Done;
          default:
            // Private projects and documents have their own list (/work/projects/private, /work/docs/private).
            return query.kind === 'project' || query.kind === 'document' ? !privateIds.has(row.id) : true;
        }
      });
      return presentAll(userId, selected, ranks, privateIds);
    },

    async create(userId: number, input: CreateWorkItemRequest): Promise<WorkItemDetail> {
      if (input.kind === 'review' || input.kind === 'scheduled_report') {
        throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.BadParent, {
          kind: 'Reviews and scheduled reports have their own forms.',
        });
      }
      const organizationId = await organizationOf(userId);
      const row = await db.transaction((tx) => createItem(userId, { ...input, organizationId }, tx));
      return detail(userId, row.id);
    },

    detail,

    async update(userId: number, itemId: number, input: UpdateWorkItemRequest): Promise<WorkItemDetail> {
      const bodyChange = await db.transaction(async (tx) => {
        const { item, chain, rank } = await guard(userId, itemId, RANK.edit, tx);
        if (item.deletedAt) throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.InTrash);
        const taskOnly = [
          'status',
          'priority',
          'claim_state',
          'due_date',
          'milestone_id',
          'assignee_ids',
        ] as const;
        if (!isTaskKind(item.kind) && taskOnly.some((field) => input[field] !== undefined)) {
          throw invalidInput({
            status: 'Only a task has a status, priority, claim, due date, milestone or assignees.',
          });
        }
        if (input.milestone_id) {
          const milestone = await repo.findMilestone(tx, input.milestone_id);
          if (!milestone || !chain.some((link) => link.id === milestone.projectId)) {
            throw invalidInput({ milestone_id: 'Pick a milestone of this task’s project.' });
          }
        }
        let claimState = input.claim_state;
        let newlyAssigned: number[] = [];
        if (input.assignee_ids) {
          const ids = [...new Set(input.assignee_ids)];
          for (const assignee of ids) {
            const their = rankOf(assignee, await repo.findAncestors(tx, itemId, assignee));
            if (their <= 0) throw invalidInput({ assignee_ids: WorkMessages.AssigneeWithoutAccess });
          }
          const before = new Set((await repo.findAssignees(tx, [itemId])).map((row) => row.userId));
          await repo.replaceAssignees(tx, itemId, ids);
          // Only people newly given the task hear of it, and never from themselves.
          const added = ids.filter((assignee) => !before.has(assignee) && assignee !== userId);
          newlyAssigned = added;
          if (added.length > 0) {
            const actor = await nameOf(userId, tx);
            const title = input.title ?? item.title;
            await notify(
              tx,
              added.map((assignee) => ({
                userId: assignee,
                type: NotificationType.WorkflowTaskAssigned,
                title: WorkMessages.NotifyAssigned(actor, title),
                link: `/work/task/${itemId}`,
              })),
            );
          }
          claimState ??= ids.length > 0 ? ClaimState.Claimed : ClaimState.Unclaimed;
        }
        void rank;
        if (input.body !== undefined && item.kind !== 'document')
          throw invalidInput({ body: 'Only a document has a text.' });
        // A text written through the API goes into the document as an edit (open copies follow), with history.
        const bodyChange =
          input.body !== undefined && input.body !== item.body
            ? await replaceDocumentText(
                tx,
                userId,
                (await repo.lockItem(tx, itemId)) as WorkItemRow,
                input.body,
                null,
              )
            : null;
        const changed = await repo.updateItem(tx, itemId, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.state !== undefined ? { state: input.state } : {}),
          ...(input.priority !== undefined ? { priority: input.priority } : {}),
          ...(claimState !== undefined ? { claimState } : {}),
          ...(input.due_date !== undefined
            ? { dueDate: input.due_date === null ? null : new Date(input.due_date) }
            : {}),
          ...(input.milestone_id !== undefined ? { milestoneId: input.milestone_id } : {}),
          updatedAt: clock.now(),
        });
        await tellAboutChanges(tx, userId, item, changed, newlyAssigned);
        const fields = Object.keys(input).filter((field) => field !== 'body');
        await record(tx, changed, userId, WorkflowAction.Update, {
          fields: input.body !== undefined ? [...fields, 'body'] : fields,
        });
        return bodyChange;
      });
      if (bodyChange) deps.documentChanged?.publish({ itemId, change: bodyChange });
      return detail(userId, itemId);
    },

    async move(userId: number, itemId: number, input: MoveWorkItemRequest): Promise<WorkItemDetail> {
      await db.transaction(async (tx) => {
        const { item } = await guard(userId, itemId, RANK.edit, tx);
        if (item.deletedAt) throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.InTrash);
        const kind = item.kind as WorkflowItemKindName;
        if (
          (WORK_PROJECT_KINDS as readonly string[]).includes(kind) &&
          (await repo.countMilestonesIn(tx, [itemId])) > 0
        ) {
          throw workflowError(WorkflowError.MilestoneProjectMove);
        }
        const subtree = await repo.findSubtreeIds(tx, itemId);
        if (input.parent_id !== null && subtree.includes(input.parent_id)) {
          throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.MoveIntoItself);
        }
        // Out of every container to the top: only the owner, so nobody drops someone else's item out of reach.
        if (input.parent_id === null && item.ownerId !== userId) requireRank(RANK.edit, RANK.owner);
        const chain = await checkParent(tx, userId, input.parent_id, kind);
        if (
          foldersIn(chain) + (await repo.findFolderHeight(tx, itemId, WORK_FOLDER_KINDS)) >
          MAX_FOLDER_DEPTH
        ) {
          throw workflowError(WorkflowError.MaxFolderDepth);
        }
        const moved = await repo.updateItem(tx, itemId, {
          parentId: input.parent_id,
          updatedAt: clock.now(),
        });
        await record(tx, moved, userId, WorkflowAction.Move, { from: item.parentId, to: input.parent_id });
      });
      deps.rightsChanged?.publish({ itemId });
      return detail(userId, itemId);
    },

    async trash(userId: number, itemId: number): Promise<WorkItem> {
      await db.transaction(async (tx) => {
        const { item } = await guard(userId, itemId, RANK.edit, tx);
        if (item.deletedAt) throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.InTrash);
        await repo.trashSubtree(tx, await repo.findSubtreeIds(tx, itemId), itemId, userId, clock.now());
        await record(tx, item, userId, WorkflowAction.Delete);
      });
      deps.rightsChanged?.publish({ itemId });
      const [row] = await presentAll(userId, [(await repo.findItem(db, itemId)) as WorkItemRow]);
      return row as WorkItem;
    },

    async restore(userId: number, itemId: number): Promise<WorkItemDetail> {
      await db.transaction(async (tx) => {
        const { item } = await guard(userId, itemId, RANK.edit, tx);
        if (!item.deletedAt || item.deletedRootId !== itemId) {
          throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.NotInTrash);
        }
        await repo.restoreDeletion(tx, itemId, clock.now(), WorkItemState.Active);
        // Its container may have gone to the trash since: the item comes back at the top instead.
        const parent = item.parentId === null ? null : await repo.findItem(tx, item.parentId);
        if (parent?.deletedAt) await repo.updateItem(tx, itemId, { parentId: null });
        await record(tx, item, userId, WorkflowAction.Restore);
      });
      deps.rightsChanged?.publish({ itemId });
      return detail(userId, itemId);
    },

    async permanentlyDelete(userId: number, itemId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { item } = await guard(userId, itemId, RANK.owner, tx);
        if (!item.deletedAt || item.deletedRootId !== itemId) {
          throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.NotInTrash);
        }
        await record(tx, item, userId, WorkflowAction.PermanentlyDelete);
        await repo.deleteItemRow(tx, itemId);
      });
      deps.rightsChanged?.publish({ itemId });
    },

    async trashList(userId: number): Promise<WorkItem[]> {
      const { ranks, rows, privateIds } = await reachable(userId);
      const trashed = rows.filter(
        (row) => row.deletedRootId === row.id && (ranks.get(row.id) ?? 0) >= RANK.edit,
      );
      return presentAll(userId, trashed, ranks, privateIds);
    },

    async collaborators(userId: number, itemId: number): Promise<WorkCollaborator[]> {
      await guard(userId, itemId, RANK.view);
      return collaboratorsOf(userId, itemId);
    },

    async share(userId: number, itemId: number, input: ShareWorkItemRequest): Promise<WorkCollaborator[]> {
      // Looked up before the transaction: an embedded database has one connection, which the transaction holds.
      const person = await users.findByEmail(input.email);
      await db.transaction(async (tx) => {
        const { item, chain } = await guard(userId, itemId, RANK.edit, tx);
        if (chain.some((link) => PRIVATE_KINDS.includes(link.kind))) {
          throw invalidInput({
            email: 'A private item is not shared. Move it out of the private project first.',
          });
        }
        if (!person) throw invalidInput({ email: WorkMessages.UnknownUser });
        if (person.id === item.ownerId) throw invalidInput({ email: 'The owner already has every right.' });
        if (input.role === null) await repo.removeCollaborator(tx, itemId, person.id);
        else
          await repo.upsertCollaborator(tx, { itemId, userId: person.id, role: input.role, addedBy: userId });
        await record(tx, item, userId, WorkflowAction.ModifyCollaborator, {
          user_id: person.id,
          role: input.role,
        });
      });
      deps.rightsChanged?.publish({ itemId });
      return collaboratorsOf(userId, itemId);
    },

    async setStarred(userId: number, itemId: number, starred: boolean): Promise<void> {
      if (starred) await guard(userId, itemId, RANK.view);
      await repo.setStar(db, userId, itemId, starred, clock.now());
    },

    async addMilestone(
      userId: number,
      projectId: number,
      input: z.infer<typeof CreateMilestoneRequestSchema>,
    ): Promise<WorkMilestone> {
      return db.transaction(async (tx) => {
        const { item } = await guard(userId, projectId, RANK.edit, tx);
        if (!(WORK_PROJECT_KINDS as readonly string[]).includes(item.kind))
          throw invalidInput({ id: 'Only a project has milestones.' });
        const row = await repo.insertMilestone(tx, {
          projectId,
          title: input.title,
          dueDate: input.due_date ? new Date(input.due_date) : null,
          createdAt: clock.now(),
        });
        await record(tx, item, userId, WorkflowAction.Update, { milestone_added: row.id });
        return presentMilestone(row);
      });
    },

    async removeMilestone(userId: number, projectId: number, milestoneId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { item } = await guard(userId, projectId, RANK.edit, tx);
        const milestone = await repo.findMilestone(tx, milestoneId);
        if (!milestone || milestone.projectId !== projectId) throw notFound();
        if ((await repo.countTasksOnMilestone(tx, milestoneId)) > 0)
          throw workflowError(WorkflowError.MilestoneInUse);
        await repo.deleteMilestone(tx, milestoneId);
        await record(tx, item, userId, WorkflowAction.Update, { milestone_removed: milestoneId });
      });
    },

    /** For the media module: images go only into a document the caller may edit (and that is not in the trash). */
    async requireDocumentEditor(userId: number, itemId: number): Promise<void> {
      const { item } = await guard(userId, itemId, RANK.edit);
      if (item.kind !== 'document') throw invalidInput({ id: WorkMessages.NotADocument });
      if (item.deletedAt) throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.InTrash);
    },

    // Version history of a document.

    async versions(userId: number, itemId: number): Promise<DocumentVersionList> {
      const { item } = await guard(userId, itemId, RANK.view);
      if (item.kind !== 'document') throw invalidInput({ id: WorkMessages.NotADocument });
      const rows = await repo.findVersions(db, itemId);
      const people = await peopleMap(rows.flatMap((row) => (row.createdBy === null ? [] : [row.createdBy])));
      return { versions: rows.map((row) => presentVersion(row, people)) };
    },

    async version(userId: number, itemId: number, versionId: number): Promise<DocumentVersionDetail> {
      const { item } = await guard(userId, itemId, RANK.view);
      if (item.kind !== 'document') throw invalidInput({ id: WorkMessages.NotADocument });
      const row = await repo.findVersion(db, itemId, versionId);
      if (!row) throw notFound(WorkMessages.VersionNotFound);
      const people = await peopleMap(row.createdBy === null ? [] : [row.createdBy]);
      return { version: presentVersion({ ...row, length: row.body.length }, people), body: row.body };
    },

    /**
     * Makes an old version the document's text. Nothing is lost: the text it replaces is kept as a version
     * first (unless the newest version already holds it), and the restored text becomes a version of its
     * own. The change goes into the stored Yjs state, and into the live copy when the document is open, as
     * the edit from the current text to the old one, so people typing elsewhere in it keep their cursors.
     */
    async restoreVersion(userId: number, itemId: number, versionId: number): Promise<WorkItemDetail> {
      const restored = await db.transaction(async (tx) => {
        const { item } = await guard(userId, itemId, RANK.edit, tx);
        if (item.kind !== 'document') throw invalidInput({ id: WorkMessages.NotADocument });
        if (item.deletedAt) throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.InTrash);
        const version = await repo.findVersion(tx, itemId, versionId);
        if (!version) throw notFound(WorkMessages.VersionNotFound);
        const locked = (await repo.lockItem(tx, itemId)) as WorkItemRow;
        if (locked.body === version.body)
          throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.VersionIsCurrent);
        const change = await replaceDocumentText(tx, userId, locked, version.body, versionId);
        await record(tx, locked, userId, WorkflowAction.Update, {
          fields: ['body'],
          restored_version: versionId,
        });
        return change;
      });
      deps.documentChanged?.publish({ itemId, change: restored });
      return detail(userId, itemId);
    },

    async activity(userId: number, itemId: number) {
      await guard(userId, itemId, RANK.view);
      const rows = await repo.findItemActivity(db, itemId);
      const people = await peopleMap(rows.map((row) => row.actorId));
      return rows.map((row) => presentActivity(row, people));
    },

    // Task comments (spec 002 §3.2, §4.3).

    async comments(userId: number, taskId: number): Promise<TaskCommentList> {
      const { item } = await guard(userId, taskId, RANK.view);
      if (!isTaskKind(item.kind)) throw invalidInput({ id: WorkMessages.NotATask });
      return commentList(taskId);
    },

    async addComment(
      userId: number,
      taskId: number,
      input: CreateTaskCommentRequest,
    ): Promise<TaskCommentList> {
      // Looked up before the transaction (an embedded database has one connection, which it holds).
      const mentioned: number[] = [];
      for (const email of mentionedEmails(input.md_text)) {
        const person = await users.findByEmail(email);
        if (person && person.id !== userId) mentioned.push(person.id);
      }
      await db.transaction(async (tx) => {
        const { item } = await guard(userId, taskId, RANK.comment, tx);
        if (!isTaskKind(item.kind)) throw invalidInput({ id: WorkMessages.NotATask });
        // A mention reaches only people who can open the task; naming anyone else tells them nothing.
        const reached: number[] = [];
        for (const person of mentioned) {
          if (rankOf(person, await repo.findAncestors(tx, taskId, person)) > 0) reached.push(person);
        }
        if (reached.length > 0) {
          const actor = await nameOf(userId, tx);
          await notify(
            tx,
            reached.map((person) => ({
              userId: person,
              type: NotificationType.WorkflowTaskComment,
              title: WorkMessages.NotifyMentioned(actor, item.title),
              body: input.md_text.length > 200 ? `${input.md_text.slice(0, 199)}…` : input.md_text,
              link: `/work/task/${taskId}`,
            })),
          );
        }
        const parentId = input.is_reply ? (input.parent_id ?? null) : null;
        if (parentId !== null) {
          const parent = await repo.findComment(tx, taskId, parentId);
          if (!parent) throw notFound(WorkMessages.CommentNotFound);
          if (parent.parentId !== null) throw invalidInput({ parent_id: WorkMessages.ReplyToReply });
          await repo.addRepliesCount(tx, parentId, 1);
        }
        const now = clock.now();
        await repo.insertComment(tx, {
          taskId,
          parentId,
          userId,
          mdText: input.md_text,
          createdAt: now,
          lastModifiedTime: now,
        });
      });
      return commentList(taskId);
    },

    async changeComment(
      userId: number,
      taskId: number,
      input: UpdateTaskCommentRequest,
    ): Promise<TaskCommentList> {
      await db.transaction(async (tx) => {
        const { item, rank } = await guard(userId, taskId, RANK.comment, tx);
        if (!isTaskKind(item.kind)) throw invalidInput({ id: WorkMessages.NotATask });
        const comment = await repo.findComment(tx, taskId, input.comment_id);
        if (!comment) throw notFound(WorkMessages.CommentNotFound);
        const now = clock.now();
        if (input.is_deleted) {
          // The author deletes their own; an editor of the task tidies any.
          if (comment.userId !== userId && rank < RANK.edit)
            throw new AppError(ErrorStatus.AccessDenied, WorkMessages.NotYourComment);
          if (comment.parentId !== null) await repo.addRepliesCount(tx, comment.parentId, -1);
          await repo.deleteComment(tx, comment.id);
          return;
        }
        if (input.md_text !== undefined) {
          if (comment.userId !== userId)
            throw new AppError(ErrorStatus.AccessDenied, WorkMessages.NotYourComment);
          await repo.updateComment(tx, comment.id, {
            mdText: input.md_text,
            isModified: true,
            lastModifiedTime: now,
          });
        }
        if (input.is_resolved !== undefined) {
          if (comment.parentId !== null)
            throw invalidInput({ is_resolved: 'A reply is resolved with its comment.' });
          await repo.updateComment(tx, comment.id, {
            isResolved: input.is_resolved,
            lastResolvedTime: now,
            resolvedBy: input.is_resolved ? userId : null,
          });
        }
      });
      return commentList(taskId);
    },

    // Reviews.

    async requestReview(userId: number, input: RequestReviewRequest): Promise<WorkReview> {
      const reviewerIds: number[] = [];
      for (const email of input.reviewer_emails) {
        const person = await users.findByEmail(email);
        if (!person) throw invalidInput({ reviewer_emails: `${WorkMessages.UnknownUser} (${email})` });
        if (person.id !== userId && !reviewerIds.includes(person.id)) reviewerIds.push(person.id);
      }
      if (reviewerIds.length === 0)
        throw invalidInput({ reviewer_emails: 'Ask someone other than yourself.' });
      const reviewId = await db.transaction(async (tx) => {
        const { item: document } = await guard(userId, input.document_id, RANK.edit, tx);
        if (document.kind !== 'document') throw invalidInput({ document_id: WorkMessages.NotADocument });
        const review = await createItem(
          userId,
          {
            kind: 'review',
            title: input.title ?? `Review: ${document.title}`,
            description: input.note ?? '',
            parent_id: null,
            targetId: document.id,
            organizationId: document.organizationId,
          },
          tx,
        );
        await repo.insertSignoffs(tx, review.id, reviewerIds);
        for (const reviewer of reviewerIds) {
          // A reviewer reads and comments on the document and sees the review; an existing grant stays as it is.
          await repo.addCollaboratorIfMissing(tx, {
            itemId: document.id,
            userId: reviewer,
            role: 'comment',
            addedBy: userId,
          });
          await repo.addCollaboratorIfMissing(tx, {
            itemId: review.id,
            userId: reviewer,
            role: 'comment',
            addedBy: userId,
          });
        }
        await record(tx, review, userId, WorkflowAction.ModifyCollaborator, { reviewers: reviewerIds });
        const actor = await nameOf(userId, tx);
        await notify(
          tx,
          reviewerIds.map((reviewer) => ({
            userId: reviewer,
            type: NotificationType.WorkflowTaskAssigned,
            title: WorkMessages.NotifyReviewRequested(actor, document.title),
            link: '/work/reviews',
          })),
        );
        return review.id;
      });
      const [review] = await presentReviews(userId, [(await repo.findItem(db, reviewId)) as WorkItemRow]);
      return review as WorkReview;
    },

    async reviews(userId: number, tab: 'all' | 'follow_ups'): Promise<WorkReview[]> {
      const { rows } = await reachable(userId);
      const mine = new Set(await repo.findReviewIdsFor(db, userId));
      const reviews = rows.filter((row) => row.kind === 'review' && !row.deletedAt);
      if (tab === 'all')
        return presentReviews(
          userId,
          reviews.filter((row) => mine.has(row.id) || row.ownerId === userId),
        );
      // Follow-ups: reviews I asked for that still wait for someone.
      const presented = await presentReviews(
        userId,
        reviews.filter((row) => row.ownerId === userId),
      );
      return presented.filter((review) =>
        review.reviewers.some((reviewer) => reviewer.decision === 'pending'),
      );
    },

    async signOff(userId: number, reviewId: number, input: SignOffReviewRequest): Promise<WorkReview> {
      await db.transaction(async (tx) => {
        const { item } = await guard(userId, reviewId, RANK.view, tx);
        if (item.kind !== 'review') throw notFound(WorkMessages.NotFound);
        const saved = await repo.setSignoff(tx, reviewId, userId, {
          decision: input.decision,
          note: input.note,
          decidedAt: clock.now(),
        });
        if (!saved) throw new AppError(ErrorStatus.AccessDenied, WorkMessages.NotAReviewer);
        await record(tx, item, userId, WorkflowAction.Update, { decision: input.decision });
        // The one who asked hears of each decision (a sign-off completes the reviewer's part: 8030).
        if (item.ownerId !== userId) {
          const document = item.targetId === null ? null : await repo.findItem(tx, item.targetId);
          const actor = await nameOf(userId, tx);
          const title = document?.title ?? item.title;
          await notify(tx, [
            {
              userId: item.ownerId,
              type:
                input.decision === 'signed_off'
                  ? NotificationType.WorkflowTaskCompleted
                  : NotificationType.TaskUpdated,
              title:
                input.decision === 'signed_off'
                  ? WorkMessages.NotifySignedOff(actor, title)
                  : WorkMessages.NotifyChangesRequested(actor, title),
              ...(input.note ? { body: input.note.slice(0, 200) } : {}),
              link: '/work/reviews?tab=follow_ups',
              organizationId: item.organizationId,
            },
          ]);
        }
      });
      const [review] = await presentReviews(userId, [(await repo.findItem(db, reviewId)) as WorkItemRow]);
      return review as WorkReview;
    },

    // Scheduled reports.

    async createReport(userId: number, input: CreateScheduledReportRequest): Promise<ScheduledReport> {
      const now = clock.now();
      const next = new Date(input.next_scheduled_date);
      if (next.getTime() <= now.getTime())
        throw invalidInput({ next_scheduled_date: 'must be in the future' });
      if (input.repeat_type === 'weeks' && input.repeat_on_weekday === null)
        throw invalidInput({ repeat_on_weekday: 'Pick a weekday.' });
      await checkReportPeople([...input.assignees_list, ...input.reviewers_list, ...input.watchers_list]);
      const organizationId = await organizationOf(userId);
      const itemId = await db.transaction(async (tx) => {
        const item = await createItem(
          userId,
          {
            kind: 'scheduled_report',
            title: input.title,
            description: input.description,
            parent_id: input.parent_id ?? null,
            organizationId,
          },
          tx,
        );
        await repo.insertReport(tx, {
          itemId: item.id,
          assigneesList: input.assignees_list,
          reviewersList: input.reviewers_list,
          watchersList: input.watchers_list,
          repeatEvery: input.repeat_every,
          repeatType: input.repeat_type,
          repeatOnWeekday: input.repeat_on_weekday,
          repeatOnDate: input.repeat_on_date,
          nextScheduledDate: next,
        });
        await jobs.enqueue(
          tx,
          SCHEDULED_REPORT_JOB,
          { item_id: item.id },
          { delayMs: next.getTime() - now.getTime() },
        );
        return item.id;
      });
      const [report] = await presentReports(userId, [(await repo.findItem(db, itemId)) as WorkItemRow]);
      return report as ScheduledReport;
    },

    /**
     * Edits a report (edit rank on it). A new next date must be in the future and gets its own queued run;
     * the run queued for the old date then finds its date moved and does nothing (runScheduledReport).
     */
    async updateReport(
      userId: number,
      itemId: number,
      input: UpdateScheduledReportRequest,
    ): Promise<ScheduledReport> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const { item } = await guard(userId, itemId, RANK.edit, tx);
        if (item.kind !== 'scheduled_report') throw notFound(WorkMessages.NotFound);
        if (item.deletedAt) throw new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.InTrash);
        const report = await repo.lockReport(tx, itemId);
        if (!report) throw notFound(WorkMessages.NotFound);
        const type = input.repeat_type ?? report.repeatType;
        const weekday =
          input.repeat_on_weekday !== undefined ? input.repeat_on_weekday : report.repeatOnWeekday;
        if (type === 'weeks' && weekday === null)
          throw invalidInput({ repeat_on_weekday: 'Pick a weekday.' });
        const next = input.next_scheduled_date !== undefined ? new Date(input.next_scheduled_date) : null;
        if (next && next.getTime() <= now.getTime())
          throw invalidInput({ next_scheduled_date: 'must be in the future' });
        await checkReportPeople(
          [...(input.assignees_list ?? []), ...(input.reviewers_list ?? []), ...(input.watchers_list ?? [])],
          tx,
        );
        await repo.updateReport(tx, itemId, {
          ...(input.assignees_list !== undefined
            ? { assigneesList: [...new Set(input.assignees_list)] }
            : {}),
          ...(input.reviewers_list !== undefined
            ? { reviewersList: [...new Set(input.reviewers_list)] }
            : {}),
          ...(input.watchers_list !== undefined ? { watchersList: [...new Set(input.watchers_list)] } : {}),
          ...(input.repeat_every !== undefined ? { repeatEvery: input.repeat_every } : {}),
          ...(input.repeat_type !== undefined ? { repeatType: input.repeat_type } : {}),
          ...(input.repeat_on_weekday !== undefined ? { repeatOnWeekday: input.repeat_on_weekday } : {}),
          ...(input.repeat_on_date !== undefined ? { repeatOnDate: input.repeat_on_date } : {}),
          ...(next ? { nextScheduledDate: next } : {}),
        });
        const changed = await repo.updateItem(tx, itemId, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          updatedAt: now,
        });
        if (next && next.getTime() !== report.nextScheduledDate.getTime()) {
          await jobs.enqueue(
            tx,
            SCHEDULED_REPORT_JOB,
            { item_id: itemId },
            { delayMs: next.getTime() - now.getTime() },
          );
        }
        await record(tx, changed, userId, WorkflowAction.Update, { fields: Object.keys(input) });
      });
      const [report] = await presentReports(userId, [(await repo.findItem(db, itemId)) as WorkItemRow]);
      return report as ScheduledReport;
    },

    async reports(userId: number): Promise<ScheduledReport[]> {
      const { rows } = await reachable(userId);
      return presentReports(
        userId,
        rows.filter((row) => row.kind === 'scheduled_report' && !row.deletedAt),
      );
    },

    /**
     * The catch-up sweep, run when a worker starts: every report whose date has come gets its task now,
     * even if its queued run is gone (failed for good while the database was away, or cleaned up). A report
     * whose job is still queued is not run twice: the job then finds the date in the future.
     */
    async runDueReports(): Promise<number> {
      const due = await repo.findDueReportIds(db, clock.now());
      for (const itemId of due) await runScheduledReport(itemId);
      return due.length;
    },

    // The work home and onboarding.

    async home(userId: number): Promise<WorkHome> {
      const { ranks, rows, privateIds } = await reachable(userId);
      const now = clock.now();
      const assigned = new Set(await repo.findAssignedTaskIds(db, userId));
      const dueSoon = rows
        .filter(
          (row) =>
            !row.deletedAt &&
            assigned.has(row.id) &&
            row.status !== WorkItemStatus.Done &&
            row.dueDate !== null &&
            row.dueDate.getTime() <= now.getTime() + DUE_SOON_DAYS * DAY_MS,
        )
        .sort((a, b) => (a.dueDate?.getTime() ?? 0) - (b.dueDate?.getTime() ?? 0));
      const starredIds = await repo.findStarredIds(db, userId);
      const starred = rows.filter((row) => !row.deletedAt && starredIds.has(row.id));
      const activityRows = await repo.findActivity(db, userId, [...ranks.keys()], HOME_ACTIVITY_LIMIT);
      const people = await peopleMap(activityRows.map((row) => row.actorId));
      const me = await users.findById(userId);
      return {
        workspace_name: (await repo.findWorkspaceName(db, userId)) ?? `${me?.fullName ?? 'My'}'s workspace`,
        activity: activityRows.map((row) => presentActivity(row, people)),
        due_soon: await presentAll(userId, dueSoon, ranks, privateIds),
        starred: await presentAll(userId, starred, ranks, privateIds),
        limits: {
          documents: FreemiumDefaults.workflowDocs,
          projects: FreemiumDefaults.workflowProjects,
          documents_used: await repo.countOwnedActive(db, userId, ['document']),
          projects_used: await repo.countOwnedActive(db, userId, WORK_PROJECT_KINDS),
          is_work_freemium: !(deps.hasWorkSubscription && (await deps.hasWorkSubscription(userId, db))),
        },
      };
    },

    async renameWorkspace(userId: number, name: string): Promise<void> {
      await repo.saveWorkspaceName(db, userId, name);
    },

    async onboarding(userId: number): Promise<WorkOnboarding> {
      return presentOnboarding(await repo.findOnboarding(db, userId));
    },

    async saveOnboarding(userId: number, input: WorkOnboardingRequest): Promise<WorkOnboarding> {
      const current = presentOnboarding(await repo.findOnboarding(db, userId));
      if (input.redirected_project_id) await guard(userId, input.redirected_project_id, RANK.view);
      // Completion is one-way: a finished onboarding does not start again.
      const completed = current.is_onboarding_completed || input.is_onboarding_completed === true;
      const row = await repo.upsertOnboarding(db, {
        userId,
        nextOnboardingStage: completed
          ? null
          : (input.next_onboarding_stage ?? current.next_onboarding_stage),
        isOnboardingCompleted: completed,
        redirectedProjectId: input.redirected_project_id ?? current.redirected_project_id,
        updatedAt: clock.now(),
      });
      return presentOnboarding(row);
    },
  };
}

function defaultTitle(kind: WorkflowItemKindName): string {
  const names: Record<WorkflowItemKindName, string> = {
    document: 'Untitled Document',
    project: 'Untitled Project',
    private_project: 'Untitled Project',
    folder: 'Untitled Folder',
    private_folder: 'Untitled Folder',
    group: 'Untitled Group',
    review: 'Review',
    scheduled_report: 'Report',
    task: DEFAULT_TASK_TITLE,
    project_task: DEFAULT_TASK_TITLE,
  };
  return names[kind];
}

function presentMilestone(row: {
  id: number;
  projectId: number;
  title: string;
  dueDate: Date | null;
}): WorkMilestone {
  return {
    id: row.id,
    project_id: row.projectId,
    title: row.title,
    due_date: row.dueDate?.toISOString() ?? null,
  };
}

function presentOnboarding(
  row:
    | {
        nextOnboardingStage: string | null;
        isOnboardingCompleted: boolean;
        redirectedProjectId: number | null;
      }
    | undefined,
): WorkOnboarding {
  if (!row)
    return {
      next_onboarding_stage: WorkOnboardingStep[0],
      is_onboarding_completed: false,
      redirected_project_id: null,
    };
  return {
    next_onboarding_stage: row.isOnboardingCompleted
      ? null
      : ((row.nextOnboardingStage as WorkOnboarding['next_onboarding_stage']) ?? WorkOnboardingStep[0]),
    is_onboarding_completed: row.isOnboardingCompleted,
    redirected_project_id: row.redirectedProjectId,
  };
}

export type WorkService = ReturnType<typeof createWorkService>;
