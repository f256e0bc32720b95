import {
  type LoginRequest,
  OkSchema,
  type PasswordChangeRequest,
  type PasswordResetConfirm,
  type SignupRequest,
  type SsoLogoutResponse,
  UserInfoSchema,
} from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { broadcastLogout } from '../logoutBroadcast';
import { USER_INFO_KEY } from './userInfoQuery';

// Auth forms handle their own 401s (wrong password, "totp required"), so they never trigger the redirect.
const formCall = { suppressUnauthorizedRedirect: true } as const;

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginRequest) =>
      apiRequest('POST', '/api/user/login', UserInfoSchema, input, formCall),
    onSuccess: (user) => queryClient.setQueryData(USER_INFO_KEY, user),
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupRequest) =>
      apiRequest('POST', '/api/user/signup', UserInfoSchema, input, formCall),
    onSuccess: (user) => queryClient.setQueryData(USER_INFO_KEY, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // Ends the session; one opened through SAML single sign-on goes on to sign out at its IdP too.
    mutationFn: () => apiRequest('POST', '/api/sso/logout', responseOf<SsoLogoutResponse>(), {}, formCall),
    onSuccess: (answer) => {
      if (answer.redirect_url) window.location.assign(answer.redirect_url);
    },
    onSettled: () => {
      queryClient.setQueryData(USER_INFO_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_INFO_KEY[0] });
      broadcastLogout();
    },
  });
}

export function usePasswordResetRequest() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('POST', '/api/user/password-reset/request', OkSchema, { email }, formCall),
  });
}

export function usePasswordResetConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordResetConfirm) =>
      apiRequest('POST', '/api/user/password-reset/confirm', UserInfoSchema, input, formCall),
    onSuccess: (user) => queryClient.setQueryData(USER_INFO_KEY, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeRequest) => apiRequest('POST', '/api/user/password', OkSchema, input),
  });
}
