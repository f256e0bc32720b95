import type { DocumentVersion, TaskComment, WorkActivity, WorkItem, WorkPerson } from '@coderoom/contracts';
import type { WorkflowItemKindName } from '@coderoom/domain';
import type { WorkActivityRow, WorkItemRow, WorkTaskCommentRow } from '../../db/schema.js';
import { accessName } from './work.policy.js';

// Work rows into the contract's shapes; the caller's access and star ride along for the UI.

export interface PresentContext {
  people: Map<number, WorkPerson>;
  ranks: Map<number, number>;
  starred: Set<number>;
  assignees: Map<number, number[]>;
  subTasks: Map<number, number>;
  comments: Map<number, number>;
  privateIds: Set<number>;
}

export function personOf(people: Map<number, WorkPerson>, userId: number): WorkPerson {
  return people.get(userId) ?? { user_id: userId, full_name: 'Former user', email: '' };
}

export function presentItem(row: WorkItemRow, ctx: PresentContext): WorkItem {
  return {
    id: row.id,
    kind: row.kind as WorkflowItemKindName,
    title: row.title,
    description: row.description,
    parent_id: row.parentId,
    owner: personOf(ctx.people, row.ownerId),
    organization_id: row.organizationId,
    is_private: ctx.privateIds.has(row.id),
    is_starred: ctx.starred.has(row.id),
    is_deleted: row.deletedAt !== null,
    access: accessName(ctx.ranks.get(row.id) ?? 0),
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
    status: row.status,
    item_kind: row.itemKind,
    state: row.state,
    priority: row.priority,
    claim_state: row.claimState,
    due_date: row.dueDate?.toISOString() ?? null,
    milestone_id: row.milestoneId,
    assignees: (ctx.assignees.get(row.id) ?? []).map((userId) => personOf(ctx.people, userId)),
    sub_task_count: ctx.subTasks.get(row.id) ?? 0,
    comment_count: ctx.comments.get(row.id) ?? 0,
    target_id: row.targetId,
  };
}

export function presentComments(rows: WorkTaskCommentRow[], people: Map<number, WorkPerson>): TaskComment[] {
  const replyShape = (row: WorkTaskCommentRow) => ({
    id: row.id,
    mdText: row.mdText,
    userId: row.userId,
    userName: personOf(people, row.userId).full_name,
    isModified: row.isModified,
    lastModifiedTime: row.lastModifiedTime.toISOString(),
    created: row.createdAt.toISOString(),
  });
  return rows
    .filter((row) => row.parentId === null)
    .map((row) => ({
      ...replyShape(row),
      isResolved: row.isResolved,
      repliesCount: row.repliesCount,
      lastResolvedTime: row.lastResolvedTime?.toISOString() ?? null,
      resolvedBy: row.resolvedBy,
      replies: rows.filter((reply) => reply.parentId === row.id).map(replyShape),
    }));
}

export function presentActivity(row: WorkActivityRow, people: Map<number, WorkPerson>): WorkActivity {
  return {
    id: row.id,
    action: row.action,
    item_id: row.itemId,
    item_title: row.itemTitle,
    item_kind: row.itemKind as WorkflowItemKindName,
    actor: personOf(people, row.actorId),
    details: row.details,
    created: row.createdAt.toISOString(),
  };
}

export function presentVersion(
  row: {
    id: number;
    reason: 'edit' | 'restore';
    restoredFrom: number | null;
    createdBy: number | null;
    createdAt: Date;
    length: number;
  },
  people: Map<number, WorkPerson>,
): DocumentVersion {
  return {
    id: row.id,
    reason: row.reason,
    restored_from: row.restoredFrom,
    // Null when nobody wrote it live: the text the document had before it was first opened.
    created_by: row.createdBy === null ? null : personOf(people, row.createdBy),
    created: row.createdAt.toISOString(),
    length: row.length,
  };
}
