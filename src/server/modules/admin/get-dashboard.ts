import { and, desc, gt, ne, sql } from 'drizzle-orm';
import { saoPauloDayRange, TIME_ZONE, zonedWallTime } from '../../../shared/dates';
import { toReais } from '../../../shared/money';
import { DASHBOARD_RECENT_GAMES, type DashboardReply } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { platformEarnings } from '../../core/earnings/organiser-balance';
import { dashboardTotals, games } from '../../db/schema';
import { loadAdminGames } from './admin-views';

/**
 * The four counters and the newest games. Cancelled (and admin-deleted) games are left out of
 * every figure: their players were refunded. Revenue follows the spec (players × price, summed),
 * counting confirmed registrations paid through the platform only (credits, card, PIX; db/definitions/registrations_move_dashboard.sql). Organisers'
 * earnings (fees, what is owed, paid out this month) are summed from their ledger (decision 045). Accounts, games and
 * revenue are kept by the database as they change
 * (`dashboard_totals`, migration 0017): a view adds a few hundred rows, not all history (decision 041).
 */
export async function getDashboard(ctx: ServerContext): Promise<DashboardReply> {
  const now = ctx.clock.now();
  const notCancelled = ne(games.status, 'cancelled');
  const monthStart = saoPauloDayRange(`${zonedWallTime(now, TIME_ZONE).day.slice(0, 8)}01`).start;
  const [[totals], [upcomingCount], recent, earnings] = await Promise.all([
    // float8: exact for any realistic sum of centavos, and a plain number on both drivers (bigint is text on pg).
    ctx.db
      .select({
        users: sql<number>`coalesce(sum(${dashboardTotals.users}), 0)::int`,
        games: sql<number>`coalesce(sum(${dashboardTotals.games}), 0)::int`,
        revenueCents: sql<number>`coalesce(sum(${dashboardTotals.revenueCents}), 0)::float8`,
      })
      .from(dashboardTotals),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(games)
      .where(and(notCancelled, gt(games.dateTime, now))),
    ctx.db
      .select({ id: games.id })
      .from(games)
      .where(notCancelled)
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(DASHBOARD_RECENT_GAMES),
    platformEarnings(ctx.db, now, ctx.config.earnings.holdHours, monthStart),
  ]);
  return {
    totalUsers: totals?.users ?? 0,
    totalGames: totals?.games ?? 0,
    upcomingGames: upcomingCount?.count ?? 0,
    totalRevenue: toReais(Number(totals?.revenueCents ?? 0)),
    recentGames: await loadAdminGames(
      ctx.db,
      recent.map((row) => row.id),
      now,
    ),
    earnings: {
      fees: toReais(earnings.feesCents),
      owedPending: toReais(earnings.owedPendingCents),
      owedAvailable: toReais(earnings.owedAvailableCents),
      owedByOrganisers: toReais(earnings.owedByOrganisersCents),
      paidOutThisMonth: toReais(earnings.paidOutThisMonthCents),
      payoutsRequested: earnings.payoutsRequested,
    },
  };
}
