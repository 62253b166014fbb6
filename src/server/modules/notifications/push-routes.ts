import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../core/context';
import { getPushPublicKey } from '../../core/notifications/get-push-public-key';
import { removePushSubscription } from '../../core/notifications/remove-push-subscription';
import { subscribePush } from '../../core/notifications/subscribe-push';
import { apiRoute, signedInRoute, signedInRoutes } from '../../http/route-helpers';
import { byUser, minutes } from '../../lib/rate-limit';

const tags = ['notifications'];

/**
 * Subscribing resolves the endpoint's name (and may wait on DNS): counted per account, generously, since a browser
 * subscribes again whenever its subscription changes.
 */
const SUBSCRIPTIONS = { name: 'push-subscribe:user', max: 20, windowMs: minutes(15), key: byUser };

/** Notifications on the phone or the computer (Web Push, decision 044): the server's key and a device turned on or off. */
export function pushRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const subscriptions = ctx.rateLimiter.limit(SUBSCRIPTIONS);
  return async (app) => {
    const route = signedInRoutes(app);

    app.route({
      ...apiRoute('GET /push/public-key', {
        tags,
        summary: 'A chave pública VAPID com que o navegador assina as notificações (applicationServerKey)',
      }),
      handler: async (request) => getPushPublicKey(request.ctx),
    });

    route(
      {
        ...signedInRoute(
          'POST /users/me/push-subscriptions',
          {
            tags,
            summary: 'Ativa as notificações neste aparelho (a PushSubscription do navegador; endpoint https público)',
          },
          400,
        ),
        preValidation: subscriptions,
      },
      async (request, user, reply) => reply.status(201).send(await subscribePush(request.ctx, user, request.body)),
    );

    route(
      signedInRoute('DELETE /users/me/push-subscriptions', { tags, summary: 'Desativa as notificações num aparelho do usuário' }, 400),
      async (request, user) => removePushSubscription(request.ctx, user, request.body),
    );
  };
}
