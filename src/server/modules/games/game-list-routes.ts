import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Game, ListGamesQuery } from '../../../shared/schemas/games';
import type { ServerContext } from '../../core/context';
import { withViewerRegistrations } from '../../core/games/game-view';
import { createSignedInCache } from '../../core/signed-in-cache';
import { apiRoute, type EncodedReply, sendKept } from '../../http/route-helpers';
import { createRefreshingCache } from '../../lib/refreshing-cache';
import { listGames } from './list-games';
import { byIpWhenLinkGiven, privateLinkTries } from './private-link-tries';

/** The public list of games: kept encoded for everyone, and per signed-in caller with their registrations on top. */
export function gameListRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const publicListings = createRefreshingCache<EncodedReply & { games: Game[]; total: number }>({
    ttlMs: ctx.config.listingCacheMs,
    maxEntries: 500,
    clock: ctx.clock,
    onError: (error) => ctx.log.error({ err: error }, 'falha ao atualizar a lista de jogos em cache'),
  });
  ctx.changes.subscribe(() => publicListings.clear());
  // Encoded when first sent: a listing read for a signed-in caller's list may never be sent as it is.
  const listing = async (query: ListGamesQuery) => {
    const { games, total } = await listGames(ctx, query);
    let body: Buffer | undefined;
    return {
      games,
      total,
      get body() {
        return (body ??= Buffer.from(JSON.stringify(games)));
      },
    };
  };
  // What a signed-in caller's list looked like to them, encoded (decision 032).
  const viewerListings = createSignedInCache<EncodedReply & { total: number }>(ctx, { name: 'viewer-listings', maxEntries: 200 });
  return async (app) => {
    app.route({
      ...apiRoute(
        'GET /games',
        {
          tags: ['games'],
          summary: 'Jogos públicos publicados a partir de 24 h atrás, por data (total no cabeçalho X-Total-Count)',
          description:
            'Filtros da especificação: sportId, stateId, cityId, date, location, status e privateLink. ' +
            'Cada jogo traz também os nomes da especificação (date, time, slots e, para quem está na fila, waitlistId). ' +
            'Diferenças deliberadas (decisão 022): o organizador aparece só pelo nome (creator.name), sem e-mail; ' +
            'o rascunho/publicado do organizador vem em publicationState, e state é o estado (UF) do jogo.',
        },
        400,
      ),
      // Asking by `privateLink` is trying a link: the same limit as opening one.
      preValidation: privateLinkTries(ctx, byIpWhenLinkGiven),
      // Sent as kept bytes, gzipped once by sendEncoded: the compression plugin has nothing to do here.
      compress: false,
      preHandler: app.optionalUser,
      handler: (request, reply) => {
        // The games were shaped by the API's own code: the reply skips the schema serializer
        // (an untyped reply), which would check a hundred games again on every call.
        const withTotal = (kept: { total: number }) => reply.header('X-Total-Count', String(kept.total));
        const query = JSON.stringify(request.query);
        if (request.user) {
          // The caller's own registrations on top of the shared list, remembered for them until anything changes.
          const viewer = request.user.id;
          return sendKept(
            request,
            reply,
            viewerListings,
            `${viewer}:${query}`,
            async () => {
              // The shared list when it is kept, with the caller's registrations on top; else one read with them in it.
              const shared = publicListings.peek(query)?.value;
              const { games, total } = shared
                ? { games: await withViewerRegistrations(ctx.db, shared.games, viewer, ctx.clock.now()), total: shared.total }
                : await listGames(ctx, request.query, viewer);
              return { body: Buffer.from(JSON.stringify(games)), total };
            },
            withTotal,
          );
        }
        // The list is the same for everyone: served from a short-lived cache of the games and their
        // encoded reply (bytes, and gzipped bytes once a client asks), so a hot list costs no query.
        return sendKept(request, reply, publicListings, query, () => listing(request.query), withTotal);
      },
    });
  };
}
