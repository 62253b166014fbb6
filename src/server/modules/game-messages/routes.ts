import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/authentication';
import { signedInByIdRoute } from '../../http/route-helpers';
import { listGameMessages } from './list-game-messages';
import { sendGameMessage } from './send-game-message';

const sendRoute = signedInByIdRoute(['user-games']);
const readRoute = signedInByIdRoute(['games']);

/** Avisos (decision 077): sent by whoever runs a game, read by its players. */
export const gameMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...sendRoute(
      'POST /user-games/:id/messages',
      'Envia um aviso aos confirmados (audience confirmed) ou também à lista de espera (all): notificação, e-mail e push conforme as preferências de avisos de cada um (push retido nas horas de silêncio); até 1 000 caracteres, 10 por dia por jogo (429). Só quem organiza o jogo; um jogador recebe 403',
      403,
      409,
      429,
    ),
    onRequest: app.requireUser,
    handler: async (request, reply) =>
      reply.status(201).send(await sendGameMessage(request.ctx, currentUser(request), request.params.id, request.body)),
  });

  app.route({
    ...readRoute(
      'GET /games/:id/messages',
      'Os avisos do jogo, do mais novo ao mais antigo, para quem está no jogo (vaga ou lista de espera) e quem o organiza; 403 para quem não está num jogo público, 404 nos demais',
      403,
    ),
    onRequest: app.requireUser,
    handler: async (request) => listGameMessages(request.ctx, currentUser(request), request.params.id),
  });
};
