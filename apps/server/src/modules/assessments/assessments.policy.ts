import { AttemptState } from '@coderoom/domain';
import type { AttemptRow } from './assessments.repository.js';

// Who may do what with an attempt. Attempts are private: nobody else learns that one exists, so
// another learner's attempt is answered like a missing one.

export function canSeeAttempt(userId: number, attempt: AttemptRow): boolean {
  return attempt.userId === userId;
}

export function canAnswer(attempt: AttemptRow): boolean {
  return attempt.state === AttemptState.InProgress;
}

/** Results exist only for finished attempts; an abandoned one has none. */
export function canSeeResults(attempt: AttemptRow): boolean {
  return attempt.state === AttemptState.Completed;
}

/**
 * The right answers are shown only once the attempt is completed: during an attempt (or after abandoning
 * one, which a learner could do to peek) the learner learns no more than whether an answer was right.
 */
export function canReview(attempt: AttemptRow): boolean {
  return attempt.state === AttemptState.Completed;
}

/** Only a completed attempt has a score to share; only its owner shares or revokes it. */
export function canShare(userId: number, attempt: AttemptRow): boolean {
  return attempt.userId === userId && attempt.state === AttemptState.Completed;
}

/** When the learner may start again after their last completed attempt, or null if now. */
export function retakeAvailableAt(
  lastCompletedAt: Date | null | undefined,
  coolDownMs: number,
  now: Date,
): Date | null {
  if (!lastCompletedAt || coolDownMs <= 0) return null;
  const at = new Date(lastCompletedAt.getTime() + coolDownMs);
  return at > now ? at : null;
}
