import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInByIdRoute, signedInRoutes } from '../../http/route-helpers';
import { listGameMessages } from './list-game-messages';
import { sendGameMessage } from './send-game-message';

const sendRoute = signedInByIdRoute(['user-games']);
const readRoute = signedInByIdRoute(['games']);

/** Avisos (decision 077): sent by whoever runs a game, read by its players. */
export const gameMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = signedInRoutes(app);

  route(
    sendRoute(
      'POST /user-games/:id/messages',
      'Envia um aviso aos confirmados (audience confirmed) ou também à lista de espera (all): notificação, e-mail e push conforme as preferências de avisos de cada um (push retido nas horas de silêncio); até 1 000 caracteres, 10 por dia por jogo (429). Só quem organiza o jogo; um jogador recebe 403',
      403,
      409,
      429,
    ),
    async (request, user, reply) => reply.status(201).send(await sendGameMessage(request.ctx, user, request.params.id, request.body)),
  );

  route(
    readRoute(
      'GET /games/:id/messages',
      'Os avisos do jogo, do mais novo ao mais antigo, para quem está no jogo (vaga ou lista de espera) e quem o organiza; 403 para quem não está num jogo público, 404 nos demais',
      403,
    ),
    async (request, user) => listGameMessages(request.ctx, user, request.params.id),
  );
};
