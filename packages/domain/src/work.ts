// Spec 002 §3–§4, §8.4, §9: the work-management area.

export const WorkItemStatus = { NotStarted: 4001, InProgress: 4002, InReview: 4003, Done: 4004 } as const;
export const WORK_ITEM_STATUS_LABEL: Record<number, string> = {
  4001: 'Not Started',
  4002: 'In Progress',
  4003: 'In Review',
  4004: 'Done',
};
export const WorkItemKind = { Document: 5001, Task: 5002, SubTask: 5003 } as const;
export const WorkItemState = {
  Active: 8001,
  Deleted: 8002,
  Resolved: 8003,
  Blocked: 8004,
  Flagged: 8005,
  Unclaimed: 8006,
} as const;
export const ClaimState = { Unclaimed: 6001, Claimed: 6002 } as const;
export const CommentType = { Comment: 8001, Reply: 8002 } as const;
export const Priority = { None: 3000, Low: 3001, Medium: 3002, High: 3003 } as const;
export const NotificationReadState = { Unread: 6000, Read: 6001 } as const;
export const WorkflowError = {
  MaxFolderDepth: 4001,
  MilestoneProjectMove: 4002,
  MilestoneInUse: 4003,
} as const;
export const DEFAULT_TASK_TITLE = 'Untitled Task';

export const WorkflowItemKind = [
  'document',
  'project',
  'folder',
  'task',
  'review',
  'group',
  'project_task',
  'scheduled_report',
  'private_project',
  'private_folder',
] as const;

export const WorkOnboardingStep = ['invite member', 'choose product', 'create project', 'show demo'] as const;

/** A comment action is ignored unless the document key, comment id, text and user id are all present. */
export function isCompleteCommentAction(action: {
  documentKey?: string | null;
  commentId?: string | number | null;
  text?: string | null;
  userId?: string | number | null;
}): boolean {
  return Boolean(
    action.documentKey &&
      action.commentId !== undefined &&
      action.commentId !== null &&
      action.text &&
      action.userId !== undefined &&
      action.userId !== null,
  );
}

export const AiSearchError = {
  TOO_SHORT: {
    message: 'The question is too short to be answered correctly',
    hint: 'Try asking another question',
  },
  TOO_LONG: {
    message: 'This question is too long to be answered correctly',
    hint: 'Try a more specific question',
  },
  NOT_FOUND: {
    message: "We couldn't find the answer you were looking for",
    hint: 'Try asking another question',
  },
  GENERAL_ERROR: { message: 'Oops, something went wrong', hint: 'Please give it another shot' },
} as const;

export type WorkflowItemKindName = (typeof WorkflowItemKind)[number];

/** Kinds that hold other items in the tree (a task holds its sub-tasks, a review and a report hold nothing). */
export const WORK_CONTAINER_KINDS: readonly WorkflowItemKindName[] = [
  'project',
  'private_project',
  'folder',
  'private_folder',
  'group',
];
export const WORK_FOLDER_KINDS: readonly WorkflowItemKindName[] = ['folder', 'private_folder'];
export const WORK_PROJECT_KINDS: readonly WorkflowItemKindName[] = ['project', 'private_project'];
export const WORK_TASK_KINDS: readonly WorkflowItemKindName[] = ['task', 'project_task'];

/**
 * Folders nest at most this deep (spec 002 §8.4 error 4001; the depth itself is not shown: we picked 5, one of
 * the spec's unnamed workflow constants, docs/work.md).
 */
export const MAX_FOLDER_DEPTH = 5;

/** Spec 002 §4.2 workflow actions; each mutation is one line of the activity feed. */
export const WorkflowAction = {
  Create: 'create',
  Delete: 'delete',
  Restore: 'restore',
  PermanentlyDelete: 'permanently delete',
  Update: 'update',
  Move: 'move',
  ModifyCollaborator: 'modify collaborator',
  GetCollaborators: 'get collaborators',
} as const;
export type WorkflowActionName = (typeof WorkflowAction)[keyof typeof WorkflowAction];

export const WorkRole = ['view', 'comment', 'edit'] as const;
export type WorkRoleName = (typeof WorkRole)[number];

export const WorkflowErrorMessage = {
  [WorkflowError.MaxFolderDepth]: 'Maximum folder depth reached.',
  [WorkflowError.MilestoneProjectMove]: 'A project with a milestone cannot be moved.',
  [WorkflowError.MilestoneInUse]: 'This milestone is in use.',
} as const;

export const WorkMessages = {
  NotFound: 'This work item does not exist or is not shared with you.',
  ReadOnly: 'You can only view this item.',
  CommentOnly: 'You can view and comment on this item, not change it.',
  OwnerOnly: 'Only the owner can do this.',
  NotInTrash: 'Only an item in the trash can be deleted permanently.',
  InTrash: 'This item is in the trash. Restore it first.',
  BadParent: 'This item cannot be placed there.',
  MoveIntoItself: 'An item cannot be moved into itself.',
  UnknownUser: 'No user has this e-mail address.',
  AssigneeWithoutAccess: 'Share the task with this person before assigning it.',
  NotATask: 'Comments can only be added to tasks.',
  CommentNotFound: 'This comment does not exist.',
  NotYourComment: 'Only the author of a comment can edit its text.',
  ReplyToReply: 'A reply must answer a comment, not another reply.',
  NotADocument: 'Only a document can be reviewed.',
  NotAReviewer: 'You were not asked to review this document.',
  ReportsMissed: (count: number) =>
    `${count} earlier ${count === 1 ? 'date of this report was' : 'dates of this report were'} missed while the service was down.`,
  NotifyAssigned: (actor: string, task: string) => `${actor} assigned you “${task}”`,
  NotifyMentioned: (actor: string, task: string) => `${actor} mentioned you in a comment on “${task}”`,
  NotifyReviewRequested: (actor: string, document: string) => `${actor} asked you to review “${document}”`,
  NotifyStatus: (actor: string, task: string, status: string) => `${actor} moved “${task}” to ${status}`,
  NotifyDueDate: (actor: string, task: string, day: string | null) =>
    day === null ? `${actor} removed the due date of “${task}”` : `${actor} set “${task}” due on ${day}`,
  NotifyDueSoon: (task: string, day: string) => `“${task}” is due on ${day}`,
  NotifySignedOff: (actor: string, document: string) => `${actor} signed off “${document}”`,
  NotifyChangesRequested: (actor: string, document: string) => `${actor} asked for changes to “${document}”`,
  VersionNotFound: 'This version of the document does not exist.',
  VersionIsCurrent: 'This version is already the document’s text.',
  FreemiumDocs: (limit: number) =>
    `The free plan includes ${limit} documents. Delete one or upgrade your plan to create more.`,
  FreemiumProjects: (limit: number) =>
    `The free plan includes ${limit} projects. Delete one or upgrade your plan to create more.`,
} as const;

export const ReviewDecision = {
  Pending: 'pending',
  SignedOff: 'signed_off',
  ChangesRequested: 'changes_requested',
} as const;
export type ReviewDecisionName = (typeof ReviewDecision)[keyof typeof ReviewDecision];

export const ReportRepeatType = ['days', 'weeks', 'months'] as const;
export type ReportRepeatTypeName = (typeof ReportRepeatType)[number];

/**
 * The date after `from` on which a report repeating every `every` days/weeks/months next falls. Weekly reports
 * land on `onWeekday` (0 Sunday … 6 Saturday), monthly on `onDate` (clamped to the month's last day).
 */
export function nextReportDate(
  from: Date,
  rule: { every: number; type: ReportRepeatTypeName; onWeekday: number | null; onDate: number | null },
): Date {
  const next = new Date(from.getTime());
  if (rule.type === 'days') {
    next.setUTCDate(next.getUTCDate() + rule.every);
  } else if (rule.type === 'weeks') {
    next.setUTCDate(next.getUTCDate() + 7 * rule.every);
    if (rule.onWeekday !== null)
      next.setUTCDate(next.getUTCDate() + ((rule.onWeekday - next.getUTCDay() + 7) % 7));
  } else {
    const day = rule.onDate ?? next.getUTCDate();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + rule.every);
    const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(day, lastDay));
  }
  return next;
}

/** Sidebar widths of the work area (spec 002 §9), in px. */
export const WORK_SIDEBAR_WIDTHS = { wide: 318, narrow: 264 } as const;
