import { messages } from '../../../shared/messages';
import type { GamePlaces } from '../../../shared/schemas/games';
import type { ServerContext } from '../../core/context';
import { loadGamePlaces } from '../../core/games/game-view';
import { AppError } from '../../lib/app-error';
import type { WatchAccess } from './live-places';

/**
 * A game's places for its live stream, with what allows watching them: a published, active game that is
 * public, or private and asked with its link (what its page holds). Anything else, drafts and cancelled
 * games included, is the same 404 as a missing game. A stream carries no session (a browser's EventSource
 * sends no Authorization header), so nothing here depends on who asks.
 */
export async function openGamePlaces(
  ctx: ServerContext,
  gameId: number,
  privateLink: string | undefined,
): Promise<{ places: GamePlaces; access: WatchAccess }> {
  const [row] = await loadGamePlaces(ctx.db, [gameId], ctx.clock.now());
  const access: WatchAccess | undefined = !row?.isOpen
    ? undefined
    : row.visibility === 'public'
      ? { kind: 'public' }
      : privateLink !== undefined && privateLink === row.privateLink
        ? { kind: 'link', link: privateLink }
        : undefined;
  if (!row || !access) throw new AppError('game_not_found', messages.gameNotAvailable);
  const { remainingSlots, memberPlacesFree, waitlistCount } = row;
  return { places: { remainingSlots, ...(memberPlacesFree === undefined ? {} : { memberPlacesFree }), waitlistCount }, access };
}
