import { DesktopStartResponseSchema } from '@coderoom/contracts';
import { apiRequest } from '../../api/apiClient';

/** POST /api/instances/{id}/desktop: starts the desktop of the learner's desktop sandbox (or finds it running). */
export function startDesktop(instanceId: string, size: { width: number; height: number }) {
  return apiRequest(
    'POST',
    `/api/instances/${encodeURIComponent(instanceId)}/desktop`,
    DesktopStartResponseSchema,
    size,
  );
}
