import { eq, or } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/open-database';
import { payments } from '../../db/schema';
import type { PaymentMethod, PaymentProvider, ProviderName } from '../../integrations/payments/provider';
import type { ServerContext } from '../context';

export type PaymentRow = typeof payments.$inferSelect;

/** What providers echo back (client_reference_id, external_reference): our row id as text. */
export const paymentReference = (paymentId: number) => String(paymentId);

export function newPublicId(): string {
  return `pay_${randomBytes(18).toString('base64url')}`;
}

export function providerForMethod(ctx: ServerContext, method: PaymentMethod): PaymentProvider {
  return method === 'card' ? ctx.payments.card : ctx.payments.pix;
}

/** The ledger type of money that came in by this method. */
export function ledgerTypeOf(method: PaymentMethod): 'add_stripe' | 'add_pix' {
  return method === 'card' ? 'add_stripe' : 'add_pix';
}

/** The registration's paymentType for a game paid by this method (the sandbox keeps the names). */
export function registrationPaymentTypeOf(method: PaymentMethod): 'stripe' | 'mercadopago' {
  return method === 'card' ? 'stripe' : 'mercadopago';
}

/**
 * Where the payer lands after paying: always /payment-success?session_id=…. Stripe fills in its own
 * session id; the others come back with our public id (never trusting what they add to the query).
 */
export function successUrl(ctx: ServerContext, provider: ProviderName, publicId: string): string {
  const sessionId = provider === 'stripe' ? '{CHECKOUT_SESSION_ID}' : publicId;
  return `${ctx.config.publicUrl}/payment-success?session_id=${sessionId}`;
}

/**
 * Where the payer goes back to after giving up: the game or the top-up page, each of which ends the payment (`cancelado`,
 * its public id: a game's checkout releases the place it held) and says so.
 */
export function cancelPath(payment: Pick<PaymentRow, 'purpose' | 'gameId' | 'publicId'>): string {
  const cancelled = `cancelado=${encodeURIComponent(payment.publicId)}`;
  return payment.purpose === 'game' && payment.gameId ? `/apply/${payment.gameId}?${cancelled}` : `/add-credit?${cancelled}`;
}

export function notificationUrl(ctx: ServerContext, provider: ProviderName): string {
  return `${ctx.config.publicUrl}/api/webhooks/${provider}`;
}

/** A payment by either id the return URL can carry: the provider's session id or our public id. */
export async function findPaymentBySessionId(q: Queryable, sessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await q
    .select()
    .from(payments)
    .where(or(eq(payments.publicId, sessionId), eq(payments.providerSessionId, sessionId)))
    .limit(1);
  return row;
}
