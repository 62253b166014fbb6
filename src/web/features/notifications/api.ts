import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const notificationsKey = ['notifications'] as const;

export function listNotifications() {
  return api('GET /notifications', { fallbackMessage: 'Erro ao carregar notificações' });
}

export const notificationsQuery = queryOptions({ queryKey: [...notificationsKey, 'list'], queryFn: listNotifications, staleTime: 0 });

export function useNotifications() {
  return useQuery(notificationsQuery);
}

export function getUnreadCount() {
  return api('GET /notifications/unread-count');
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

export function markNotificationRead(id: number) {
  return api('POST /notifications/:id/read', { params: { id }, fallbackMessage: 'Erro ao marcar notificação como lida' });
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

export function markAllNotificationsRead() {
  return api('POST /notifications/read-all', { fallbackMessage: 'Erro ao marcar as notificações como lidas' });
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
