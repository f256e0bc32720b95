import { PROOFREADING_MOVES, type ProofreadingAction, ProofreadingState } from '@coderoom/domain';
import type { ProofreadPassRow } from '../../db/schema.js';

// Who may see a proofreading article and make each move (docs/proofreading.md "Who does what").

export interface ProofreadingRoles {
  userId: number;
  /** Platform super admin: reviews passes and approves incorporations; also a proofreader. */
  isAdmin: boolean;
  /** The article's author or an editor collaborator of it. */
  isAuthor: boolean;
  /** Listed in `proofreaders` (or an admin). */
  isProofreader: boolean;
  /** The proofreader who claimed the current round. */
  holdsArticle: boolean;
}

/**
 * The author side and admins always; a proofreader sees articles waiting to be claimed, the one they hold
 * and those they made a pass on. Everyone else gets the article's 404.
 */
export function canSeeArticle(
  roles: ProofreadingRoles,
  state: ProofreadingState,
  passes: readonly Pick<ProofreadPassRow, 'proofreaderId'>[],
): boolean {
  if (roles.isAuthor || roles.isAdmin) return true;
  if (!roles.isProofreader) return false;
  return (
    state === ProofreadingState.SubmittedForProofread ||
    roles.holdsArticle ||
    passes.some((pass) => pass.proofreaderId === roles.userId)
  );
}

/** A pass's suggestions reach the author only once an admin has sent them on (104 → 105). */
export function canSeeSuggestions(
  roles: ProofreadingRoles,
  pass: Pick<ProofreadPassRow, 'proofreaderId' | 'releasedAt'>,
): boolean {
  if (roles.isAdmin || pass.proofreaderId === roles.userId) return true;
  if (roles.isProofreader && !roles.isAuthor && roles.holdsArticle) return true;
  return roles.isAuthor && pass.releasedAt !== null;
}

/** Why a move is refused: the wrong person ('forbidden', 403), the wrong state ('state', 409), or null. */
export function moveRefusal(
  roles: ProofreadingRoles,
  state: ProofreadingState,
  action: ProofreadingAction,
): 'forbidden' | 'state' | null {
  const move = PROOFREADING_MOVES[action];
  if (move.by === 'author' && !roles.isAuthor) return 'forbidden';
  if (move.by === 'admin' && !roles.isAdmin) return 'forbidden';
  if (move.by === 'proofreader') {
    // Nobody proofreads their own article; after the claim only the claimer works on it.
    if (!roles.isProofreader || roles.isAuthor) return 'forbidden';
    if (move.from !== ProofreadingState.SubmittedForProofread && !roles.holdsArticle) return 'forbidden';
  }
  return state === move.from ? null : 'state';
}
