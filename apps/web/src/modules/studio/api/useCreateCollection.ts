import type { AuthorWorkType, CreateCollectionRequest, CreateCollectionResponse } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';

export function useCreateCollection() {
  return useMutation({
    mutationFn: ({ workType, request }: { workType: AuthorWorkType; request: CreateCollectionRequest }) =>
      apiRequest(
        'POST',
        authorPaths.createCollection(workType),
        responseOf<CreateCollectionResponse>(),
        request,
      ),
  });
}
