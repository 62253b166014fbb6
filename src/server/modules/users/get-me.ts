import { and, eq, gte, inArray } from 'drizzle-orm';
import { isFuture } from '../../../shared/rules/game-timing';
import type { MyGame, WaitlistedGame } from '../../../shared/schemas/games';
import type { MeReply } from '../../../shared/schemas/users';
import type { AuthUser, ServerContext } from '../../core/context';
import { leftTheLine, loadGameViewsWithRows } from '../../core/games/game-view';
import { toPublicUser } from '../../core/users/public-user';
import { games, registrations } from '../../db/schema';

/** How far back "my games" reaches: recent games still show as Finalizado; older ones drop off. */
const MY_GAMES_HISTORY_DAYS = 30;
const MAX_MY_GAMES = 200;

/**
 * The signed-in user with their games: `myGames` (latest registration confirmed, pending or
 * cancelled) and `waitlistedGames` (in line for a game that has not started, with the position).
 */
export async function getMe(ctx: ServerContext, user: AuthUser): Promise<MeReply> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - MY_GAMES_HISTORY_DAYS * 24 * 60 * 60 * 1000);
  // The player's registrations in the window, from the index on (user, game start): not every game they ever joined.
  const mine = ctx.db
    .select({ gameId: registrations.gameId })
    .from(registrations)
    .where(and(eq(registrations.userId, user.id), gte(registrations.gameDateTime, since)));
  const read = await loadGameViewsWithRows(ctx.db, {
    where: and(inArray(games.id, mine), gte(games.dateTime, since)),
    now,
    viewerId: user.id,
    limit: MAX_MY_GAMES,
  });
  const myGames: MyGame[] = [];
  const waitlistedGames: WaitlistedGame[] = [];
  // Each game's view is this call's own: the fields are added in place, not copied with forty others.
  for (const { view: game, viewer } of read) {
    const { registrationType, waitlistPosition } = game;
    if (registrationType === 'waitlist') {
      if (isFuture(game.dateTime, now)) waitlistedGames.push(Object.assign(game, { registrationType, position: waitlistPosition ?? 0 }));
    } else if (registrationType) {
      myGames.push(
        Object.assign(game, {
          registrationType,
          paymentType: game.paymentType ?? null,
          paymentDeadline: game.paymentDeadline ?? null,
          leftWaitlist: leftTheLine(viewer),
        }),
      );
    }
  }
  return { ...toPublicUser(user), hasPassword: user.passwordHash !== null, myGames, waitlistedGames };
}
