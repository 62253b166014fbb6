import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../core/context';
import { apiRoute, signedInRoute, signedInRoutes } from '../../http/route-helpers';
import { addTestCredits } from './add-test-credits';
import { cancelTopUp } from './cancel-top-up';
import { createTopUpCheckout } from './create-top-up-checkout';
import { verifyPayment } from './verify-payment';

const tags = ['credits'];

export function creditRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = signedInRoutes(app);

    app.route({
      ...apiRoute('GET /credits/config', { tags, summary: 'Modo dos pagamentos (sandbox de teste ou real)' }),
      handler: async () => ({ mode: ctx.payments.mode }),
    });

    route(
      signedInRoute(
        'POST /credits/add',
        { tags, summary: 'Créditos de teste instantâneos (somente no modo sandbox; 403 em produção)' },
        400,
        403,
      ),
      async (request, user) => addTestCredits(request.ctx, user.id, request.body.amount),
    );

    route(
      signedInRoute(
        'POST /credits/create-checkout',
        {
          tags,
          summary: 'Compra de créditos por cartão: devolve a página de pagamento (Stripe Checkout)',
        },
        400,
        503,
      ),
      async (request, user) => {
        const { url } = await createTopUpCheckout(request.ctx, user, request.body.amount, 'card');
        return { url };
      },
    );

    route(
      signedInRoute(
        'POST /credits/create-mercadopago-checkout',
        {
          tags,
          summary: 'Compra de créditos por PIX: devolve a página de pagamento (Mercado Pago Checkout Pro)',
        },
        400,
        503,
      ),
      async (request, user) => {
        const { initPoint, sandboxInitPoint } = await createTopUpCheckout(request.ctx, user, request.body.amount, 'pix');
        return { initPoint, sandboxInitPoint };
      },
    );

    route(
      signedInRoute(
        'POST /credits/cancel-checkout',
        { tags, summary: 'Encerra uma compra de créditos não paga (o pagador desistiu na página de pagamento)' },
        400,
        404,
      ),
      async (request, user) => cancelTopUp(request.ctx, user.id, request.body.session_id),
    );

    route(
      signedInRoute(
        'GET /credits/verify-payment',
        {
          tags,
          summary: 'Confere um pagamento na volta do provedor e credita/confirma se pago (idempotente)',
        },
        400,
      ),
      async (request, user) => verifyPayment(request.ctx, user.id, request.query.session_id),
    );
  };
}
