import { CourseReviewState } from '@coderoom/domain';

const LABELS: Record<number, string> = {
  [CourseReviewState.None]: 'Draft',
  [CourseReviewState.SubmittedForReview]: 'In review',
  [CourseReviewState.Unapproved]: 'Changes requested',
  [CourseReviewState.ApprovedForEarlyAccess]: 'Early access',
  [CourseReviewState.Approved]: 'Approved',
};

/** The author-facing name of a collection's review state (spec 000 §4 "Course review"). */
export function reviewStateLabel(state: number): string {
  return LABELS[state] ?? 'Draft';
}
