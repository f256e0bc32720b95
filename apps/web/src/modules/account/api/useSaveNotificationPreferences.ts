import {
  type NotificationPreferencesRequest,
  type NotificationPreferencesResponse,
  NotificationPreferencesResponseSchema,
} from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { accountKeys } from './accountKeys';

/**
 * Saves a change at once. `save` shows the change before the server answers (a checkbox must follow the
 * click in the same event), and a refused save puts the previous preferences back.
 */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: NotificationPreferencesRequest) =>
      apiRequest('PUT', '/api/user/notification-preferences', NotificationPreferencesResponseSchema, input),
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.notifications, saved),
  });
  const save = (input: NotificationPreferencesRequest, onRefused?: () => void) => {
    const previous = queryClient.getQueryData<NotificationPreferencesResponse>(accountKeys.notifications);
    if (previous) {
      queryClient.setQueryData<NotificationPreferencesResponse>(accountKeys.notifications, {
        ...previous,
        preferences: {
          ...previous.preferences,
          ...input.preferences,
        } as NotificationPreferencesResponse['preferences'],
      });
    }
    mutation.mutate(input, {
      onError: () => {
        if (previous) queryClient.setQueryData(accountKeys.notifications, previous);
        onRefused?.();
      },
    });
  };
  return { ...mutation, save };
}
