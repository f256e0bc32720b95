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
