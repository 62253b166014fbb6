import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Game } from '../../../shared/schemas/games';
import type { AuthUser, ServerContext } from '../../core/context';
import { loadGamePlayers, loadTeamsAsPlayersSee } from '../../core/games/game-players';
import { loadGameViews } from '../../core/games/game-view';
import { isGroupMember, runsGroup } from '../../core/groups/group-roles';
import { recordInvitation } from '../../core/invitations/record-invitation';
import { games, invitations } from '../../db/schema';
import { AppError } from '../../lib/app-error';

async function loadGame(ctx: ServerContext, gameId: number, viewerId: number | undefined, revealPrivateLink: boolean) {
  const [game] = await loadGameViews(ctx.db, { where: eq(games.id, gameId), now: ctx.clock.now(), viewerId, revealPrivateLink });
  return game;
}

/** Whoever created a game or ever registered in it can always open it. */
const isInvolved = (game: Game, viewerId: number | undefined) =>
  viewerId !== undefined && (game.creator.id === viewerId || game.registrationType !== null);

const isOpen = (game: Game) => game.publicationState === 'published' && game.status === 'active';

/** A public game that was published and then cancelled: its page stays, saying so. */
const isCancelledInPublic = (game: Game) =>
  game.publicationState === 'published' && game.status === 'cancelled' && game.visibility === 'public';

/** Who is asking: their id, and whether they administer the platform (full names in "Quem vai"). */
type Viewer = Pick<AuthUser, 'id' | 'role'>;

/** Only players with a confirmed place see the teams of the last draw, named as "Quem vai" names them to the same reader. */
async function withTeams(ctx: ServerContext, game: Game, viewer: Viewer | null | undefined): Promise<Game> {
  if (game.registrationType !== 'confirmed') return game;
  return { ...game, teams: await loadTeamsAsPlayersSee(ctx.db, game.id, readsFullNames(game, viewer)) };
}

/** The game's organiser and administrators read players' full names; everyone else first names and initials. */
const readsFullNames = (game: Game, viewer: Viewer | null | undefined): boolean =>
  viewer !== null && viewer !== undefined && (viewer.role === 'admin' || viewer.id === game.creator.id);

async function isInvited(ctx: ServerContext, gameId: number, viewerId: number | undefined): Promise<boolean> {
  if (viewerId === undefined) return false;
  const [row] = await ctx.db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.gameId, gameId), eq(invitations.userId, viewerId)));
  return row !== undefined;
}

/**
 * Whether the viewer opens a turma's game as of its turma (decision 074): its owner and organisers any game of it (as
 * its creator would), its members a published, active one only for them (visibility `group`).
 */
async function opensAsOfItsGroup(ctx: ServerContext, game: Game, viewerId: number | undefined): Promise<boolean> {
  if (viewerId === undefined || !game.group) return false;
  if (await runsGroup(ctx.db, game.group.id, viewerId)) return true;
  return isOpen(game) && game.visibility === 'group' && (await isGroupMember(ctx.db, game.group.id, viewerId));
}

/**
 * A game by id: drafts only for their creator and their players; a cancelled public game for anyone, with its
 * reason (a cancelled private one for its creator and players); a private game also for whoever was invited to it
 * (they already hold its link, which they then see).
 */
export async function getGame(
  ctx: ServerContext,
  gameId: number,
  viewer: Viewer | undefined,
  options: { players: boolean } = { players: true },
): Promise<Game> {
  const viewerId = viewer?.id;
  const withPlayers = (seen: Game) => (options.players ? withPlayersFor(ctx, seen, viewer) : seen);
  const game = await loadGame(ctx, gameId, viewerId, false);
  if (!game) throw new AppError('game_not_found', messages.gameNotAvailable);
  if (game.registrationType === 'confirmed') return withPlayers(await withTeams(ctx, game, viewer));
  if (isCancelledInPublic(game) || (game.status === 'cancelled' && isInvolved(game, viewerId))) {
    // A link to a game that was called off says so, and why, to anyone who could see it before.
    const [row] = await ctx.db.select({ cancelReason: games.cancelReason }).from(games).where(eq(games.id, gameId));
    return withPlayers({ ...game, cancelReason: row?.cancelReason ?? null });
  }
  if ((isOpen(game) && game.visibility === 'public') || isInvolved(game, viewerId)) return withPlayers(game);
  if (await opensAsOfItsGroup(ctx, game, viewerId)) return withPlayers(game);
  if (isOpen(game) && game.visibility === 'private' && (await isInvited(ctx, gameId, viewerId))) {
    const withLink = await loadGame(ctx, gameId, viewerId, true);
    if (withLink) return withPlayers(withLink);
  }
  throw new AppError('game_not_found', messages.gameNotAvailable);
}

/**
 * "Quem vai" (decision 047), for a signed-in caller who may see the game: its organiser and administrators read full
 * names, other players first names and initials. A visitor reads only the counts the game already carries.
 */
async function withPlayersFor(ctx: ServerContext, game: Game, viewer: Viewer | null | undefined): Promise<Game> {
  if (!viewer) return game;
  return { ...game, players: await loadGamePlayers(ctx.db, game.id, readsFullNames(game, viewer)) };
}

/**
 * A game by its private link: holding the link is what opens a published private game. A signed-in
 * visitor who is not its organiser is recorded as invited, so the game stays in their invitations.
 */
export async function getGameByPrivateLink(ctx: ServerContext, link: string, viewer: AuthUser | null | undefined): Promise<Game> {
  const [row] = await ctx.db.select({ id: games.id }).from(games).where(eq(games.privateLink, link));
  const game = row ? await loadGame(ctx, row.id, viewer?.id, true) : undefined;
  if (!game || !(isOpen(game) || isInvolved(game, viewer?.id))) throw new AppError('game_not_found', messages.gameNotAvailable);
  // A turma's game is for its members: its link opens it to nobody else (decision 074).
  if (game.visibility === 'group' && !isInvolved(game, viewer?.id) && !(await opensAsOfItsGroup(ctx, game, viewer?.id))) {
    throw new AppError('game_not_found', messages.gameNotAvailable);
  }
  if (viewer && viewer.id !== game.creator.id) await recordInvitation(ctx.db, game.id, viewer, 'link');
  // The private link is the game's page too: a confirmed player reads the teams there as well.
  return withPlayersFor(ctx, await withTeams(ctx, game, viewer), viewer);
}
