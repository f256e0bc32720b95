import { DocumentVersionListSchema } from '@coderoom/contracts';
import { POLLING_INTERVAL_MS } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

/** A document's versions, newest first; read only while shown, and then kept current as people write. */
export function useDocumentVersions(id: number, isShown: boolean) {
  return useQuery({
    enabled: isShown,
    refetchInterval: isShown ? POLLING_INTERVAL_MS : false,
    queryKey: workKeys.versions(id),
    queryFn: () => apiRequest('GET', `/api/workflows/items/${id}/versions`, DocumentVersionListSchema),
    select: (response) => response.versions,
  });
}
