import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

export interface WorkAction {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

// Answers of work writes are re-read through the queries they invalidate; only their success matters here.
const AnySchema = z.unknown();

/** Any write of the work area; afterwards every work query reloads. */
export function useWorkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: WorkAction) => apiRequest(action.method, action.path, AnySchema, action.body ?? {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workKeys.all }),
  });
}
