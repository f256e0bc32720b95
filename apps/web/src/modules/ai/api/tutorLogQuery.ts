import { TutorLogResponseSchema } from '@coderoom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/** The hints and reviews learners got on a course's exercises, for its editors. */
export function tutorLogQuery(authorId: number, collectionId: number) {
  return queryOptions({
    queryKey: ['ai', 'tutor-log', authorId, collectionId],
    queryFn: () => apiRequest('GET', `/api/ai/tutor/log/${authorId}/${collectionId}`, TutorLogResponseSchema),
  });
}
