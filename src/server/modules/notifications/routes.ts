import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../core/context';
import { getNotificationSettings } from '../../core/notifications/get-notification-settings';
import { updateNotificationSettings } from '../../core/notifications/update-notification-settings';
import { signedInRoute, signedInRoutes } from '../../http/route-helpers';
import { countUnreadNotifications } from './count-unread-notifications';
import { listNotifications } from './list-notifications';
import { markAllNotificationsRead } from './mark-all-read';
import { markNotificationRead } from './mark-notification-read';
import { pushRoutes } from './push-routes';
import { unsubscribeRoutes } from './unsubscribe-routes';

const tags = ['notifications'];

/** The notifications of the signed-in user, what they are sent by (settings per kind, devices) and the e-mails' unsubscribe link. */
export function notificationRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(notificationListRoutes);
    await app.register(settingsRoutes);
    await app.register(pushRoutes(ctx));
    await app.register(unsubscribeRoutes(ctx));
  };
}

const notificationListRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = signedInRoutes(app);

  route(
    signedInRoute(
      'GET /notifications',
      {
        tags,
        summary: 'Notificações do usuário, mais recentes primeiro (total no cabeçalho X-Total-Count)',
      },
      400,
    ),
    async (request, user, reply) => {
      const { notifications, total } = await listNotifications(request.ctx, user.id, request.query);
      reply.header('X-Total-Count', String(total));
      return notifications;
    },
  );

  route(signedInRoute('GET /notifications/unread-count', { tags, summary: 'Quantas notificações não lidas' }), async (request, user) =>
    countUnreadNotifications(request.ctx, user.id),
  );

  route(
    signedInRoute('POST /notifications/read-all', { tags, summary: 'Marca todas as notificações do usuário como lidas' }),
    async (request, user) => markAllNotificationsRead(request.ctx, user.id),
  );

  route(
    signedInRoute('POST /notifications/:id/read', { tags, summary: 'Marca uma notificação como lida' }, 400, 404),
    async (request, user) => markNotificationRead(request.ctx, user.id, request.params.id),
  );
};

/** Which kinds of notice are sent, by e-mail and by push (decision 044). */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = signedInRoutes(app);

  route(
    signedInRoute('GET /users/me/notification-settings', {
      tags,
      summary: 'O que o usuário recebe, por tipo de aviso, por e-mail e no celular',
    }),
    async (request, user) => getNotificationSettings(request.ctx, user),
  );

  route(
    signedInRoute(
      'PUT /users/me/notification-settings',
      {
        tags,
        summary: 'Liga ou desliga tipos de aviso por e-mail e no celular (só muda o que for enviado); devolve todos',
      },
      400,
    ),
    async (request, user) => updateNotificationSettings(request.ctx, user, request.body),
  );
};
