import type { CreatePageRequest, CreatePageResponse } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';

/** Adds a lesson (to the last category unless told); the collection's eTag changes with it. */
export function useCreatePage() {
  return useMutation({
    mutationFn: (request: CreatePageRequest) =>
      apiRequest('POST', authorPaths.createPage, responseOf<CreatePageResponse>(), request),
  });
}
