import { CourseOfferSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** What opens a priced course for the caller: the plan to take or the course to buy. */
export function useCourseOffer(authorId: number, collectionId: number) {
  return useQuery({
    queryKey: commerceKeys.offer(authorId, collectionId),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/commerce/offer/${authorId}/${collectionId}`, CourseOfferSchema, undefined, {
        signal,
      }),
  });
}
