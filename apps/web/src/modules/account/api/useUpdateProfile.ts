import { type ProfileUpdateRequest, UserInfoSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { USER_INFO_KEY } from '../../session/hooks/userInfoQuery';

/** A new name, or `profile_pic_url: null` to remove the picture; the header follows at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateRequest) =>
      apiRequest('PUT', '/api/user/profile', UserInfoSchema, input),
    onSuccess: (user) => queryClient.setQueryData(USER_INFO_KEY, user),
  });
}
