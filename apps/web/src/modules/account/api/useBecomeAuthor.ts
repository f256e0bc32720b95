import { UserInfoSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { USER_INFO_KEY } from '../../session/hooks/userInfoQuery';

/** Grants the author capability; "Teach" appears in the header at once. */
export function useBecomeAuthor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/user/author', UserInfoSchema),
    onSuccess: (user) => queryClient.setQueryData(USER_INFO_KEY, user),
  });
}
