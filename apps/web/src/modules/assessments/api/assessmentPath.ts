/** The API address of an assessment, or of one of its attempts. */
export function assessmentPath(authorId: number, collectionId: number, attemptId?: number): string {
  const base = `/api/skill-assessment/${authorId}/${collectionId}`;
  return attemptId === undefined ? base : `${base}/${attemptId}`;
}
