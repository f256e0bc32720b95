import { DataRequestResponseSchema } from '@coderoom/contracts';
import { DataRequestType } from '@coderoom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { accountKeys } from './accountKeys';

/**
 * Makes a request of a kind and has the server process it at once: POST …/request, then
 * POST …/request/process (a deletion sends the password, and a code with two-factor on).
 */
export function useProcessDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { request_type: DataRequestType; password?: string; totp?: string }) => {
      const { request } = await apiRequest(
        'POST',
        '/api/access-right/data/request',
        DataRequestResponseSchema,
        {
          request_type: input.request_type,
        },
      );
      const reauth = input.password === undefined ? {} : { password: input.password };
      const code = input.totp ? { totp: input.totp } : {};
      const processed = await apiRequest(
        'POST',
        '/api/access-right/data/request/process',
        DataRequestResponseSchema,
        { request_id: request.id, ...reauth, ...code },
      );
      return processed.request;
    },
    // After a finished deletion the session is gone: asking for the list again would answer 401 and send
    // the page to the login form before it can say the account was deleted.
    onSettled: (_request, error, input) => {
      if (!error && input.request_type === DataRequestType.Deletion) return;
      return queryClient.invalidateQueries({ queryKey: accountKeys.dataRequests });
    },
  });
}
