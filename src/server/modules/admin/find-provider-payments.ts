import { desc, eq, sql } from 'drizzle-orm';
import { toReais } from '../../../shared/money';
import { ADMIN_PROVIDER_PAYMENTS_SHOWN, type ProviderPaymentView } from '../../../shared/schemas/admin';
import type { Queryable } from '../../db/open-database';
import { games, payments } from '../../db/schema';

/**
 * A user's latest card and PIX payments (top-ups and game slots), newest first, and how many there are in all: the
 * `stripePayments` of the admin's payments view. A player of years has hundreds; the statement has its own pages.
 */
export async function findProviderPayments(q: Queryable, userId: number): Promise<{ shown: ProviderPaymentView[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    q
      .select({ payment: payments, game: { id: games.id, name: games.name } })
      .from(payments)
      .leftJoin(games, eq(games.id, payments.gameId))
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(ADMIN_PROVIDER_PAYMENTS_SHOWN),
    q
      .select({ total: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.userId, userId)),
  ]);
  const shown = rows.map(({ payment, game }) => ({
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
  return { shown, total: counted?.total ?? 0 };
}
