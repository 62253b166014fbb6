import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messageReplySchema } from '../../../shared/schemas/common';
import { invitationSchema, invitationStatsReplySchema } from '../../../shared/schemas/invitations';
import type { ServerContext } from '../../core/context';
import { currentUser } from '../../http/authentication';
import { errorReplies } from '../../http/route-helpers';
import { deleteInvitation } from './delete-invitation';
import { getInvitationStats } from './get-invitation-stats';
import { listInvitations } from './list-invitations';

export function invitationRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/invitations', {
      schema: {
        tags: ['invitations'],
        summary: 'Convites do usuário para jogos publicados (de 24 h atrás em diante), mais próximos primeiro',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(invitationSchema), ...errorReplies(401) },
      },
      preHandler: app.requireUser,
      handler: async (request) => listInvitations(ctx, currentUser(request)),
    });

    app.get('/invitations/stats', {
      schema: {
        tags: ['invitations'],
        summary: 'Total de convites e quantos são para jogos futuros',
        security: [{ bearerAuth: [] }],
        response: { 200: invitationStatsReplySchema, ...errorReplies(401) },
      },
      preHandler: app.requireUser,
      handler: async (request) => getInvitationStats(ctx, currentUser(request)),
    });

    app.delete('/invitations/:id', {
      schema: {
        tags: ['invitations'],
        summary: 'Remove um convite',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: messageReplySchema, ...errorReplies(400, 401, 404) },
      },
      preHandler: app.requireUser,
      handler: async (request) => deleteInvitation(ctx, currentUser(request), request.params.id),
    });
  };
}
