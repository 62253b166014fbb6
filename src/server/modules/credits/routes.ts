import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCreditsReplySchema,
  cardCheckoutReplySchema,
  creditsConfigReplySchema,
  pixCheckoutReplySchema,
  topUpBodySchema,
  verifyPaymentQuerySchema,
  verifyPaymentReplySchema,
} from '../../../shared/schemas/credits';
import type { ServerContext } from '../../core/context';
import { currentUser } from '../../http/authentication';
import { signedInSchema } from '../../http/route-helpers';
import { addTestCredits } from './add-test-credits';
import { createTopUpCheckout } from './create-top-up-checkout';
import { verifyPayment } from './verify-payment';

export function creditRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/credits/config', {
      schema: { tags: ['credits'], summary: 'Modo dos pagamentos (sandbox de teste ou real)', response: { 200: creditsConfigReplySchema } },
      handler: async () => ({ mode: ctx.payments.mode }),
    });

    app.post('/credits/add', {
      schema: signedInSchema({
        tags: ['credits'],
        summary: 'Créditos de teste instantâneos (somente no modo sandbox; 403 em produção)',
        body: topUpBodySchema,
        response: { 200: addCreditsReplySchema },
      }, 400, 403),
      onRequest: app.requireUser,
      handler: async (request) => addTestCredits(request.ctx, currentUser(request).id, request.body.amount),
    });

    app.post('/credits/create-checkout', {
      schema: signedInSchema({
        tags: ['credits'],
        summary: 'Compra de créditos por cartão: devolve a página de pagamento (Stripe Checkout)',
        body: topUpBodySchema,
        response: { 200: cardCheckoutReplySchema },
      }, 400, 503),
      onRequest: app.requireUser,
      handler: async (request) => {
        const user = currentUser(request);
        const { url } = await createTopUpCheckout(request.ctx, user, request.body.amount, 'card');
        return { url };
      },
    });

    app.post('/credits/create-mercadopago-checkout', {
      schema: signedInSchema({
        tags: ['credits'],
        summary: 'Compra de créditos por PIX: devolve a página de pagamento (Mercado Pago Checkout Pro)',
        body: topUpBodySchema,
        response: { 200: pixCheckoutReplySchema },
      }, 400, 503),
      onRequest: app.requireUser,
      handler: async (request) => {
        const user = currentUser(request);
        const { initPoint, sandboxInitPoint } = await createTopUpCheckout(request.ctx, user, request.body.amount, 'pix');
        return { initPoint, sandboxInitPoint };
      },
    });

    app.get('/credits/verify-payment', {
      schema: signedInSchema({
        tags: ['credits'],
        summary: 'Confere um pagamento na volta do provedor e credita/confirma se pago (idempotente)',
        querystring: verifyPaymentQuerySchema,
        response: { 200: verifyPaymentReplySchema },
      }, 400),
      onRequest: app.requireUser,
      handler: async (request) => verifyPayment(request.ctx, currentUser(request).id, request.query.session_id),
    });
  };
}
