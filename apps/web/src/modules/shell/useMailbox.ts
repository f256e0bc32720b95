import { MailboxResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/apiClient';

export function useMailbox() {
  return useQuery({
    queryKey: ['admin', 'mailbox'],
    queryFn: () => apiRequest('GET', '/api/admin/mailbox', MailboxResponseSchema),
    refetchInterval: 10_000,
  });
}
