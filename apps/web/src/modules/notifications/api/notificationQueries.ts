import type { NotificationsResponse, UnreadCountResponse } from '@coderoom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
};

/** How often the bell asks for news while a page is open. */
const UNREAD_REFRESH_MS = 60_000;

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: () =>
      apiRequest('GET', '/api/workflow/notifications/unread-count', responseOf<UnreadCountResponse>()),
    enabled,
    refetchInterval: UNREAD_REFRESH_MS,
  });
}

export function useNotifications(page: number) {
  return useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: () =>
      apiRequest('GET', `/api/workflow/notifications?page=${page}`, responseOf<NotificationsResponse>()),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('PUT', '/api/workflow/notifications/mark-all-read', responseOf<UnreadCountResponse>()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest('PUT', `/api/workflow/notifications/${id}/read`, responseOf<UnreadCountResponse>()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
