import { EmailChangeStatusSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { accountKeys } from './accountKeys';

/** The address waiting for its confirmation link, if any. */
export function useEmailChange() {
  return useQuery({
    queryKey: accountKeys.emailChange,
    queryFn: () => apiRequest('GET', '/api/user/email/change', EmailChangeStatusSchema),
  });
}
