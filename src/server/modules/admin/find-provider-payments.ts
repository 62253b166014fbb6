import { desc, eq } from 'drizzle-orm';
import { toReais } from '../../../shared/money';
import type { ProviderPaymentView } from '../../../shared/schemas/admin';
import type { Queryable } from '../../db/open-database';
import { games, payments } from '../../db/schema';

/** A user's card and PIX payments (top-ups and game slots), newest first: the `stripePayments` of the admin's payments view. */
export async function findProviderPayments(q: Queryable, userId: number): Promise<ProviderPaymentView[]> {
  const rows = await q
    .select({ payment: payments, game: { id: games.id, name: games.name } })
    .from(payments)
    .leftJoin(games, eq(games.id, payments.gameId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map(({ payment, game }) => ({
    id: payment.id,
    created_at: payment.createdAt.toISOString(),
    amount: toReais(payment.amountCents),
    method: payment.method,
    provider: payment.provider,
    status: payment.status,
    purpose: payment.purpose,
    game: game?.id ? game : null,
    description: payment.purpose === 'topup' ? 'Compra de créditos' : `Inscrição no jogo ${game?.name ?? ''}`.trim(),
    refundedAmount: toReais(payment.refundedCents),
    paidAt: payment.paidAt?.toISOString() ?? null,
  }));
}
