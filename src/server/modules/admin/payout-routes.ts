import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/authentication';
import { adminRoute } from './admin-route';
import { markPayoutPaid, rejectPayout } from './decide-payout';
import { listPayouts } from './list-payouts';

/** Organisers' payouts: the administrator pays each by PIX outside the platform and records it, or rejects it. */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /admin/payouts', { summary: 'Repasses a organizadores, todos ou por status, com a chave PIX completa' }, 400),
    handler: async (request) => listPayouts(request.ctx, request.query),
  });

  app.route({
    ...adminRoute(
      'POST /admin/payouts/:id/paid',
      {
        summary:
          'Registra o repasse como pago por PIX, com o identificador da transação (E2E ID: E e 31 letras ou números); uma vez só (409 depois)',
      },
      400,
      404,
      409,
    ),
    handler: async (request) => markPayoutPaid(request.ctx, currentUser(request), request.params.id, request.body.reference),
  });

  app.route({
    ...adminRoute(
      'POST /admin/payouts/:id/reject',
      { summary: 'Rejeita um pedido de repasse com o motivo: o valor volta a ficar disponível para o organizador' },
      400,
      404,
      409,
    ),
    handler: async (request) => rejectPayout(request.ctx, currentUser(request), request.params.id, request.body.reason),
  });
};
