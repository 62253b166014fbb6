import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from './admin-route';
import { getAdminGroup, listAdminGroups, suspendGroup, unsuspendGroup } from './admin-groups';

/** Turmas (decisions 074, 083): the administration lists them, opens one, suspends one and lifts a suspension. */
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
    handler: async (request) => suspendGroup(request.ctx, request.params.id, request.body.reason),
  });

  app.route({
    ...adminRoute(
      'POST /admin/groups/:id/unsuspend',
      {
        summary: 'Reativa uma turma suspensa: a página deixa de dizer que está suspensa, as pessoas entram e os organizadores criam jogos',
      },
      400,
      404,
      409,
    ),
    handler: async (request) => unsuspendGroup(request.ctx, request.params.id),
  });
};
