import { and, asc, eq, sql } from 'drizzle-orm';
import { gameListText } from '../../../shared/game-list-text';
import { messages } from '../../../shared/messages';
import type { AuthUser, ServerContext } from '../../core/context';
import { assertManagesGame } from '../../core/games/game-day';
import { loadUserGame } from '../../core/games/user-game-view';
import { displayName } from '../../core/users/display-name';
import { registrations, users } from '../../db/schema';

type Row = { name: string; member: boolean; walk_in: boolean; paid: boolean };

/**
 * The list as it is pasted in WhatsApp (issue 44, item 6), for whoever runs the game and the administration: the
 * confirmed players and the walk-ins in the order they got their place (as "Quem vai" orders them), with full names,
 * mensalistas (members of the game's series now) marked, and ✅ for a place paid through the platform.
 */
export async function getGameListText(ctx: ServerContext, user: AuthUser, gameId: number): Promise<string> {
  await assertManagesGame(ctx.db, gameId, user);
  const now = ctx.clock.now();
  const game = await loadUserGame(ctx.db, gameId, now);
  const result = await ctx.db.execute(sql`
    select name, member, walk_in, paid from (
      select case when u.deleted_at is null then u.name else ${messages.accountDeleted} end as name, false as walk_in,
        exists (
          select 1 from series_members m join games g on g.series_id = m.series_id
          where g.id = r.game_id and m.user_id = r.user_id and m.left_at is null
        ) as member,
        r.payment_type in ('credit', 'stripe', 'mercadopago') and r.paid_cents > 0 as paid,
        coalesce(r.confirmed_at, r.joined_at) as since, r.id
      from registrations r join users u on u.id = r.user_id
      where r.game_id = ${gameId} and r.status = 'confirmed'
      union all
      select w.name, true, false, false, w.created_at, w.id from game_walk_ins w where w.game_id = ${gameId}
    ) players order by since, walk_in, id`);
  const players = (result as unknown as { rows: Row[] }).rows.map((row) => ({
    name: row.name,
    isMember: row.member,
    isWalkIn: row.walk_in,
    hasPaidOnPlatform: row.paid,
  }));
  const waitlist = await ctx.db
    .select({ name: displayName })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(and(eq(registrations.gameId, gameId), eq(registrations.status, 'waitlist')))
    .orderBy(asc(registrations.joinedAt), asc(registrations.id));
  return gameListText(
    game,
    players,
    waitlist.map((row) => row.name),
    now,
  );
}
