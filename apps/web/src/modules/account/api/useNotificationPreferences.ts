import { NotificationPreferencesResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { accountKeys } from './accountKeys';

export function useNotificationPreferences() {
  return useQuery({
    queryKey: accountKeys.notifications,
    queryFn: () =>
      apiRequest('GET', '/api/user/notification-preferences', NotificationPreferencesResponseSchema),
  });
}
