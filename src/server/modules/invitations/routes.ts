import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/authentication';
import { signedInRoute } from '../../http/route-helpers';
import { deleteInvitation } from './delete-invitation';
import { getInvitationStats } from './get-invitation-stats';
import { listInvitations } from './list-invitations';

const tags = ['invitations'];

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...signedInRoute('GET /invitations', {
      tags,
      summary: 'Convites do usuário para jogos publicados (de 24 h atrás em diante), mais próximos primeiro',
    }),
    onRequest: app.requireUser,
    handler: async (request) => listInvitations(request.ctx, currentUser(request)),
  });

  app.route({
    ...signedInRoute('GET /invitations/stats', { tags, summary: 'Total de convites e quantos são para jogos futuros' }),
    onRequest: app.requireUser,
    handler: async (request) => getInvitationStats(request.ctx, currentUser(request)),
  });

  app.route({
    ...signedInRoute('DELETE /invitations/:id', { tags, summary: 'Remove um convite' }, 400, 404),
    onRequest: app.requireUser,
    handler: async (request) => deleteInvitation(request.ctx, currentUser(request), request.params.id),
  });
};
