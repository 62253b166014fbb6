import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import {
  listNotificationsQuerySchema,
  markAllReadReplySchema,
  markReadReplySchema,
  notificationSchema,
  unreadCountReplySchema,
} from '../../../shared/schemas/notifications';
import { currentUser } from '../../http/authentication';
import { signedInSchema } from '../../http/route-helpers';
import { countUnreadNotifications } from './count-unread-notifications';
import { listNotifications } from './list-notifications';
import { markAllNotificationsRead } from './mark-all-read';
import { markNotificationRead } from './mark-notification-read';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/notifications', {
    schema: signedInSchema({
      tags: ['notifications'],
      summary: 'Notificações do usuário, mais recentes primeiro (total no cabeçalho X-Total-Count)',
      querystring: listNotificationsQuerySchema,
      response: { 200: z.array(notificationSchema) },
    }, 400),
    onRequest: app.requireUser,
    handler: async (request, reply) => {
      const { notifications, total } = await listNotifications(request.ctx, currentUser(request).id, request.query);
      reply.header('X-Total-Count', String(total));
      return notifications;
    },
  });

  app.get('/notifications/unread-count', {
    schema: signedInSchema({
      tags: ['notifications'],
      summary: 'Quantas notificações não lidas',
      response: { 200: unreadCountReplySchema },
    }),
    onRequest: app.requireUser,
    handler: async (request) => countUnreadNotifications(request.ctx, currentUser(request).id),
  });

  app.post('/notifications/read-all', {
    schema: signedInSchema({
      tags: ['notifications'],
      summary: 'Marca todas as notificações do usuário como lidas',
      response: { 200: markAllReadReplySchema },
    }),
    onRequest: app.requireUser,
    handler: async (request) => markAllNotificationsRead(request.ctx, currentUser(request).id),
  });

  app.post('/notifications/:id/read', {
    schema: signedInSchema({
      tags: ['notifications'],
      summary: 'Marca uma notificação como lida',
      params: idParamsSchema,
      response: { 200: markReadReplySchema },
    }, 400, 404),
    onRequest: app.requireUser,
    handler: async (request) => markNotificationRead(request.ctx, currentUser(request).id, request.params.id),
  });
};
