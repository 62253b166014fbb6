import { asc, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import { isRefundGuaranteed } from '../../../shared/rules/refund-policy';
import type { Cancellation } from '../../../shared/schemas/admin';
import type { PaymentType } from '../../../shared/schemas/games';
import type { Queryable } from '../../db/open-database';
import { cancellationRequests, games, registrations, users } from '../../db/schema';
import { displayName } from '../../core/users/display-name';

const processor = alias(users, 'processor');

/** Whether the Terms entitle this request (then it cannot be rejected); removals by the admin carry their own reason. */
export const guaranteed = (request: { reason: string | null }, game: { dateTime: Date; status: string }, cancelledAt: Date | null) =>
  isRefundGuaranteed({
    gameStart: game.dateTime,
    gameCancelled: game.status === 'cancelled',
    removedByPlatform: request.reason === messages.admin.playerRemovedReason,
    cancelledAt,
  });

const methodOf = (paymentType: PaymentType) => (paymentType === 'stripe' ? 'card' : paymentType === 'mercadopago' ? 'pix' : paymentType);

/** Refund requests as the cancellations screen shows them, newest first (or oldest first, to read a list from its end). */
export async function loadCancellations(
  q: Queryable,
  options: { where: SQL | undefined; limit?: number; offset?: number; oldestFirst?: boolean },
): Promise<Cancellation[]> {
  const query = q
    .select({
      request: cancellationRequests,
      game: { id: games.id, name: games.name, dateTime: games.dateTime, timeZone: games.timeZone, status: games.status },
      cancelledAt: registrations.cancelledAt,
      user: { id: users.id, name: displayName, email: users.email },
      processor: { id: processor.id, name: processor.name },
    })
    .from(cancellationRequests)
    .innerJoin(games, eq(games.id, cancellationRequests.gameId))
    .innerJoin(users, eq(users.id, cancellationRequests.userId))
    .innerJoin(registrations, eq(registrations.id, cancellationRequests.registrationId))
    .leftJoin(processor, eq(processor.id, cancellationRequests.processedBy))
    .where(options.where)
    .orderBy(
      ...(options.oldestFirst
        ? [asc(cancellationRequests.createdAt), asc(cancellationRequests.id)]
        : [desc(cancellationRequests.createdAt), desc(cancellationRequests.id)]),
    )
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset !== undefined) query.offset(options.offset);
  const rows = await query;
  return rows.map(({ request, game, cancelledAt, user, processor: by }) => {
    const paymentType = request.paymentType as PaymentType;
    return {
      id: request.id,
      game: { id: game.id, name: game.name, dateTime: game.dateTime.toISOString(), timeZone: game.timeZone },
      user,
      reason: request.reason,
      date: request.createdAt.toISOString(),
      status: request.status,
      amount: toReais(request.amountCents),
      paymentType,
      paymentMethod: methodOf(paymentType),
      refundedAs: request.status === 'processed' ? (request.resolution === 'credits' ? 'credits' : 'original') : null,
      rejectionReason: request.status === 'rejected' ? request.resolution : null,
      processedAt: request.processedAt?.toISOString() ?? null,
      processedBy: by?.id ? by : null,
      refundGuaranteed: guaranteed(request, game, cancelledAt),
    };
  });
}
