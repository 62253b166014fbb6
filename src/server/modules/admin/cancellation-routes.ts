import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/authentication';
import { adminRoute } from './admin-route';
import { listCancellations } from './list-cancellations';
import { resolveCancellation } from './resolve-cancellation';

/** Cancellation (refund) requests left for the administrator: read them, refund or reject each once. */
export const cancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /admin/cancellations', { summary: 'Pedidos de cancelamento (reembolso), todos ou por status, 20 por página' }, 400),
    handler: async (request) => listCancellations(request.ctx, request.query),
  });

  app.route({
    ...adminRoute(
      'PUT /admin/cancellations/:id',
      {
        summary:
          'Processa (reembolsa uma única vez) ou rejeita (com motivo) um pedido pendente; 409 se já não estiver pendente ou se o reembolso for garantido pelos Termos',
      },
      400,
      404,
      409,
      503,
    ),
    handler: async (request) => resolveCancellation(request.ctx, currentUser(request), request.params.id, request.body),
  });
};
