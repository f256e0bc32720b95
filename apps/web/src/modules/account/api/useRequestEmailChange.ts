import { type EmailChangeRequest, EmailChangeStatusSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { accountKeys } from './accountKeys';

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChangeRequest) =>
      apiRequest('POST', '/api/user/email/change', EmailChangeStatusSchema, input),
    onSuccess: (status) => queryClient.setQueryData(accountKeys.emailChange, status),
  });
}
