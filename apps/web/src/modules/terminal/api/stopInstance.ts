import { z } from 'zod';
import { ApiError } from '../../api/ApiError';
import { apiRequest } from '../../api/apiClient';

/** DELETE /api/instances/{id}; one that is gone already (stopped elsewhere, reclaimed as idle) is fine. */
export async function stopInstance(instanceId: string): Promise<void> {
  try {
    await apiRequest('DELETE', `/api/instances/${encodeURIComponent(instanceId)}`, z.unknown());
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
}
