import { BlogPostsResponseSchema } from '@coderoom/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { marketingKeys } from './marketingKeys';

/** Published blog posts, newest first, optionally of one category. */
export function useBlogPosts(category: string | null, page: number) {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (page > 1) query.set('page', String(page));
  return useQuery({
    queryKey: marketingKeys.posts(category, page),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/blog/posts?${query.toString()}`, BlogPostsResponseSchema, undefined, {
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
