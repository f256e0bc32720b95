/** Query keys of skill assessments. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  overview: (encodedId: string) => ['assessments', 'overview', encodedId] as const,
  question: (attemptId: number, questionId: number) =>
    ['assessments', 'question', attemptId, questionId] as const,
  stats: (attemptId: number) => ['assessments', 'stats', attemptId] as const,
  review: (attemptId: number) => ['assessments', 'review', attemptId] as const,
  shared: (token: string) => ['assessments', 'shared', token] as const,
};
