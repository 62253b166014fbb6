import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedReply } from '../../../shared/schemas/calendars';
import {
  type NotificationSettings,
  notificationKinds,
  type UpdateNotificationSettingsBody,
} from '../../../shared/schemas/notification-settings';
import type { PayoutKeyBody } from '../../../shared/schemas/earnings';
import type { ChangePasswordBody, DeleteMeBody, PhoneBody, UpdateMeBody } from '../../../shared/schemas/users';
import { api } from '../../lib/api-client';
import { meKey } from '../../lib/queries/me';
import { payoutKeyKey } from '../../lib/queries/payout-key';
import { signIn, signOut, updateSessionUser } from '../../lib/session';

export function savePhone(body: PhoneBody) {
  return api('PUT /users/phone', { body, fallbackMessage: 'Erro ao salvar telefone' });
}

export function useSavePhone() {
  return useMutation({ mutationFn: savePhone, onSuccess: (reply) => updateSessionUser(reply.user) });
}

export function updateMe(body: UpdateMeBody) {
  return api('PUT /users/me', { body, fallbackMessage: 'Erro ao salvar seus dados' });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (reply) => {
      updateSessionUser(reply.user);
      return queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}

export function changePassword(body: ChangePasswordBody) {
  return api('POST /users/me/password', { body, fallbackMessage: 'Erro ao trocar a senha' });
}

/** The reply carries the only token still valid: it replaces the stored one, so this device stays signed in. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: (reply) => signIn(reply, '/profile') });
}

export function exportMyData() {
  return api('GET /users/me/export', { fallbackMessage: 'Erro ao baixar seus dados' });
}

/** Saves the export as a file: the reply is already checked JSON, so it is written back out as it came. */
/** Saves `content` as a file the browser downloads. */
export function saveFile(filename: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

export const EXPORT_FILENAME = 'bora-jogar-meus-dados.json';

/** Downloads the account's data as JSON; the reply stays in `data`, for the summary shown beside it. */
export function useExportMyData() {
  return useMutation({
    mutationFn: exportMyData,
    onSuccess: (data) => saveFile(EXPORT_FILENAME, JSON.stringify(data, null, 2), 'application/json'),
  });
}

export function deleteMe(body: DeleteMeBody) {
  return api('DELETE /users/me', { body, fallbackMessage: 'Erro ao excluir a conta' });
}

export function useDeleteMe() {
  return useMutation({ mutationFn: deleteMe, onSuccess: (reply) => signOut({ to: '/login', message: reply.message }) });
}

export const calendarFeedKey = ['me', 'calendar'] as const;

export function getCalendarFeed() {
  return api('GET /users/me/calendar', { fallbackMessage: 'Erro ao carregar o link da agenda' });
}

export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedKey, queryFn: getCalendarFeed });
}

/** The new address replaces the shown one at once: the old one already answers 404. */
export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  const regenerate = () => api('POST /users/me/calendar/regenerate', { fallbackMessage: 'Erro ao gerar um novo link da agenda' });
  return useMutation({
    mutationFn: regenerate,
    onSuccess: ({ url }) => queryClient.setQueryData<CalendarFeedReply>(calendarFeedKey, { url }),
  });
}

export const notificationSettingsKey = ['me', 'notification-settings'] as const;

export function getNotificationSettings() {
  return api('GET /users/me/notification-settings', { fallbackMessage: 'Erro ao carregar suas preferências de notificação' });
}

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationSettingsKey, queryFn: getNotificationSettings });
}

export function updateNotificationSettings(body: UpdateNotificationSettingsBody) {
  return api('PUT /users/me/notification-settings', { body, fallbackMessage: 'Erro ao salvar suas preferências de notificação' });
}

/**
 * Each switch saves at once (a PUT of that kind and channel only) and shows its new place while it does; a refusal
 * puts it back. The reply is every setting as saved.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsKey });
      const before = queryClient.getQueryData<NotificationSettings>(notificationSettingsKey);
      if (before) {
        const after = { ...before };
        for (const kind of notificationKinds) after[kind] = { ...before[kind], ...change[kind] };
        queryClient.setQueryData<NotificationSettings>(notificationSettingsKey, after);
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData<NotificationSettings>(notificationSettingsKey, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData<NotificationSettings>(notificationSettingsKey, settings),
  });
}

export function useSavePayoutKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutKeyBody) => api('PUT /users/me/payout-key', { body, fallbackMessage: 'Erro ao salvar a chave PIX' }),
    onSuccess: (reply) => {
      // A saved key makes its owner one the payout screens concern.
      queryClient.setQueryData(payoutKeyKey, { payoutKey: reply.payoutKey, isOrganiser: true });
      // The statement shows the key too.
      return queryClient.invalidateQueries({ queryKey: ['user-games', 'earnings'] });
    },
  });
}
