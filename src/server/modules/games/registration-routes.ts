import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentCaller } from '../../http/authentication';
import { signedInRoute, signedInRoutes } from '../../http/route-helpers';
import { applyToGame } from './apply-to-game';
import { cancelGameCheckout } from './cancel-game-checkout';
import { cancelRegistration } from './cancel-registration';
import { joinWaitlist } from './join-waitlist';

const tags = ['games'];

/** A player's own place in a game: apply, join the waitlist, cancel, give up a checkout. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = signedInRoutes(app);

  app.route({
    ...signedInRoute(
      'POST /games/:id/apply',
      {
        tags,
        summary: 'Inscreve-se: vaga livre confirma (créditos debitados), jogo lotado entra na lista de espera',
      },
      400,
      404,
      409,
    ),
    // The common apply checks the token's version itself: the account is read only for the full path.
    onRequest: app.requireToken,
    handler: async (request) => applyToGame(request.ctx, currentCaller(app, request), request.params.id, request.body ?? {}),
  });

  route(
    signedInRoute('POST /games/:id/waitlist', { tags, summary: 'Entra na lista de espera de um jogo lotado' }, 400, 404, 409),
    async (request, user) => joinWaitlist(request.ctx, user, request.params.id, request.body?.privateLink),
  );

  route(
    signedInRoute(
      'POST /games/:id/cancel',
      {
        tags,
        summary: 'Cancela a inscrição (reembolso se faltarem 48 h ou mais) ou sai da lista de espera',
      },
      400,
      404,
      409,
    ),
    async (request, user) => cancelRegistration(request.ctx, user, request.params.id),
  );

  route(
    signedInRoute(
      'POST /games/:id/cancel-checkout',
      {
        tags,
        summary: 'Desiste do pagamento por cartão/PIX na volta do provedor: encerra o pagamento e libera a vaga que ele reservava',
      },
      400,
      404,
    ),
    async (request, user) => cancelGameCheckout(request.ctx, user, request.params.id, request.body.session_id),
  );
};
