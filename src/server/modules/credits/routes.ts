import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCents } from '../../../shared/money';
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
import { errorReplies } from '../../http/route-helpers';
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
      schema: {
        tags: ['credits'],
        summary: 'Créditos de teste instantâneos (somente no modo sandbox; 403 em produção)',
        security: [{ bearerAuth: [] }],
        body: topUpBodySchema,
        response: { 200: addCreditsReplySchema, ...errorReplies(400, 401, 403) },
      },
      preValidation: app.requireUser,
      handler: async (request) => addTestCredits(ctx, currentUser(request).id, request.body.amount),
    });

    app.post('/credits/create-checkout', {
      schema: {
        tags: ['credits'],
        summary: 'Compra de créditos por cartão: devolve a página de pagamento (Stripe Checkout)',
        security: [{ bearerAuth: [] }],
        body: topUpBodySchema,
        response: { 200: cardCheckoutReplySchema, ...errorReplies(400, 401, 503) },
      },
      preValidation: app.requireUser,
      handler: async (request) => {
        const user = currentUser(request);
        const { url } = await createTopUpCheckout(ctx, user, toCents(request.body.amount), 'card');
        return { url };
      },
    });

    app.post('/credits/create-mercadopago-checkout', {
      schema: {
        tags: ['credits'],
        summary: 'Compra de créditos por PIX: devolve a página de pagamento (Mercado Pago Checkout Pro)',
        security: [{ bearerAuth: [] }],
        body: topUpBodySchema,
        response: { 200: pixCheckoutReplySchema, ...errorReplies(400, 401, 503) },
      },
      preValidation: app.requireUser,
      handler: async (request) => {
        const user = currentUser(request);
        const { initPoint, sandboxInitPoint } = await createTopUpCheckout(ctx, user, toCents(request.body.amount), 'pix');
        return { initPoint, sandboxInitPoint };
      },
    });

    app.get('/credits/verify-payment', {
      schema: {
        tags: ['credits'],
        summary: 'Confere um pagamento na volta do provedor e credita/confirma se pago (idempotente)',
        security: [{ bearerAuth: [] }],
        querystring: verifyPaymentQuerySchema,
        response: { 200: verifyPaymentReplySchema, ...errorReplies(400, 401) },
      },
      preValidation: app.requireUser,
      handler: async (request) => verifyPayment(ctx, currentUser(request).id, request.query.session_id),
    });
  };
}
