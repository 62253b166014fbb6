import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { toReais } from '../../../shared/money';
import { DASHBOARD_RECENT_GAMES, type DashboardReply } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { games, registrations, users } from '../../db/schema';
import { loadAdminGames } from './admin-views';

/**
 * The four counters and the newest games. Cancelled (and admin-deleted) games are left out of
 * every figure: their players were refunded. Revenue follows the spec (players × price, summed),
 * counting confirmed registrations only.
 */
export async function getDashboard(ctx: ServerContext): Promise<DashboardReply> {
  const now = ctx.clock.now();
  const notCancelled = ne(games.status, 'cancelled');
  const [[userCount], [gameCount], [upcomingCount], [revenue], recent] = await Promise.all([
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(users),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(games).where(notCancelled),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(games).where(and(notCancelled, gt(games.dateTime, now))),
    // float8: exact for any realistic sum of centavos, and a plain number on both drivers (bigint is text on pg).
    ctx.db
      .select({ cents: sql<number>`coalesce(sum(${games.priceCents}), 0)::float8` })
      .from(registrations)
      .innerJoin(games, eq(games.id, registrations.gameId))
      .where(and(notCancelled, eq(registrations.status, 'confirmed'))),
    ctx.db
      .select({ id: games.id })
      .from(games)
      .where(notCancelled)
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(DASHBOARD_RECENT_GAMES),
  ]);
  return {
    totalUsers: userCount?.count ?? 0,
    totalGames: gameCount?.count ?? 0,
    upcomingGames: upcomingCount?.count ?? 0,
    totalRevenue: toReais(Number(revenue?.cents ?? 0)),
    recentGames: await loadAdminGames(ctx.db, recent.map((row) => row.id), now),
  };
}
