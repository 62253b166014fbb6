import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../core/context';
import { apiRoute, signedInRoute, signedInRoutes } from '../../http/route-helpers';
import { byIp, minutes } from '../../lib/rate-limit';
import { getCalendarFeed, readCalendarFeedIfChanged, regenerateCalendarFeed } from './calendar-feed';

/**
 * Feeds are read by calendar services, many users' feeds from one of their addresses, so the limit is
 * generous; it is there to stop anyone hammering the route, since a secret of at least 244 random bits cannot be guessed.
 */
const FEED_READS = { name: 'calendar-feed:ip', max: 300, windowMs: minutes(1), key: byIp };

const FEED_CACHE_CONTROL = 'private, max-age=300';

// Under the users tag: the owner's two routes (signed in) and the feed itself.
const tags = ['users'];

export function calendarRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const feedReads = ctx.rateLimiter.limit(FEED_READS);
  return async (app) => {
    const route = signedInRoutes(app);

    route(
      signedInRoute(
        'GET /users/me/calendar',
        {
          tags,
          summary: 'O endereço da agenda privada do usuário (jogos confirmados e aguardando pagamento)',
        },
        404,
      ),
      async (request, user) => getCalendarFeed(request.ctx, user),
    );

    route(
      signedInRoute('POST /users/me/calendar/regenerate', {
        tags,
        summary: 'Gera um novo endereço da agenda privada; o antigo passa a responder 404',
      }),
      async (request, user) => regenerateCalendarFeed(request.ctx, user),
    );

    app.route({
      ...apiRoute(
        'GET /calendar/:token.ics',
        {
          tags,
          summary:
            'A agenda privada em iCalendar (text/calendar), sem login: o segredo está no endereço. Com ETag: If-None-Match ' +
            'com a mesma etiqueta recebe 304, sem corpo',
          replies: { 304: z.null().describe('Nada mudou desde a etiqueta enviada em If-None-Match: sem corpo') },
        },
        404,
      ),
      preValidation: feedReads,
      handler: async (request, reply) => {
        const { etag, ics } = await readCalendarFeedIfChanged(request.ctx, request.params.token, request.headers['if-none-match']);
        // A secret address: only the calendar app that polls it may keep it, and ask again with its tag after 5 minutes.
        reply.header('ETag', etag).header('Cache-Control', FEED_CACHE_CONTROL);
        if (ics === null) {
          // Nothing at all: an untyped reply, so no serialiser writes a `null` or its content type.
          const unchanged: FastifyReply = reply;
          return unchanged.status(304).send();
        }
        reply.type('text/calendar; charset=utf-8');
        return ics;
      },
    });
  };
}
