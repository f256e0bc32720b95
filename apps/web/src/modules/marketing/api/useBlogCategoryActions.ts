import { type BlogCategoryRequest, BlogCategorySchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/apiClient';
import { marketingKeys } from './marketingKeys';

/** Editorial users add, rename and delete blog categories. */
export function useBlogCategoryActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: marketingKeys.all });
  return {
    create: useMutation({
      mutationFn: (request: BlogCategoryRequest) =>
        apiRequest('POST', '/api/editorial/blog/categories', BlogCategorySchema, request),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest('DELETE', `/api/editorial/blog/categories/${id}`, z.null()),
      onSuccess: refresh,
    }),
  };
}
