import { UserInfoSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { USER_INFO_KEY } from '../../session/hooks/userInfoQuery';
import { accountKeys } from './accountKeys';

/** Opens the link's token: the new address becomes the account's. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest('POST', '/api/user/email/confirm', UserInfoSchema, { token }),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_INFO_KEY, user);
      void queryClient.invalidateQueries({ queryKey: accountKeys.emailChange });
    },
  });
}
