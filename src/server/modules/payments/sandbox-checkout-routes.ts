import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { formatBRL, toReais } from '../../../shared/money';
import type { ServerContext } from '../../core/context';
import { cancelPath, type PaymentRow } from '../../core/payments/payment-records';
import { games, payments } from '../../db/schema';
import { isSandboxSessionId } from '../../integrations/payments/sandbox/sandbox-provider';
import { escapeHtml } from '../../lib/html';
import { receivePaymentWebhook } from './receive-webhook';

/** The app's return page, with our public id (what the sandbox's success URL carries too). */
const resultPath = (payment: PaymentRow) => `/payment-success?session_id=${encodeURIComponent(payment.publicId)}`;

type SandboxCheckout = { payment: PaymentRow; gameName: string | null };

async function findCheckout(ctx: ServerContext, sessionId: string): Promise<SandboxCheckout | null> {
  if (!isSandboxSessionId(sessionId)) return null;
  const [row] = await ctx.db
    .select({ payment: payments, gameName: games.name })
    .from(payments)
    .leftJoin(games, eq(games.id, payments.gameId))
    .where(and(eq(payments.provider, 'sandbox'), eq(payments.providerSessionId, sessionId)));
  return row ?? null;
}

const styles = {
  body: 'margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f1f5f9;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;padding:16px;box-sizing:border-box',
  card: 'background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(15,23,42,.12);max-width:420px;width:100%;padding:28px;box-sizing:border-box',
  banner: 'background:#fef3c7;border:1px solid #f59e0b;color:#78350f;border-radius:12px;padding:12px 14px;font-weight:600;margin:0 0 20px',
  label: 'margin:0;color:#475569;font-size:14px',
  amount: 'margin:4px 0 16px;font-size:40px;font-weight:800;letter-spacing:-0.02em',
  row: 'margin:0 0 8px;font-size:16px',
  primary:
    'width:100%;min-height:48px;border:0;border-radius:12px;background:#1d4ed8;color:#fff;font-size:18px;font-weight:700;cursor:pointer',
  secondary:
    'width:100%;min-height:48px;border:1px solid #cbd5e1;border-radius:12px;background:#fff;color:#0f172a;font-size:16px;font-weight:600;cursor:pointer;margin-top:10px',
};

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Bora Jogar</title></head>
<body style='${styles.body}'><main style='${styles.card}'>
<p role="note" style='${styles.banner}'>Ambiente de teste — nenhum valor real é cobrado</p>
${content}
</main></body></html>`;
}

function checkoutPage({ payment, gameName }: SandboxCheckout, sessionId: string): string {
  const amount = formatBRL(toReais(payment.amountCents));
  const method = payment.method === 'card' ? 'Cartão' : 'PIX';
  const what = gameName ? `Vaga em ${gameName}` : 'Créditos Bora Jogar';
  const action = (verb: string) => `/sandbox/checkout/${encodeURIComponent(sessionId)}/${verb}`;
  const body = payment.settledAt
    ? `<p style='${styles.row}'>Este pagamento já foi concluído.</p>
<a href="${escapeHtml(resultPath(payment))}">Ver resultado</a>`
    : `<form method="post" action="${action('pay')}"><button type="submit" style='${styles.primary}'>Pagar</button></form>
<form method="post" action="${action('cancel')}"><button type="submit" style='${styles.secondary}'>Cancelar</button></form>`;
  return page(
    'Pagamento de teste',
    `<h1 style="margin:0 0 16px;font-size:22px">Pagamento de teste</h1>
<p style='${styles.label}'>Valor</p><p data-testid="amount" style='${styles.amount}'>${escapeHtml(amount)}</p>
<p style='${styles.row}'><strong>Forma de pagamento:</strong> <span data-testid="method">${method}</span></p>
<p style='${styles.row};margin-bottom:24px'><strong>Referente a:</strong> ${escapeHtml(what)}</p>
${body}`,
  );
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

const notFound = page(
  'Pagamento não encontrado',
  '<h1 style="margin:0 0 8px;font-size:22px">Sessão de pagamento não encontrada</h1><a href="/">Voltar ao Bora Jogar</a>',
);

/**
 * The sandbox's hosted checkout, served by the app itself: a small self-styled page (the CSP
 * forbids inline scripts, so plain forms). Pagar runs the same path a provider's webhook takes
 * (a signed simulated notification → receivePaymentWebhook) and returns to /payment-success.
 * Registered only in sandbox mode.
 */
export function sandboxCheckoutRoutes(ctx: ServerContext): FastifyPluginAsync {
  const sandbox = ctx.payments.sandbox;
  return async (app) => {
    if (!sandbox) return;
    // The forms post urlencoded bodies; nothing in them is read.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

    app.get<{ Params: { sessionId: string } }>('/sandbox/checkout/:sessionId', { schema: { hide: true } }, async (request, reply) => {
      const checkout = await findCheckout(request.ctx, request.params.sessionId);
      if (!checkout) return sendHtml(reply, 404, notFound);
      return sendHtml(reply, 200, checkoutPage(checkout, request.params.sessionId));
    });

    app.post<{ Params: { sessionId: string } }>('/sandbox/checkout/:sessionId/pay', { schema: { hide: true } }, async (request, reply) => {
      const checkout = await findCheckout(request.ctx, request.params.sessionId);
      if (!checkout) return sendHtml(reply, 404, notFound);
      await receivePaymentWebhook(request.ctx, 'sandbox', sandbox.simulatePayment(request.params.sessionId, 'paid'));
      return reply.redirect(resultPath(checkout.payment), 303);
    });

    app.post<{ Params: { sessionId: string } }>(
      '/sandbox/checkout/:sessionId/cancel',
      { schema: { hide: true } },
      async (request, reply) => {
        const checkout = await findCheckout(request.ctx, request.params.sessionId);
        if (!checkout) return sendHtml(reply, 404, notFound);
        return reply.redirect(cancelPath(checkout.payment), 303);
      },
    );
  };
}
