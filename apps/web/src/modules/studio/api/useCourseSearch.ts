import type { FeaturedItemsResponse } from '@coderoom/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { studioKeys } from './studioKeys';

/**
 * Published courses matching a search, for the path editor. It is the reader's catalogue search
 * (`only_courses=true`): a path may list exactly the courses readers can find.
 */
export function useCourseSearch(searchString: string, page: number) {
  const query = new URLSearchParams({
    search_string: searchString,
    only_courses: 'true',
    page: String(page),
  });
  return useQuery({
    queryKey: studioKeys.courseSearch(searchString, page),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/reader/featured_items?${query}`,
        responseOf<FeaturedItemsResponse>(),
        undefined,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
