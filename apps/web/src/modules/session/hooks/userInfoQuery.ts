import { UserInfoSchema } from '@coderoom/contracts';
import { ErrorStatus } from '@coderoom/domain';
import { ApiError } from '../../api/ApiError';
import { apiRequest } from '../../api/apiClient';
import { hasLoggedInMarker } from '../hasLoggedInMarker';

export const USER_INFO_KEY = ['user-info'] as const;

/**
 * GET /api/user/info; a 401 means "logged out" and resolves to null instead of failing. Without the
 * logged-in marker the answer is known without asking.
 */
export async function fetchUserInfo() {
  if (!hasLoggedInMarker()) return null;
  try {
    return await apiRequest('GET', '/api/user/info', UserInfoSchema, undefined, {
      suppressUnauthorizedRedirect: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === ErrorStatus.Unauthorized) return null;
    throw error;
  }
}
