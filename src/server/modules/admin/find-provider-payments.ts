import { desc, eq, inArray, sql } from 'drizzle-orm';
import { toReais } from '../../../shared/money';
import { ADMIN_PROVIDER_PAYMENTS_SHOWN, type ProviderPaymentView } from '../../../shared/schemas/admin';
import type { Queryable } from '../../db/open-database';
import { games, payments } from '../../db/schema';

/**
 * A user's latest card and PIX payments (top-ups and game slots), newest first, and how many there are in all: the
 * `stripePayments` of the admin's payments view. A player of years has hundreds; the statement has its own pages.
 */
export async function findProviderPayments(q: Queryable, userId: number): Promise<{ shown: ProviderPaymentView[]; total: number }> {
  const [latest, [counted]] = await Promise.all([
    q
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(ADMIN_PROVIDER_PAYMENTS_SHOWN),
    q
      .select({ total: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.userId, userId)),
  ]);
  // The games of the payments shown, by their keys: joined before the page was chosen, the hundreds of a player of years
  // were matched against every game (decision 073).
  const gameIds = [...new Set(latest.flatMap((payment) => (payment.gameId === null ? [] : [payment.gameId])))];
  const named =
    gameIds.length === 0 ? [] : await q.select({ id: games.id, name: games.name }).from(games).where(inArray(games.id, gameIds));
  const gameOf = new Map(named.map((game) => [game.id, game]));
  const rows = latest.map((payment) => ({ payment, game: payment.gameId === null ? undefined : gameOf.get(payment.gameId) }));
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
