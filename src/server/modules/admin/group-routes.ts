import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/authentication';
import { adminRoute } from './admin-route';
import { getAdminGroup, listAdminGroups, suspendGroup } from './admin-groups';

/** Turmas (decision 074): the administration lists them, opens one and suspends one. */
export const adminGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /admin/groups', { summary: 'Todas as turmas (privadas e suspensas também), a mais nova primeiro' }, 400),
    handler: async (request) => listAdminGroups(request.ctx, request.query),
  });

  app.route({
    ...adminRoute('GET /admin/groups/:id', { summary: 'Uma turma: dono, membros com nome completo, pedidos e próximos jogos' }, 400, 404),
    handler: async (request) => getAdminGroup(request.ctx, request.params.id),
  });

  app.route({
    ...adminRoute(
      'POST /admin/groups/:id/suspend',
      {
        summary:
          'Suspende a turma: a página diz que está suspensa, ninguém entra, nenhum jogo novo; os jogos dela seguem até serem cancelados',
      },
      400,
      404,
      409,
    ),
    handler: async (request) => suspendGroup(request.ctx, currentUser(request), request.params.id, request.body.reason),
  });
};
