import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkAllReadReply, MarkReadReply, Notification, UnreadCountReply } from '../../../shared/schemas/notifications';
import { apiRequest } from '../../lib/api-client';

const notificationsKey = ['notifications'] as const;

export function listNotifications(): Promise<Notification[]> {
  return apiRequest<Notification[]>('/notifications', { fallbackMessage: 'Erro ao carregar notificações' });
}

export const notificationsQuery = queryOptions({ queryKey: [...notificationsKey, 'list'], queryFn: listNotifications, staleTime: 0 });

export function useNotifications() {
  return useQuery(notificationsQuery);
}

export function getUnreadCount(): Promise<UnreadCountReply> {
  return apiRequest<UnreadCountReply>('/notifications/unread-count');
}

export const unreadCountQuery = queryOptions({
  queryKey: [...notificationsKey, 'unread-count'],
  queryFn: getUnreadCount,
  staleTime: 0,
  refetchOnWindowFocus: true,
  retry: false,
});

/** The header's badge: fetched again on every navigation (the caller) and when the window regains focus. */
export function useUnreadCount() {
  return useQuery(unreadCountQuery);
}

export function markNotificationRead(id: number): Promise<MarkReadReply> {
  return apiRequest(`/notifications/${id}/read`, { method: 'POST', fallbackMessage: 'Erro ao marcar notificação como lida' });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ id }) => {
      queryClient.setQueryData(notificationsQuery.queryKey, (list) =>
        list?.map((notification) => (notification.id === id ? { ...notification, read: true } : notification)),
      );
      return queryClient.invalidateQueries({ queryKey: unreadCountQuery.queryKey });
    },
  });
}

export function markAllNotificationsRead(): Promise<MarkAllReadReply> {
  return apiRequest('/notifications/read-all', { method: 'POST', fallbackMessage: 'Erro ao marcar as notificações como lidas' });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData(notificationsQuery.queryKey, (list) => list?.map((notification) => ({ ...notification, read: true })));
      return queryClient.invalidateQueries({ queryKey: unreadCountQuery.queryKey });
    },
  });
}
