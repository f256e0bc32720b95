import { QrCodeResponseSchema, UserInfoSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { USER_INFO_KEY } from './userInfoQuery';

const quiet = { suppressUnauthorizedRedirect: true } as const;

/** POST: a fresh QR code each call until a code confirms it (also used by a pending two-factor login). */
export function useCreateQrCode() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/user/qrcode', QrCodeResponseSchema, undefined, quiet),
  });
}

export function useVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (totp: string) =>
      apiRequest('POST', '/api/user/verify-totp', UserInfoSchema, { totp }, quiet),
    onSuccess: (user) => queryClient.setQueryData(USER_INFO_KEY, user),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (totp: string) =>
      apiRequest('PUT', '/api/editorial/user/set-two-factor', UserInfoSchema, {
        two_factor_via_app: false,
        totp,
      }),
    onSuccess: (user) => queryClient.setQueryData(USER_INFO_KEY, user),
  });
}
