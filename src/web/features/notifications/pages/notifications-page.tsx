import { Bell, BellDot, Check, CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { Notification } from '../../../../shared/schemas/notifications';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { DevicePush } from '../../../components/notifications/device-push';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime, TIME_ZONE } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api';

function NotificationItem({ notification }: { notification: Notification }) {
  const markRead = useMarkNotificationRead();
  const isUnread = !notification.read;
  return (
    <li
      className={cn(
        'rounded-2xl border p-4 sm:p-5',
        isUnread
          ? 'border-brand-300 bg-brand-50 dark:border-brand-800 dark:bg-brand-950'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <div className="flex items-start gap-3">
        {isUnread ? (
          <BellDot className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        ) : (
          <Bell className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt, TIME_ZONE)}</time>
            {isUnread && <span className="ml-2 font-semibold text-brand-800 dark:text-brand-200">Não lida</span>}
          </p>
          <p className={cn(isUnread && 'font-semibold')}>{notification.message}</p>
          {notification.link !== null && (
            <Link
              to={notification.link}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
            >
              {notification.gameId === null ? 'Ver turma' : 'Ver jogo'}
            </Link>
          )}
          {markRead.isError && (
            <Alert tone="error" className="mt-2">
              {errorMessage(markRead.error, 'Erro ao marcar notificação como lida')}
            </Alert>
          )}
        </div>
        {isUnread && (
          <Button
            variant="secondary"
            className="shrink-0"
            onClick={() => markRead.mutate(notification.id)}
            busy={markRead.isPending}
            aria-label={`Marcar como lida: ${notification.message}`}
          >
            <Check className="size-4" aria-hidden="true" />
            <span className="hidden sm:inline">Marcar como lida</span>
          </Button>
        )}
      </div>
    </li>
  );
}

export function NotificationsPage() {
  useDocumentTitle('Notificações');
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const hasUnread = notifications.data?.some((notification) => !notification.read) ?? false;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <PageHeader
        title="Notificações"
        description="Avisos sobre seus jogos, suas turmas, vagas e pagamentos."
        actions={
          hasUnread && (
            <Button variant="secondary" onClick={() => markAll.mutate()} busy={markAll.isPending} busyLabel="Marcando...">
              <CheckCheck className="size-4" aria-hidden="true" />
              Marcar todas como lidas
            </Button>
          )
        }
      />
      <DevicePush />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Escolha o que chega por e-mail e no aparelho em{' '}
        <Link to="/profile#profile-notifications" className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-300">
          Meu perfil
        </Link>
        .
      </p>
      {markAll.isError && <Alert tone="error">{errorMessage(markAll.error, 'Erro ao marcar as notificações como lidas')}</Alert>}
      {notifications.isPending ? (
        <ListSkeleton label="Carregando notificações..." count={3} />
      ) : notifications.isError ? (
        <QueryError title="Erro ao carregar notificações" query={notifications} />
      ) : notifications.data.length === 0 ? (
        <EmptyState icon={Bell} title="Nenhuma notificação." />
      ) : (
        <ul className="space-y-3">
          {notifications.data.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
    </div>
  );
}
