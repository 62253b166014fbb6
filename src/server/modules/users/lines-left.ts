import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open-database';
import { registrations } from '../../db/schema';

/**
 * Of `gameIds`, the games whose latest registration of `userId` was cancelled while in line: the player left the
 * waitlist and never had a place, which the lists say as such rather than as a cancelled registration.
 */
export async function linesLeft(q: Queryable, userId: number, gameIds: number[]): Promise<Set<number>> {
  if (gameIds.length === 0) return new Set();
  const latest = await q
    .selectDistinctOn([registrations.gameId], {
      gameId: registrations.gameId,
      status: registrations.status,
      cancelledFrom: registrations.cancelledFrom,
    })
    .from(registrations)
    .where(and(eq(registrations.userId, userId), sql`${registrations.gameId} = any(${sql.param(gameIds)}::int[])`))
    .orderBy(registrations.gameId, desc(registrations.id));
  return new Set(latest.filter((r) => r.status === 'cancelled' && r.cancelledFrom === 'waitlist').map((r) => r.gameId));
}
