import type { FastifyPluginAsync } from 'fastify';
import { apiRoute } from '../../http/route-helpers';
import { receivePaymentWebhook } from './receive-webhook';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /webhooks/stripe and /webhooks/mercadopago. Signatures cover the exact bytes received, so
 * in this plugin (and only here) every body is kept as a raw Buffer instead of parsed JSON.
 * Routes of a provider that is not active in this mode answer 404.
 */
export const paymentWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  for (const provider of ['stripe', 'mercadopago'] as const) {
    app.route({
      ...apiRoute(
        `POST /webhooks/${provider}`,
        {
          tags: ['payments'],
          summary: provider === 'stripe' ? 'Notificações da Stripe (Stripe-Signature)' : 'Notificações do Mercado Pago (x-signature)',
          description:
            'O corpo é lido como os bytes recebidos, de qualquer tipo, até 256 KB. 200 também para um evento autêntico que não é ' +
            'de um pagamento nosso (ignorado); 400 (webhook_not_authentic) sem assinatura válida, nada gravado; 404 ' +
            '(payment_provider_not_found) quando o provedor não está ativo neste modo (sandbox); 503 para o provedor tentar de ' +
            'novo quando não foi possível consultá-lo.',
        },
        404,
      ),
      handler: async (request) => {
        await receivePaymentWebhook(request.ctx, provider, {
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          headers: request.headers,
          query: request.query as Record<string, unknown>,
        });
        return { received: true as const };
      },
    });
  }
};
