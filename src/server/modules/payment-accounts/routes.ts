import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../core/context';
import { currentUser } from '../../http/authentication';
import { apiRoute, signedInRoute } from '../../http/route-helpers';
import { byUser, minutes } from '../../lib/rate-limit';
import { CALLBACK_PATH, finishMercadoPagoConnection, startMercadoPagoConnection, STATE_LIFETIME_MS } from './connect-mercadopago';
import { startStripeConnection } from './connect-stripe';
import { disconnectPaymentAccount } from './disconnect-payment-account';
import { getPaymentAccounts } from './get-payment-accounts';

const tags = ['payment-accounts'];

/** Each Mercado Pago start writes a state and each Stripe one asks Stripe: counted per account, generously. */
const CONNECTIONS = { name: 'payment-accounts-connect:user', max: 20, windowMs: minutes(15), key: byUser };

/** The cookie that ties a Mercado Pago `state` to the browser that asked for it; sent only to the callback. */
const STATE_COOKIE = 'bj_mp_state';

function stateCookie(ctx: ServerContext, value: string, maxAgeSeconds: number): string {
  const secure = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${STATE_COOKIE}=${value}; Path=${CALLBACK_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** "Receber direto na minha conta" (decision 082): each provider's account of the organiser, and Mercado Pago's callback. */
export function paymentAccountRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const connections = ctx.rateLimiter.limit(CONNECTIONS);
  return async (app) => {
    app.route({
      ...signedInRoute('GET /users/me/payment-accounts', {
        tags,
        summary: 'As contas do organizador no Mercado Pago e na Stripe para receber direto (estado, sem tokens)',
      }),
      onRequest: app.requireUser,
      handler: (request) => getPaymentAccounts(request.ctx, currentUser(request).id),
    });

    app.route({
      ...signedInRoute(
        'POST /users/me/payment-accounts/:provider',
        {
          tags,
          summary:
            'Começa a conectar uma conta: mercadopago dá a página de autorização (state de uso único, 10 minutos, preso a este navegador por cookie); stripe, o cadastro da conta Express',
        },
        404,
      ),
      onRequest: app.requireUser,
      preValidation: connections,
      handler: async (request, reply) => {
        const user = currentUser(request);
        if (request.params.provider === 'stripe') return startStripeConnection(request.ctx, user);
        const { url, state } = await startMercadoPagoConnection(request.ctx, user.id);
        reply.header('set-cookie', stateCookie(ctx, state, STATE_LIFETIME_MS / 1000)).header('cache-control', 'no-store');
        return { url };
      },
    });

    app.route({
      ...signedInRoute(
        'DELETE /users/me/payment-accounts/:provider',
        { tags, summary: 'Desconecta a conta do provedor: estado none e tokens apagados' },
        400,
      ),
      onRequest: app.requireUser,
      handler: (request) => disconnectPaymentAccount(request.ctx, currentUser(request).id, request.params.provider),
    });

    app.route({
      ...apiRoute('GET /payment-accounts/mercadopago/callback', {
        tags,
        summary:
          'Volta da autorização do Mercado Pago: troca o código e leva o navegador a /my-games/earnings com o resultado (conectada, ou por que não)',
      }),
      handler: async (request, reply) => {
        const result = await finishMercadoPagoConnection(request.ctx, {
          code: request.query.code,
          state: request.query.state,
          error: request.query.error,
          browserState: cookieValue(request.headers.cookie, STATE_COOKIE),
        });
        return reply
          .header('set-cookie', stateCookie(ctx, '', 0))
          .header('cache-control', 'no-store')
          .redirect(`${ctx.config.publicUrl}/my-games/earnings?conta=mercadopago&resultado=${result}`, 303);
      },
    });
  };
}
