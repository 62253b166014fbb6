import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../core/context';
import { currentUser } from '../../http/authentication';
import { apiRoute, signedInRoute } from '../../http/route-helpers';
import { addTestCredits } from './add-test-credits';
import { cancelTopUp } from './cancel-top-up';
import { createTopUpCheckout } from './create-top-up-checkout';
import { verifyPayment } from './verify-payment';

const tags = ['credits'];

export function creditRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...apiRoute('GET /credits/config', { tags, summary: 'Modo dos pagamentos (sandbox de teste ou real)' }),
      handler: async () => ({ mode: ctx.payments.mode }),
    });

    app.route({
      ...signedInRoute(
        'POST /credits/add',
        { tags, summary: 'Créditos de teste instantâneos (somente no modo sandbox; 403 em produção)' },
        400,
        403,
      ),
      onRequest: app.requireUser,
      handler: async (request) => addTestCredits(request.ctx, currentUser(request).id, request.body.amount),
    });

    app.route({
      ...signedInRoute(
        'POST /credits/create-checkout',
        {
          tags,
          summary: 'Compra de créditos por cartão: devolve a página de pagamento (Stripe Checkout)',
        },
        400,
        503,
      ),
      onRequest: app.requireUser,
      handler: async (request) => {
        const user = currentUser(request);
        const { url } = await createTopUpCheckout(request.ctx, user, request.body.amount, 'card');
        return { url };
      },
    });

    app.route({
      ...signedInRoute(
        'POST /credits/create-mercadopago-checkout',
        {
          tags,
          summary: 'Compra de créditos por PIX: devolve a página de pagamento (Mercado Pago Checkout Pro)',
        },
        400,
        503,
      ),
      onRequest: app.requireUser,
      handler: async (request) => {
        const user = currentUser(request);
        const { initPoint, sandboxInitPoint } = await createTopUpCheckout(request.ctx, user, request.body.amount, 'pix');
        return { initPoint, sandboxInitPoint };
      },
    });

    app.route({
      ...signedInRoute(
        'POST /credits/cancel-checkout',
        { tags, summary: 'Encerra uma compra de créditos não paga (o pagador desistiu na página de pagamento)' },
        400,
        404,
      ),
      onRequest: app.requireUser,
      handler: async (request) => cancelTopUp(request.ctx, currentUser(request).id, request.body.session_id),
    });

    app.route({
      ...signedInRoute(
        'GET /credits/verify-payment',
        {
          tags,
          summary: 'Confere um pagamento na volta do provedor e credita/confirma se pago (idempotente)',
        },
        400,
      ),
      onRequest: app.requireUser,
      handler: async (request) => verifyPayment(request.ctx, currentUser(request).id, request.query.session_id),
    });
  };
}
