import { and, asc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/open-database';
import { games, registrations, series, seriesMembers } from '../../db/schema';
import { lockSeries, type SeriesRow } from './member-places';

/**
 * Cancels a series locked by the caller, whose games still to come the caller has cancelled (each with `cancelGame`
 * under its own lock): the series keeps the reason, no later week is published, and its memberships end.
 */
export async function closeSeries(tx: Tx, seriesId: number, reason: string, now: Date): Promise<void> {
  await tx.update(series).set({ status: 'cancelled', cancelReason: reason, updatedAt: now }).where(eq(series.id, seriesId));
  await tx
    .update(seriesMembers)
    .set({ leftAt: now, endReason: 'series_cancelled' })
    .where(and(eq(seriesMembers.seriesId, seriesId), isNull(seriesMembers.leftAt)));
}

/**
 * Locks, in id order and before any game, every series of a user whose account is being deleted: those they are an
 * active member of, those they organise that are not cancelled, and those of the games to come they hold a place in.
 * So the daily job can neither give the leaving account a place nor publish another week of their series meanwhile,
 * and the games' locks that follow find their series held already. Returns the series they organise.
 */
export async function lockSeriesOfAccount(tx: Tx, userId: number, now: Date): Promise<SeriesRow[]> {
  const memberOf = tx
    .select({ seriesId: seriesMembers.seriesId })
    .from(seriesMembers)
    .where(and(eq(seriesMembers.userId, userId), isNull(seriesMembers.leftAt)));
  const playsIn = tx
    .select({ seriesId: games.seriesId })
    .from(registrations)
    .innerJoin(games, eq(games.id, registrations.gameId))
    .where(and(eq(registrations.userId, userId), ne(registrations.status, 'cancelled'), gt(registrations.gameDateTime, now)));
  const ids = await tx
    .select({ id: series.id })
    .from(series)
    .where(or(inArray(series.id, memberOf), inArray(series.id, playsIn), and(eq(series.creatorId, userId), eq(series.status, 'active'))))
    .orderBy(asc(series.id));
  const organised: SeriesRow[] = [];
  for (const { id } of ids) {
    const row = await lockSeries(tx, id);
    if (row.creatorId === userId && row.status === 'active') organised.push(row);
  }
  return organised;
}

/** Ends every active membership of a user whose account is being deleted (their series locked by lockSeriesOfAccount). */
export async function endMembershipsOf(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(seriesMembers)
    .set({ leftAt: now, endReason: 'account_deleted' })
    .where(and(eq(seriesMembers.userId, userId), isNull(seriesMembers.leftAt)));
}
