import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/authentication';
import { addCredits } from './add-credits';
import { adminRoute } from './admin-route';
import { getUser } from './get-user';
import { listUserPayments } from './list-user-payments';
import { listUsers } from './list-users';
import { lookupUsers } from './lookup-users';

/** The administrator's view of the accounts: lists, one account, its statement, and manual credits. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /admin/users', { summary: 'Usuários, 10 por página, com busca por nome ou e-mail' }, 400),
    handler: async (request) => listUsers(request.ctx, request.query),
  });

  app.route({
    ...adminRoute(
      'GET /admin/users/lookup',
      {
        summary: "Vários usuários pelos ids; id inexistente vira 'Usuário não encontrado' (e-mail N/A, sem telefone, 0 créditos)",
      },
      400,
    ),
    handler: async (request) => lookupUsers(request.ctx, request.query.ids),
  });

  app.route({
    ...adminRoute('GET /admin/users/:id', { summary: 'Um usuário, com o saldo' }, 400, 404),
    handler: async (request) => getUser(request.ctx, request.params.id),
  });

  app.route({
    ...adminRoute(
      'POST /admin/users/:id/credits',
      {
        summary: 'Adiciona créditos (um lançamento add_manual por pedido; Idempotency-Key opcional para repetir com segurança)',
      },
      400,
      404,
      409,
    ),
    handler: async (request) =>
      addCredits(request.ctx, currentUser(request), request.params.id, request.body.amount, request.headers['idempotency-key']),
  });

  app.route({
    ...adminRoute('GET /admin/users/:id/payments', { summary: 'Extrato de créditos e pagamentos por cartão/PIX do usuário' }, 400, 404),
    handler: async (request) => listUserPayments(request.ctx, request.params.id, request.query),
  });
};
