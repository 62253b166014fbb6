import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { AdminGameReply } from '../../../shared/schemas/admin';
import type { AuthUser, ServerContext } from '../../core/context';
import { recordGameEvent } from '../../core/games/game-history';
import { generatePrivateLink } from '../../core/games/private-link';
import { games } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { loadAdminGames } from './admin-views';

const MAX_NAME = 100;

/**
 * '{name} (Cópia)': every field of the game, active with 0 players and a new private link. The copy
 * is a draft created by the admin who duplicated it, so it reaches nobody before its date and
 * details are checked and it is published.
 */
export async function duplicateGame(ctx: ServerContext, admin: AuthUser, gameId: number): Promise<AdminGameReply> {
  const [source] = await ctx.db.select().from(games).where(eq(games.id, gameId));
  if (!source) throw new AppError('game_not_found', messages.admin.gameNotFound);
  const suffix = messages.admin.copySuffix;
  const copy = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(games)
      .values({
        name: `${source.name.slice(0, MAX_NAME - suffix.length).trimEnd()}${suffix}`,
        location: source.location,
        address: source.address,
        dateTime: source.dateTime,
        priceCents: source.priceCents,
        totalSlots: source.totalSlots,
        description: source.description,
        descriptionHtml: source.descriptionHtml,
        // The copy is the administration's, outside any turma: a game only for a turma's members becomes private.
        visibility: source.visibility === 'group' ? 'private' : source.visibility,
        usePlatformPayment: source.usePlatformPayment,
        state: 'draft',
        status: 'active',
        sportId: source.sportId,
        stateId: source.stateId,
        cityId: source.cityId,
        privateLink: generatePrivateLink(),
        creatorId: admin.id,
      })
      .returning({ id: games.id });
    const details = { byAdmin: true };
    await recordGameEvent(tx, { gameId: inserted!.id, actorId: admin.id, action: 'created', details, at: ctx.clock.now() });
    return inserted;
  });
  const [game] = await loadAdminGames(ctx.db, [copy!.id], ctx.clock.now());
  return { message: messages.admin.gameDuplicated(source.name), game: game! };
}
