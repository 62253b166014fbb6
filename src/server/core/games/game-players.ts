import { eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { GamePlayer, GameTeam } from '../../../shared/schemas/games';
import type { Queryable } from '../../db/open-database';
import { gameWalkIns, teamPlayers, users } from '../../db/schema';
import { displayName } from '../users/display-name';

/** "Maria S." from "Maria da Silva": the first name and the initial of the last, as other players see a name. */
export function shortName(full: string): string {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  const initial = [...words[words.length - 1]!][0]!.toLocaleUpperCase('pt-BR');
  return /\p{L}/u.test(initial) ? `${words[0]} ${initial}.` : words[0]!;
}

// "Conta excluída" is no one's name: it stays whole.
const shownName = (name: string, deleted: boolean, fullNames: boolean) => (fullNames || deleted ? name : shortName(name));

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
  return rows.map((row) => ({ name: shownName(row.name, row.deleted, fullNames), walkIn: row.walk_in }));
}

/**
 * The game's last draw (decision 029) as its page shows it to a confirmed player: the names as "Quem vai" gives them to
 * the same reader, walk-ins too, without the organiser's levels or anyone's account id (the organiser's routes have
 * those, loadTeams). Each team is in name order, not strongest first, so the order does not give the levels away either.
 */
export async function loadTeamsAsPlayersSee(q: Queryable, gameId: number, fullNames: boolean): Promise<GameTeam[]> {
  const [accounts, walkIns] = await Promise.all([
    q
      .select({ team: teamPlayers.team, name: displayName, deleted: sql<boolean>`${users.deletedAt} is not null` })
      .from(teamPlayers)
      .innerJoin(users, eq(users.id, teamPlayers.userId))
      .where(eq(teamPlayers.gameId, gameId)),
    q
      .select({ team: teamPlayers.team, name: gameWalkIns.name })
      .from(teamPlayers)
      .innerJoin(gameWalkIns, eq(gameWalkIns.id, teamPlayers.walkInId))
      .where(eq(teamPlayers.gameId, gameId)),
  ]);
  const rows = [
    ...accounts.map((row) => ({ team: row.team, name: shownName(row.name, row.deleted, fullNames), walkIn: false })),
    ...walkIns.map((row) => ({ team: row.team, name: shownName(row.name, false, fullNames), walkIn: true })),
  ].sort((a, b) => a.team - b.team || a.name.localeCompare(b.name, 'pt-BR') || Number(a.walkIn) - Number(b.walkIn));
  const teams = new Map<number, GameTeam>();
  for (const { team, ...player } of rows) {
    let entry = teams.get(team);
    if (!entry) teams.set(team, (entry = { name: messages.gameDay.teamName(team), players: [] }));
    entry.players.push(player);
  }
  return [...teams.values()];
}
