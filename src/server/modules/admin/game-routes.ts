import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/authentication';
import { adminRoute } from './admin-route';
import { createAdminGame } from './create-admin-game';
import { deleteAdminGame } from './delete-admin-game';
import { duplicateGame } from './duplicate-game';
import { getAdminGame } from './get-admin-game';
import { getAdminGameHistory } from './get-admin-game-history';
import { listAdminGames } from './list-admin-games';
import { removePlayer } from './remove-player';
import { updateAdminGame } from './update-admin-game';

/** Every game, for the administrator: list, read, create, edit, duplicate, delete, and remove a player. */
export const adminGameRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute(
      'GET /admin/games',
      { summary: 'Todos os jogos, 20 por página, com filtros (os excluídos só com status=cancelled ou all)' },
      400,
    ),
    handler: async (request) => listAdminGames(request.ctx, request.query),
  });

  app.route({
    ...adminRoute(
      'GET /admin/games/:id',
      { summary: 'Um jogo com os inscritos (confirmados e aguardando pagamento) e a lista de espera' },
      400,
      404,
    ),
    handler: async (request) => getAdminGame(request.ctx, request.params.id),
  });

  app.route({
    ...adminRoute(
      'GET /admin/games/:id/history',
      { summary: 'O histórico de um jogo, do mais novo ao mais antigo: quem fez o quê (actor null é o sistema)' },
      400,
      404,
    ),
    handler: async (request) => getAdminGameHistory(request.ctx, request.params.id),
  });

  app.route({
    ...adminRoute('POST /admin/games', { summary: 'Cria um jogo (rascunho, a menos que state = published)' }, 400),
    handler: async (request, reply) => reply.status(201).send(await createAdminGame(request.ctx, currentUser(request), request.body)),
  });

  app.route({
    ...adminRoute(
      'PUT /admin/games/:id',
      {
        summary: 'Edita um jogo (vagas nunca abaixo de confirmados + aguardando pagamento; mais vagas promovem a fila)',
      },
      400,
      404,
      409,
    ),
    handler: async (request) => updateAdminGame(request.ctx, currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...adminRoute(
      'DELETE /admin/games/:id',
      {
        summary:
          'Exclui (cancela) um jogo: todos são reembolsados integralmente (cartão/PIX na hora, pelo provedor) e avisados; o registro fica como cancelado. Depois de o jogo começar, pede `confirm: true` (409 confirmation_required dizendo o que sai dos recebimentos do organizador)',
      },
      400,
      404,
      409,
    ),
    handler: async (request) => deleteAdminGame(request.ctx, currentUser(request), request.params.id, request.body?.confirm === true),
  });

  app.route({
    ...adminRoute(
      'DELETE /admin/games/:id/users/:userId',
      {
        summary:
          'Remove um jogador (confirmado, aguardando pagamento ou na fila), com reembolso integral (cartão/PIX na hora); a fila anda. Depois de o jogo começar, pede `confirm: true`',
      },
      400,
      404,
      409,
    ),
    handler: async (request) =>
      removePlayer(request.ctx, currentUser(request), request.params.id, request.params.userId, request.body?.confirm === true),
  });

  app.route({
    ...adminRoute(
      'POST /games/:id/duplicate',
      { summary: "Duplica um jogo: '{nome} (Cópia)', rascunho ativo, 0 jogadores, novo link privado" },
      400,
      404,
    ),
    handler: async (request, reply) => reply.status(201).send(await duplicateGame(request.ctx, currentUser(request), request.params.id)),
  });
};
