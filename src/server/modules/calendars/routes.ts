import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedParamsSchema, calendarFeedReplySchema, regenerateCalendarFeedReplySchema } from '../../../shared/schemas/calendars';
import type { ServerContext } from '../../core/context';
import { currentUser } from '../../http/authentication';
import { errorReplies } from '../../http/route-helpers';
import { byIp, minutes } from '../../lib/rate-limit';
import { getCalendarFeed, readCalendarFeed, regenerateCalendarFeed } from './calendar-feed';

/**
 * Feeds are read by calendar services, many users' feeds from one of their addresses, so the limit is
 * generous; it is there to stop anyone hammering the route, since a secret of at least 244 random bits cannot be guessed.
 */
const FEED_READS = { name: 'calendar-feed:ip', max: 300, windowMs: minutes(1), key: byIp };

export function calendarRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const feedReads = ctx.rateLimiter.limit(FEED_READS);
  return async (app) => {
    // The owner's two routes: signed in, under the users tag.
    const ownRoute = <S extends object>(summary: string, response: S) => ({
      schema: { tags: ['users'], security: [{ bearerAuth: [] }], summary, response },
      onRequest: app.requireUser,
    });

    app.get('/users/me/calendar', {
      ...ownRoute('O endereço da agenda privada do usuário (jogos confirmados e aguardando pagamento)', {
        200: calendarFeedReplySchema,
        ...errorReplies(401, 404),
      }),
      handler: async (request) => getCalendarFeed(request.ctx, currentUser(request)),
    });

    app.post('/users/me/calendar/regenerate', {
      ...ownRoute('Gera um novo endereço da agenda privada; o antigo passa a responder 404', {
        200: regenerateCalendarFeedReplySchema,
        ...errorReplies(401),
      }),
      handler: async (request) => regenerateCalendarFeed(request.ctx, currentUser(request)),
    });

    app.get('/calendar/:token.ics', {
      schema: {
        tags: ['users'],
        summary: 'A agenda privada em iCalendar (text/calendar), sem login: o segredo está no endereço',
        params: calendarFeedParamsSchema,
        response: { 200: z.string().describe('VCALENDAR com um VEVENT por jogo'), ...errorReplies(404, 429) },
      },
      preValidation: feedReads,
      handler: async (request, reply) => {
        const ics = await readCalendarFeed(request.ctx, request.params.token);
        reply.type('text/calendar; charset=utf-8');
        // A secret address: no shared cache may keep it.
        reply.header('Cache-Control', 'private, no-store');
        return ics;
      },
    });
  };
}
