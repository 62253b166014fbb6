import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInRoute, signedInRoutes } from '../../http/route-helpers';
import { deleteInvitation } from './delete-invitation';
import { getInvitationStats } from './get-invitation-stats';
import { listInvitations } from './list-invitations';

const tags = ['invitations'];

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = signedInRoutes(app);

  route(
    signedInRoute('GET /invitations', {
      tags,
      summary: 'Convites do usuário para jogos publicados (de 24 h atrás em diante), mais próximos primeiro',
    }),
    async (request, user) => listInvitations(request.ctx, user),
  );

  route(
    signedInRoute('GET /invitations/stats', { tags, summary: 'Total de convites e quantos são para jogos futuros' }),
    async (request, user) => getInvitationStats(request.ctx, user),
  );

  route(signedInRoute('DELETE /invitations/:id', { tags, summary: 'Remove um convite' }, 400, 404), async (request, user) =>
    deleteInvitation(request.ctx, user, request.params.id),
  );
};
