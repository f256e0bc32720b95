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
