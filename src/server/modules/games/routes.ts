import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PassThrough } from 'node:stream';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import { idParamsSchema } from '../../../shared/schemas/common';
import {
  applyBodySchema,
  applyReplySchema,
  brazilianStateSchema,
  cancelReplySchema,
  citiesQuerySchema,
  citySchema,
  gameEventsQuerySchema,
  type Game,
  gameSchema,
  listGamesQuerySchema,
  type ListGamesQuery,
  privateLinkParamsSchema,
  sportSchema,
  waitlistBodySchema,
  waitlistReplySchema,
} from '../../../shared/schemas/games';
import type { ServerContext } from '../../core/context';
import { withViewerRegistrations } from '../../core/games/game-view';
import { createSignedInCache } from '../../core/signed-in-cache';
import { currentCaller, currentUser } from '../../http/authentication';
import { type EncodedReply, encodeReply, errorReplies, sendKept, signedInSchema } from '../../http/route-helpers';
import { AppError } from '../../lib/app-error';
import { byIp, minutes } from '../../lib/rate-limit';
import { createRefreshingCache } from '../../lib/refreshing-cache';
import { applyToGame } from './apply-to-game';
import { cancelRegistration } from './cancel-registration';
import { getGame, getGameByPrivateLink } from './get-game';
import { getGameCalendar } from './get-game-calendar';
import { joinWaitlist } from './join-waitlist';
import { listGames } from './list-games';
import { listCities, listSports, listStates } from './list-reference-data';
import { createLivePlaces } from './live-places';
import { openGamePlaces } from './open-game-places';

const PRIVATE_LINK_TRIES = { name: 'private-link:ip', max: 60, windowMs: minutes(1) };

/** Asking with a `privateLink` query is trying a link: counted by address; other calls are not. */
const byIpWhenLinkGiven = (request: FastifyRequest) => ((request.query as { privateLink?: unknown }).privateLink ? byIp(request) : undefined);

/**
 * A Server-Sent Events reply: never cached, compressed or buffered by a proxy; the body ends when the client goes.
 * A client that went while the stream was being opened is sent nothing, and its stream ends at once.
 */
function sendEvents(request: FastifyRequest, reply: FastifyReply, body: PassThrough) {
  if (request.raw.socket.destroyed) {
    body.destroy();
    return reply.hijack();
  }
  reply.raw.once('close', () => body.destroy());
  return reply
    .type('text/event-stream; charset=utf-8')
    .headers({ 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' })
    .send(body);
}

export function gameRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const publicListings = createRefreshingCache<EncodedReply & { games: Game[]; total: number }>({
    ttlMs: ctx.config.listingCacheMs,
    maxEntries: 500,
    clock: ctx.clock,
    onError: (error) => ctx.log.error({ err: error }, 'falha ao atualizar a lista de jogos em cache'),
  });
  ctx.changes.subscribe(() => publicListings.clear());
  const live = createLivePlaces(ctx);
  ctx.metrics.gauge('live_place_streams', 'Conexões abertas de vagas ao vivo', live.openStreams);
  const refuseBeyondCap = (address: string) => {
    if (!live.hasRoomFor(address)) throw new AppError('too_many_live_streams', messages.tooManyLiveStreams);
  };
  const listing = async (query: ListGamesQuery) => {
    const { games, total } = await listGames(ctx, query);
    return { games, body: Buffer.from(JSON.stringify(games)), total };
  };
  const sharedListing = (query: ListGamesQuery) => publicListings.get(JSON.stringify(query), () => listing(query));
  // What a signed-in caller's list and games looked like to them, encoded (decision 032).
  const viewerListings = createSignedInCache<EncodedReply & { total: number }>(ctx, { name: 'viewer-listings', maxEntries: 200 });
  const gameReplies = createSignedInCache<EncodedReply>(ctx, { name: 'games', maxEntries: 5_000 });
  return async (app) => {
    // Before the server waits for connections to end: open streams would hold a drain for its whole limit.
    app.addHook('preClose', async () => live.close());

    app.get('/games/events', {
      schema: {
        tags: ['games'],
        summary: 'Vagas ao vivo da lista de jogos (Server-Sent Events)',
        description:
          'text/event-stream: a cada mudança, um evento `{id, remainingSlots, waitlistCount}` por jogo público publicado; um comentário a cada LIVE_HEARTBEAT_MS. No máximo LIVE_STREAMS_PER_ADDRESS conexões abertas por endereço (429 além disso).',
        response: errorReplies(429),
      },
      compress: false,
      handler: async (request, reply) => {
        const address = byIp(request);
        refuseBeyondCap(address);
        return sendEvents(request, reply, live.watchListing(address));
      },
    });
    app.get('/games/sports', {
      schema: { tags: ['games'], summary: 'Esportes ativos', response: { 200: z.array(sportSchema) } },
      handler: async (request) => listSports(request.ctx),
    });

    app.get('/games/states', {
      schema: { tags: ['games'], summary: 'Estados ativos', response: { 200: z.array(brazilianStateSchema) } },
      handler: async (request) => listStates(request.ctx),
    });

    app.get('/games/cities', {
      schema: {
        tags: ['games'],
        summary: 'Cidades ativas (de um estado, com stateId)',
        querystring: citiesQuerySchema,
        response: { 200: z.array(citySchema), ...errorReplies(400) },
      },
      handler: async (request) => listCities(request.ctx, request.query.stateId),
    });

    app.get('/games', {
      schema: {
        tags: ['games'],
        summary: 'Jogos públicos publicados a partir de 24 h atrás, por data (total no cabeçalho X-Total-Count)',
        description:
          'Filtros da especificação: sportId, stateId, cityId, date, location, status e privateLink. Cada jogo traz também os nomes da especificação (date, time, slots e, para quem está na fila, waitlistId). Diferenças deliberadas (decisão 022): o organizador aparece só pelo nome (creator.name), sem e-mail; o rascunho/publicado do organizador vem em publicationState, e state é o estado (UF) do jogo.',
        querystring: listGamesQuerySchema,
        response: { 200: z.array(gameSchema), ...errorReplies(400, 429) },
      },
      // Asking by `privateLink` is trying a link: the same limit as opening one.
      preValidation: ctx.rateLimiter.limit({ ...PRIVATE_LINK_TRIES, key: byIpWhenLinkGiven }),
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
          return sendKept(request, reply, viewerListings, `${viewer}:${query}`, async () => {
            const { games, total } = await sharedListing(request.query);
            return { body: Buffer.from(JSON.stringify(await withViewerRegistrations(ctx.db, games, viewer, ctx.clock.now()))), total };
          }, withTotal);
        }
        // The list is the same for everyone: served from a short-lived cache of the games and their
        // encoded reply (bytes, and gzipped bytes once a client asks), so a hot list costs no query.
        return sendKept(request, reply, publicListings, query, () => listing(request.query), withTotal);
      },
    });

    app.get('/games/private/:link', {
      schema: {
        tags: ['games'],
        summary: 'Um jogo pelo link privado',
        params: privateLinkParamsSchema,
        response: { 200: gameSchema, ...errorReplies(400, 404, 429) },
      },
      // Links are unguessable; the limit keeps anyone from trying.
      preValidation: ctx.rateLimiter.limit({ ...PRIVATE_LINK_TRIES, key: byIp }),
      preHandler: app.optionalUser,
      handler: async (request) => getGameByPrivateLink(request.ctx, request.params.link, request.user),
    });

    app.get('/games/:id', {
      schema: {
        tags: ['games'],
        summary: 'Um jogo (rascunhos, cancelados e privados só para quem criou ou se inscreveu)',
        params: idParamsSchema,
        response: { 200: gameSchema, ...errorReplies(400, 404) },
      },
      // Sent as kept bytes, gzipped once by sendEncoded: the compression plugin has nothing to do here.
      compress: false,
      preHandler: app.optionalUser,
      handler: (request, reply) => {
        const viewer = request.user?.id;
        return sendKept(request, reply, gameReplies, `${viewer ?? '-'}:${request.params.id}`, async () =>
          encodeReply(gameSchema, await getGame(request.ctx, request.params.id, viewer)),
        );
      },
    });

    app.get('/games/:id/calendar.ics', {
      schema: {
        tags: ['games'],
        summary: 'O jogo em iCalendar (text/calendar) para adicionar à agenda; quem pode ver o jogo pode baixá-lo',
        params: idParamsSchema,
        response: { 200: z.string().describe('VCALENDAR com um VEVENT'), ...errorReplies(400, 404) },
      },
      preHandler: app.optionalUser,
      handler: async (request, reply) => {
        const ics = await getGameCalendar(request.ctx, request.params.id, request.user?.id);
        reply.type('text/calendar; charset=utf-8');
        reply.header('Content-Disposition', `attachment; filename="jogo-${request.params.id}.ics"`);
        return ics;
      },
    });

    app.get('/games/:id/events', {
      schema: {
        tags: ['games'],
        summary: 'Vagas ao vivo de um jogo (Server-Sent Events)',
        description:
          'text/event-stream: `{remainingSlots, waitlistCount}` ao conectar e a cada mudança; um comentário a cada LIVE_HEARTBEAT_MS. Jogo publicado e ativo: público, ou privado com privateLink. No máximo LIVE_STREAMS_PER_ADDRESS conexões abertas por endereço (429 além disso).',
        params: idParamsSchema,
        querystring: gameEventsQuerySchema,
        response: errorReplies(400, 404, 429),
      },
      compress: false,
      // Presenting a link is trying one: the same limit as opening one.
      preValidation: ctx.rateLimiter.limit({ ...PRIVATE_LINK_TRIES, key: byIpWhenLinkGiven }),
      handler: async (request, reply) => {
        // Read once, now: a client that hangs up during the query has no address afterwards.
        const address = byIp(request);
        refuseBeyondCap(address);
        const { places, access } = await openGamePlaces(request.ctx, request.params.id, request.query.privateLink);
        // Asked again after the query: streams opened meanwhile count too.
        refuseBeyondCap(address);
        return sendEvents(request, reply, live.watchGame(address, request.params.id, access, places));
      },
    });

    app.post('/games/:id/apply', {
      schema: signedInSchema({
        tags: ['games'],
        summary: 'Inscreve-se: vaga livre confirma (créditos debitados), jogo lotado entra na lista de espera',
        params: idParamsSchema,
        // Fastify hands a missing body to the validator as null.
        body: applyBodySchema.nullish(),
        response: { 200: applyReplySchema },
      }, 400, 404, 409),
      // The common apply checks the token's version itself: the account is read only for the full path.
      onRequest: app.requireToken,
      handler: async (request) => applyToGame(request.ctx, currentCaller(app, request), request.params.id, request.body ?? {}),
    });

    app.post('/games/:id/waitlist', {
      schema: signedInSchema({
        tags: ['games'],
        summary: 'Entra na lista de espera de um jogo lotado',
        params: idParamsSchema,
        body: waitlistBodySchema.nullish(),
        response: { 200: waitlistReplySchema },
      }, 400, 404, 409),
      onRequest: app.requireUser,
      handler: async (request) => joinWaitlist(request.ctx, currentUser(request), request.params.id, request.body?.privateLink),
    });

    app.post('/games/:id/cancel', {
      schema: signedInSchema({
        tags: ['games'],
        summary: 'Cancela a inscrição (reembolso se faltarem 48 h ou mais) ou sai da lista de espera',
        params: idParamsSchema,
        response: { 200: cancelReplySchema },
      }, 400, 404, 409),
      onRequest: app.requireUser,
      handler: async (request) => cancelRegistration(request.ctx, currentUser(request), request.params.id),
    });
  };
}
