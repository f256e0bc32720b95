import type { WorkAccess } from '@coderoom/contracts';
import { ErrorStatus, WORK_CONTAINER_KINDS, type WorkflowItemKindName, WorkMessages } from '@coderoom/domain';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import { type AncestorRow, RANK } from './work.repository.js';

// Who may do what with a work item (spec 002 §6 leaves per-role rights to us; docs/work.md):
// - the owner of an item, or of any item above it, may do everything;
// - a collaborator's role on an item holds for everything below it, and the best role on the way up wins;
// - view reads, comment adds comments and signs reviews off, edit changes, moves, trashes and shares;
// - only an owner deletes permanently;
// - anyone else is told the item does not exist (404), so ids reveal nothing.

export type Rank = (typeof RANK)[keyof typeof RANK];

export function rankOf(userId: number, chain: AncestorRow[]): number {
  let best = 0;
  for (const row of chain) {
    if (row.ownerId === userId) return RANK.owner;
    if (row.role) best = Math.max(best, RANK[row.role]);
  }
  return best;
}

export function accessName(rank: number): WorkAccess {
  if (rank >= RANK.owner) return 'owner';
  if (rank >= RANK.edit) return 'edit';
  if (rank >= RANK.comment) return 'comment';
  return 'view';
}

/** Refuses a caller below `needed`; an outsider (no rank at all) learns nothing about the item. */
export function requireRank(rank: number, needed: number): void {
  if (rank <= 0) throw notFound(WorkMessages.NotFound);
  if (rank >= needed) return;
  if (needed === RANK.owner) throw forbidden(WorkMessages.OwnerOnly);
  throw forbidden(rank >= RANK.comment ? WorkMessages.CommentOnly : WorkMessages.ReadOnly);
}

/** Which kinds may sit under which: containers hold anything but projects; a task holds its sub-tasks. */
export function canHold(parentKind: string | null, childKind: WorkflowItemKindName): boolean {
  if (parentKind === null) return childKind !== 'project_task';
  if (childKind === 'project' || childKind === 'private_project') return parentKind === 'group';
  if (childKind === 'group') return false;
  if (parentKind === 'task' || parentKind === 'project_task') return childKind === 'task';
  if (childKind === 'project_task') return parentKind === 'project' || parentKind === 'private_project';
  return WORK_CONTAINER_KINDS.includes(parentKind as WorkflowItemKindName);
}

export function badParent(): AppError {
  return new AppError(ErrorStatus.OperationNotAllowed, WorkMessages.BadParent);
}
