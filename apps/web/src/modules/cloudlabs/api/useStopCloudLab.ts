import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/apiClient';

/** Stop lab: DELETE /api/instances/{id}; the workspace and its files are gone afterwards. */
export function useStopCloudLab() {
  return useMutation({
    mutationFn: (instanceId: string) =>
      apiRequest('DELETE', `/api/instances/${encodeURIComponent(instanceId)}`, z.unknown()),
  });
}
