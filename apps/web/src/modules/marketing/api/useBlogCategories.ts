import { BlogCategoriesResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { marketingKeys } from './marketingKeys';

export function useBlogCategories() {
  return useQuery({
    queryKey: marketingKeys.categories,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/blog/categories', BlogCategoriesResponseSchema, undefined, { signal }),
  });
}
