import {
  ClaimState,
  DEFAULT_TASK_TITLE,
  Priority,
  WorkflowAction,
  WorkItemKind,
  WorkItemStatus,
} from '@coderoom/domain';
import type { WorkItemRow } from '../../db/schema.js';
import type { Db } from '../../platform/db/database.js';
import { insertJob } from '../../platform/jobs/jobs.repository.js';
import * as repo from './work.repository.js';
import { SCHEDULED_REPORT_JOB } from './work.service.js';

const DAY_MS = 86_400_000;

export interface WorkDemoPeople {
  authorId: number;
  reviewerId: number;
  learnerId: number;
}

/**
 * The demo workspace "Course launch" of author@coderoom.dev (issue 18): a project with a folder, three
 * documents, six tasks in each status (one overdue, one with sub-tasks and comments), a review waiting
 * for reviewer@coderoom.dev, a group and a weekly scheduled report. Runs once: a named workspace means done.
 */
export async function seedWorkDemo(db: Db, people: WorkDemoPeople, now: Date): Promise<boolean> {
  const { authorId, reviewerId, learnerId } = people;
  if (await repo.findWorkspaceName(db, authorId)) return false;
  await db.transaction(async (tx) => {
    await repo.saveWorkspaceName(tx, authorId, 'Course launch');
    const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * DAY_MS);
    const add = async (
      values: Omit<Parameters<typeof repo.insertItem>[1], 'ownerId'>,
    ): Promise<WorkItemRow> => {
      const row = await repo.insertItem(tx, { ownerId: authorId, createdAt: now, updatedAt: now, ...values });
      await repo.insertActivity(tx, {
        itemId: row.id,
        itemTitle: row.title,
        itemKind: row.kind,
        actorId: authorId,
        action: WorkflowAction.Create,
        createdAt: now,
      });
      return row;
    };
    const task = (title: string, status: number, parentId: number, extra: Record<string, unknown> = {}) =>
      add({
        kind: 'project_task',
        parentId,
        title,
        status,
        itemKind: WorkItemKind.Task,
        priority: Priority.Medium,
        claimState: ClaimState.Unclaimed,
        ...extra,
      });

    const project = await add({
      kind: 'project',
      title: 'Launch the Rust course',
      description: 'Everything we need for launch day.',
    });
    const folder = await add({ kind: 'folder', title: 'Lesson scripts', parentId: project.id });
    const outline = await add({
      kind: 'document',
      title: 'Course outline',
      parentId: folder.id,
      itemKind: WorkItemKind.Document,
      body: 'Week 1: ownership and borrowing.\nWeek 2: traits and generics.\nWeek 3: async Rust.',
    });
    await add({
      kind: 'document',
      title: 'Marketing plan',
      parentId: project.id,
      itemKind: WorkItemKind.Document,
      body: 'Blog post, newsletter, two community talks.',
    });
    await add({
      kind: 'document',
      title: 'Launch checklist',
      itemKind: WorkItemKind.Document,
      body: 'Prices set. Certificates checked. Landing page live.',
    });

    const video = await task('Record the intro video', WorkItemStatus.InProgress, project.id, {
      dueDate: at(2),
    });
    await task('Write the lesson 1 script', WorkItemStatus.Done, project.id);
    await task('Check the exercises', WorkItemStatus.InReview, project.id, { dueDate: at(4) });
    const thumbnail = await task('Design the course thumbnail', WorkItemStatus.NotStarted, project.id, {
      dueDate: at(-2),
      priority: Priority.High,
    });
    const landing = await task('Set up the landing page', WorkItemStatus.NotStarted, project.id, {
      dueDate: at(6),
    });
    await task('Announce on the blog', WorkItemStatus.InProgress, project.id);
    // The rest of the board: six tasks in each status (issue 18), spread over the coming weeks.
    const more: Array<[number, string[]]> = [
      [
        WorkItemStatus.NotStarted,
        ['Write the lesson 4 quiz', 'Plan the launch webinar', 'Collect beta feedback', 'Draft the FAQ'],
      ],
      [
        WorkItemStatus.InProgress,
        [
          'Edit the lesson 2 video',
          'Write the lesson 3 script',
          'Build the async exercises',
          'Price the course',
        ],
      ],
      [
        WorkItemStatus.InReview,
        [
          'Proofread the outline',
          'Check the lesson 2 captions',
          'Test the playground setup',
          'Review the certificate text',
          'Check the course trailer',
        ],
      ],
      [
        WorkItemStatus.Done,
        [
          'Pick the course title',
          'Set up the repository',
          'Record the lesson 1 video',
          'Choose the cover colours',
          'Invite the beta testers',
        ],
      ],
    ];
    let offset = 7;
    for (const [status, titles] of more) {
      for (const title of titles) {
        offset += 1;
        await task(title, status, project.id, status === WorkItemStatus.Done ? {} : { dueDate: at(offset) });
      }
    }
    for (const title of ['Write the headline', 'Add the syllabus section']) {
      await add({
        kind: 'task',
        parentId: landing.id,
        title: title || DEFAULT_TASK_TITLE,
        status: WorkItemStatus.NotStarted,
        itemKind: WorkItemKind.SubTask,
        priority: Priority.None,
        claimState: ClaimState.Unclaimed,
      });
    }
    for (const assigned of [video, thumbnail, landing]) {
      await repo.replaceAssignees(tx, assigned.id, [authorId]);
      await repo.updateItem(tx, assigned.id, { claimState: ClaimState.Claimed });
    }
    const comment = await repo.insertComment(tx, {
      taskId: landing.id,
      userId: authorId,
      mdText: 'Let us reuse the layout of the Go course page.',
      createdAt: now,
      lastModifiedTime: now,
    });
    await repo.insertComment(tx, {
      taskId: landing.id,
      parentId: comment.id,
      userId: reviewerId,
      mdText: 'Agreed, with the new colours.',
      createdAt: now,
      lastModifiedTime: now,
    });
    await repo.addRepliesCount(tx, comment.id, 1);

    // The reviewer works on the project (comments) and has the outline's review waiting.
    await repo.upsertCollaborator(tx, {
      itemId: project.id,
      userId: reviewerId,
      role: 'comment',
      addedBy: authorId,
    });
    const review = await add({
      kind: 'review',
      title: 'Review: Course outline',
      targetId: outline.id,
      description: 'Is the pace right?',
    });
    await repo.insertSignoffs(tx, review.id, [reviewerId]);
    await repo.addCollaboratorIfMissing(tx, {
      itemId: review.id,
      userId: reviewerId,
      role: 'comment',
      addedBy: authorId,
    });

    const group = await add({
      kind: 'group',
      title: 'Course team',
      description: 'Authors and reviewers of the Rust course.',
    });
    await repo.upsertCollaborator(tx, {
      itemId: group.id,
      userId: reviewerId,
      role: 'edit',
      addedBy: authorId,
    });
    await repo.upsertCollaborator(tx, {
      itemId: group.id,
      userId: learnerId,
      role: 'view',
      addedBy: authorId,
    });

    const report = await add({
      kind: 'scheduled_report',
      title: 'Weekly launch status',
      description: 'What moved, what is stuck.',
    });
    // Next Monday, 09:00 UTC.
    const next = new Date(
      Date.UTC(
        now.getUTCFullYear(),
        now.getUTCMonth(),
        now.getUTCDate() + ((8 - now.getUTCDay()) % 7 || 7),
        9,
      ),
    );
    await repo.insertReport(tx, {
      itemId: report.id,
      assigneesList: [authorId],
      reviewersList: [reviewerId],
      watchersList: [],
      repeatEvery: 1,
      repeatType: 'weeks',
      repeatOnWeekday: 1,
      repeatOnDate: null,
      nextScheduledDate: next,
    });
    await insertJob(tx, {
      kind: SCHEDULED_REPORT_JOB,
      payload: { item_id: report.id },
      runAt: next,
      maxAttempts: 5,
    });
  });
  return true;
}
