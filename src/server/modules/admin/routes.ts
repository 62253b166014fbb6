import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCreditsBodySchema,
  addCreditsReplySchema,
  adminGameDetailSchema,
  adminGameReplySchema,
  adminGamesQuerySchema,
  adminGamesReplySchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersReplySchema,
  cancellationsQuerySchema,
  cancellationsReplySchema,
  dashboardReplySchema,
  deleteGameReplySchema,
  idempotencyHeadersSchema,
  removePlayerReplySchema,
  resolveCancellationBodySchema,
  resolveCancellationReplySchema,
  userLookupQuerySchema,
  userLookupReplySchema,
  userParamsSchema,
  userPaymentsReplySchema,
} from '../../../shared/schemas/admin';
import { idParamsSchema } from '../../../shared/schemas/common';
import { paymentsReportQuerySchema } from '../../../shared/schemas/game-day';
import { gamePayloadSchema } from '../../../shared/schemas/user-games';
import { currentUser } from '../../http/authentication';
import { errorReplies, sendCsv } from '../../http/route-helpers';
import { addCredits } from './add-credits';
import { createAdminGame } from './create-admin-game';
import { deleteAdminGame } from './delete-admin-game';
import { duplicateGame } from './duplicate-game';
import { exportPaymentsReport } from './export-payments-report';
import { getAdminGame } from './get-admin-game';
import { getDashboard } from './get-dashboard';
import { getUser } from './get-user';
import { listAdminGames } from './list-admin-games';
import { listCancellations } from './list-cancellations';
import { listUserPayments } from './list-user-payments';
import { listUsers } from './list-users';
import { lookupUsers } from './lookup-users';
import { removePlayer } from './remove-player';
import { resolveCancellation } from './resolve-cancellation';
import { updateAdminGame } from './update-admin-game';

const security = [{ bearerAuth: [] }];
const tags = ['admin'];

/** The administrator area: every route needs an admin's token (401 without a valid one, 403 for anyone else). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // On request, before the body is parsed or validated: an outsider learns nothing, not even what a valid body is.
  app.addHook('onRequest', app.requireAdmin);

  app.get('/admin/dashboard', {
    schema: { tags, security, summary: 'Contadores e os 5 jogos mais recentes', response: { 200: dashboardReplySchema, ...errorReplies(401, 403) } },
    handler: async (request) => getDashboard(request.ctx),
  });

  app.get('/admin/reports/payments.csv', {
    schema: {
      tags,
      security,
      summary: 'Planilha (CSV para o Excel em português) de todos os pagamentos a provedores e movimentos de créditos do período, com totais',
      description: 'from e to são dias (AAAA-MM-DD) no horário de Brasília, ambos incluídos; no máximo 366 dias.',
      querystring: paymentsReportQuerySchema,
      produces: ['text/csv'],
      response: { 200: z.string(), ...errorReplies(400, 401, 403) },
    },
    handler: async (request, reply) => sendCsv(reply, await exportPaymentsReport(request.ctx, request.query)),
  });

  app.get('/admin/users', {
    schema: {
      tags,
      security,
      summary: 'Usuários, 10 por página, com busca por nome ou e-mail',
      querystring: adminUsersQuerySchema,
      response: { 200: adminUsersReplySchema, ...errorReplies(400, 401, 403) },
    },
    handler: async (request) => listUsers(request.ctx, request.query),
  });

  app.get('/admin/users/lookup', {
    schema: {
      tags,
      security,
      summary: "Vários usuários pelos ids; id inexistente vira 'Usuário não encontrado' (e-mail N/A, sem telefone, 0 créditos)",
      querystring: userLookupQuerySchema,
      response: { 200: userLookupReplySchema, ...errorReplies(400, 401, 403) },
    },
    handler: async (request) => lookupUsers(request.ctx, request.query.ids),
  });

  app.get('/admin/users/:id', {
    schema: {
      tags,
      security,
      summary: 'Um usuário, com o saldo',
      params: idParamsSchema,
      response: { 200: adminUserSchema, ...errorReplies(400, 401, 403, 404) },
    },
    handler: async (request) => getUser(request.ctx, request.params.id),
  });

  app.post('/admin/users/:id/credits', {
    schema: {
      tags,
      security,
      summary: 'Adiciona créditos (um lançamento add_manual por pedido; Idempotency-Key opcional para repetir com segurança)',
      params: idParamsSchema,
      headers: idempotencyHeadersSchema,
      body: addCreditsBodySchema,
      response: { 200: addCreditsReplySchema, ...errorReplies(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      addCredits(request.ctx, currentUser(request), request.params.id, request.body.amount, request.headers['idempotency-key']),
  });

  app.get('/admin/users/:id/payments', {
    schema: {
      tags,
      security,
      summary: 'Extrato de créditos e pagamentos por cartão/PIX do usuário',
      params: idParamsSchema,
      response: { 200: userPaymentsReplySchema, ...errorReplies(400, 401, 403, 404) },
    },
    handler: async (request) => listUserPayments(request.ctx, request.params.id),
  });

  app.get('/admin/games', {
    schema: {
      tags,
      security,
      summary: 'Todos os jogos, 20 por página, com filtros (os excluídos só com status=cancelled ou all)',
      querystring: adminGamesQuerySchema,
      response: { 200: adminGamesReplySchema, ...errorReplies(400, 401, 403) },
    },
    handler: async (request) => listAdminGames(request.ctx, request.query),
  });

  app.get('/admin/games/:id', {
    schema: {
      tags,
      security,
      summary: 'Um jogo com os inscritos (confirmados e aguardando pagamento) e a lista de espera',
      params: idParamsSchema,
      response: { 200: adminGameDetailSchema, ...errorReplies(400, 401, 403, 404) },
    },
    handler: async (request) => getAdminGame(request.ctx, request.params.id),
  });

  app.post('/admin/games', {
    schema: {
      tags,
      security,
      summary: 'Cria um jogo (rascunho, a menos que state = published)',
      body: gamePayloadSchema,
      response: { 201: adminGameReplySchema, ...errorReplies(400, 401, 403) },
    },
    handler: async (request, reply) => reply.status(201).send(await createAdminGame(request.ctx, currentUser(request), request.body)),
  });

  app.put('/admin/games/:id', {
    schema: {
      tags,
      security,
      summary: 'Edita um jogo (vagas nunca abaixo de confirmados + aguardando pagamento; mais vagas promovem a fila)',
      params: idParamsSchema,
      body: gamePayloadSchema,
      response: { 200: adminGameReplySchema, ...errorReplies(400, 401, 403, 404, 409) },
    },
    handler: async (request) => updateAdminGame(request.ctx, request.params.id, request.body),
  });

  app.delete('/admin/games/:id', {
    schema: {
      tags,
      security,
      summary: 'Exclui (cancela) um jogo: todos são reembolsados integralmente (cartão/PIX na hora, pelo provedor) e avisados; o registro fica como cancelado',
      params: idParamsSchema,
      response: { 200: deleteGameReplySchema, ...errorReplies(400, 401, 403, 404, 409) },
    },
    handler: async (request) => deleteAdminGame(request.ctx, currentUser(request), request.params.id),
  });

  app.delete('/admin/games/:id/users/:userId', {
    schema: {
      tags,
      security,
      summary: 'Remove um jogador (confirmado, aguardando pagamento ou na fila), com reembolso integral (cartão/PIX na hora); a fila anda',
      params: userParamsSchema,
      response: { 200: removePlayerReplySchema, ...errorReplies(400, 401, 403, 404, 409) },
    },
    handler: async (request) => removePlayer(request.ctx, currentUser(request), request.params.id, request.params.userId),
  });

  app.post('/games/:id/duplicate', {
    schema: {
      tags,
      security,
      summary: "Duplica um jogo: '{nome} (Cópia)', rascunho ativo, 0 jogadores, novo link privado",
      params: idParamsSchema,
      response: { 201: adminGameReplySchema, ...errorReplies(400, 401, 403, 404) },
    },
    handler: async (request, reply) => reply.status(201).send(await duplicateGame(request.ctx, currentUser(request), request.params.id)),
  });

  app.get('/admin/cancellations', {
    schema: {
      tags,
      security,
      summary: 'Pedidos de cancelamento (reembolso), todos ou por status, 20 por página',
      querystring: cancellationsQuerySchema,
      response: { 200: cancellationsReplySchema, ...errorReplies(400, 401, 403) },
    },
    handler: async (request) => listCancellations(request.ctx, request.query),
  });

  app.put('/admin/cancellations/:id', {
    schema: {
      tags,
      security,
      summary: 'Processa (reembolsa uma única vez) ou rejeita (com motivo) um pedido pendente; 409 se já não estiver pendente ou se o reembolso for garantido pelos Termos',
      params: idParamsSchema,
      body: resolveCancellationBodySchema,
      response: { 200: resolveCancellationReplySchema, ...errorReplies(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => resolveCancellation(request.ctx, currentUser(request), request.params.id, request.body),
  });
};
