import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messageReplySchema } from '../../../shared/schemas/common';
import { invitationSchema, invitationStatsReplySchema } from '../../../shared/schemas/invitations';
import { currentUser } from '../../http/authentication';
import { signedInSchema } from '../../http/route-helpers';
import { deleteInvitation } from './delete-invitation';
import { getInvitationStats } from './get-invitation-stats';
import { listInvitations } from './list-invitations';

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/invitations', {
    schema: signedInSchema({
      tags: ['invitations'],
      summary: 'Convites do usuário para jogos publicados (de 24 h atrás em diante), mais próximos primeiro',
      response: { 200: z.array(invitationSchema) },
    }),
    onRequest: app.requireUser,
    handler: async (request) => listInvitations(request.ctx, currentUser(request)),
  });

  app.get('/invitations/stats', {
    schema: signedInSchema({
      tags: ['invitations'],
      summary: 'Total de convites e quantos são para jogos futuros',
      response: { 200: invitationStatsReplySchema },
    }),
    onRequest: app.requireUser,
    handler: async (request) => getInvitationStats(request.ctx, currentUser(request)),
  });

  app.delete('/invitations/:id', {
    schema: signedInSchema({
      tags: ['invitations'],
      summary: 'Remove um convite',
      params: idParamsSchema,
      response: { 200: messageReplySchema },
    }, 400, 404),
    onRequest: app.requireUser,
    handler: async (request) => deleteInvitation(request.ctx, currentUser(request), request.params.id),
  });
};
