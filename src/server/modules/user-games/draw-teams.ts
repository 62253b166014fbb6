import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { DrawTeamsReply } from '../../../shared/schemas/game-day';
import { drawTeams as drawBalancedTeams, type RandomSource, teamsShareText } from '../../../shared/rules/team-draw';
import type { AuthUser, ServerContext } from '../../core/context';
import { assertNotCancelled, loadTeams, lockManagedGame } from '../../core/games/game-day';
import { gameWalkIns, registrations, teamPlayers } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Draws teams from the confirmed players and the walk-ins marked present (every one of them not marked absent when
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
    const [confirmed, walkIns] = await Promise.all([
      tx
        .select({ userId: registrations.userId, level: registrations.level, present: registrations.present })
        .from(registrations)
        .where(and(eq(registrations.gameId, game.id), eq(registrations.status, 'confirmed'))),
      tx
        .select({ walkInId: gameWalkIns.id, level: gameWalkIns.level, present: gameWalkIns.present })
        .from(gameWalkIns)
        .where(eq(gameWalkIns.gameId, game.id)),
    ]);
    const everyone = [
      ...confirmed.map((player) => ({ ...player, walkInId: null })),
      ...walkIns.map((player) => ({ ...player, userId: null })),
    ];
    const anyPresent = everyone.some((player) => player.present === true);
    const pool = everyone.filter((player) => (anyPresent ? player.present === true : player.present !== false));
    if (teamCount > pool.length) throw new AppError('not_enough_players', messages.gameDay.notEnoughPlayers(pool.length, teamCount));

    const drawn = drawBalancedTeams(pool, teamCount, random);
    await tx.delete(teamPlayers).where(eq(teamPlayers.gameId, game.id));
    await tx
      .insert(teamPlayers)
      .values(
        drawn.flatMap((team, index) =>
          team.map((player) => ({ gameId: game.id, userId: player.userId, walkInId: player.walkInId, team: index + 1, drawnAt: now })),
        ),
      );
    const teams = await loadTeams(tx, game.id);
    return { teams, shareText: teamsShareText(game, teams) };
  });
}
