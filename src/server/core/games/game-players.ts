import { sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { GamePlayer } from '../../../shared/schemas/games';
import type { Queryable } from '../../db/open-database';

/** "Maria S." from "Maria da Silva": the first name and the initial of the last, as other players see a name. */
export function shortName(full: string): string {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  const initial = [...words[words.length - 1]!][0]!.toLocaleUpperCase('pt-BR');
  return /\p{L}/u.test(initial) ? `${words[0]} ${initial}.` : words[0]!;
}

/**
 * "Quem vai" (decision 047): the confirmed players and the walk-ins of a game, in the order they got their place, in
 * one query. `fullNames` for the organiser and the administration; everyone else reads first names and initials.
 */
export async function loadGamePlayers(q: Queryable, gameId: number, fullNames: boolean): Promise<GamePlayer[]> {
  const result = await q.execute(sql`
    select name, walk_in, deleted from (
      select case when u.deleted_at is null then u.name else ${messages.accountDeleted} end as name, false as walk_in,
        u.deleted_at is not null as deleted, coalesce(r.confirmed_at, r.joined_at) as since, r.id
      from registrations r join users u on u.id = r.user_id
      where r.game_id = ${gameId} and r.status = 'confirmed'
      union all
      select w.name, true, false, w.created_at, w.id from game_walk_ins w where w.game_id = ${gameId}
    ) players order by since, walk_in, id`);
  const rows = (result as unknown as { rows: { name: string; walk_in: boolean; deleted: boolean }[] }).rows;
  // "Conta excluída" is no one's name: it stays whole.
  return rows.map((row) => ({ name: fullNames || row.deleted ? row.name : shortName(row.name), walkIn: row.walk_in }));
}
