import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PassThrough } from 'node:stream';
import { messages } from '../../../shared/messages';
import type { ServerContext } from '../../core/context';
import { apiRoute } from '../../http/route-helpers';
import { AppError } from '../../lib/app-error';
import { byIp } from '../../lib/rate-limit';
import { createLivePlaces } from './live-places';
import { openGamePlaces } from './open-game-places';
import { byIpWhenLinkGiven, privateLinkTries } from './private-link-tries';

const tags = ['games'];

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

/** Live places (decision 030): streams of a game's places and of the listed games' changes. */
export function livePlaceRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const live = createLivePlaces(ctx);
  ctx.metrics.gauge('live_place_streams', 'Conexões abertas de vagas ao vivo', live.openStreams);
  const refuseBeyondCap = (address: string) => {
    if (!live.hasRoomFor(address)) throw new AppError('too_many_live_streams', messages.tooManyLiveStreams);
  };
  return async (app) => {
    // Before the server waits for connections to end: open streams would hold a drain for its whole limit.
    app.addHook('preClose', async () => live.close());

    app.route({
      ...apiRoute(
        'GET /games/events',
        {
          tags,
          summary: 'Vagas ao vivo da lista de jogos (Server-Sent Events)',
          description:
            'text/event-stream: a cada mudança, um evento `{id, remainingSlots, waitlistCount}` por jogo público publicado; um comentário a cada LIVE_HEARTBEAT_MS. No máximo LIVE_STREAMS_PER_ADDRESS conexões abertas por endereço (429 além disso).',
        },
        429,
      ),
      compress: false,
      handler: async (request, reply) => {
        const address = byIp(request);
        refuseBeyondCap(address);
        return sendEvents(request, reply, live.watchListing(address));
      },
    });

    app.route({
      ...apiRoute(
        'GET /games/:id/events',
        {
          tags,
          summary: 'Vagas ao vivo de um jogo (Server-Sent Events)',
          description:
            'text/event-stream: `{remainingSlots, waitlistCount}` ao conectar e a cada mudança; um comentário a cada LIVE_HEARTBEAT_MS. Jogo publicado e ativo: público, ou privado com privateLink. No máximo LIVE_STREAMS_PER_ADDRESS conexões abertas por endereço (429 além disso).',
        },
        400,
        404,
        429,
      ),
      compress: false,
      // Presenting a link is trying one: the same limit as opening one.
      preValidation: privateLinkTries(ctx, byIpWhenLinkGiven),
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
  };
}
