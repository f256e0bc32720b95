import type { ReviewChecklist } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/**
 * The review quality gate of a course (what submit-for-review will check): title, summary, cover, lessons
 * with content, code exercises whose solutions pass. Checked anew each time the panel opens.
 */
export function useReviewChecklist(authorId: number, collectionId: number) {
  return useQuery({
    queryKey: studioKeys.reviewChecklist(authorId, collectionId),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `${authorPaths.collection(authorId, collectionId)}/review-checklist`,
        responseOf<ReviewChecklist>(),
        undefined,
        { signal },
      ),
    staleTime: 0,
    retry: false,
  });
}
