import { DocumentVersionDetailSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

/** One version's text; nothing is read until a version is picked. */
export function useDocumentVersion(id: number, versionId: number | null) {
  return useQuery({
    queryKey: workKeys.version(id, versionId ?? 0),
    queryFn: () =>
      apiRequest('GET', `/api/workflows/items/${id}/versions/${versionId}`, DocumentVersionDetailSchema),
    enabled: versionId !== null,
  });
}
