import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { DrawTeamsReply } from '../../../shared/schemas/game-day';
import { drawTeams as drawBalancedTeams, type RandomSource, teamsShareText } from '../../../shared/rules/team-draw';
import type { AuthUser, ServerContext } from '../../core/context';
import { assertNotCancelled, loadTeams, lockManagedGame } from '../../core/games/game-day';
import { displayName } from '../../core/users/display-name';
import { registrations, teamPlayers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Draws teams from the confirmed players marked present (every confirmed player not marked absent when
 * nobody is marked present yet) and saves them in place of any earlier draw.
 */
export async function drawTeams(
  ctx: ServerContext,
  user: AuthUser,
  gameId: number,
  teamCount: number,
  random: RandomSource = Math.random,
): Promise<DrawTeamsReply> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const game = await lockManagedGame(tx, gameId, user);
    assertNotCancelled(game);
    const confirmed = await tx
      .select({ id: registrations.userId, name: displayName, level: registrations.level, present: registrations.present })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(and(eq(registrations.gameId, game.id), eq(registrations.status, 'confirmed')));
    const anyPresent = confirmed.some((player) => player.present === true);
    const pool = confirmed.filter((player) => (anyPresent ? player.present === true : player.present !== false));
    if (teamCount > pool.length) throw new AppError('not_enough_players', messages.gameDay.notEnoughPlayers(pool.length, teamCount));

    const drawn = drawBalancedTeams(pool, teamCount, random);
    await tx.delete(teamPlayers).where(eq(teamPlayers.gameId, game.id));
    await tx
      .insert(teamPlayers)
      .values(
        drawn.flatMap((team, index) => team.map((player) => ({ gameId: game.id, userId: player.id, team: index + 1, drawnAt: now }))),
      );
    const teams = await loadTeams(tx, game.id);
    return { teams, shareText: teamsShareText(game, teams) };
  });
}
