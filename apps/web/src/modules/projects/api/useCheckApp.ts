import { PingAppResponseSchema } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/** GET /api/instances/{id}/ping-app: is the learner's app answering on its port (docs/containers.md)? */
export function useCheckApp(instanceId: string, port: number) {
  return useMutation({
    mutationFn: () =>
      apiRequest(
        'GET',
        `/api/instances/${encodeURIComponent(instanceId)}/ping-app?port=${port}`,
        PingAppResponseSchema,
      ),
  });
}
