import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../core/context';
import { createSignedInCache } from '../../core/signed-in-cache';
import { apiRoute, type EncodedReply, encodeReply, sendKept } from '../../http/route-helpers';
import { byIp } from '../../lib/rate-limit';
import { getGame, getGameByPrivateLink } from './get-game';
import { getGameCalendar } from './get-game-calendar';
import { privateLinkTries } from './private-link-tries';

const tags = ['games'];

/** One game: by id (kept encoded per caller), by its private link, and as a calendar file. */
export function gameReadRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  // What a game looked like to each caller, encoded (decision 032).
  const gameReplies = createSignedInCache<EncodedReply>(ctx, { name: 'games', maxEntries: 5_000 });
  return async (app) => {
    app.route({
      ...apiRoute('GET /games/private/:link', { tags, summary: 'Um jogo pelo link privado' }, 400, 404),
      // Links are unguessable; the limit keeps anyone from trying.
      preValidation: privateLinkTries(ctx, byIp),
      preHandler: app.optionalUser,
      handler: async (request) => getGameByPrivateLink(request.ctx, request.params.link, request.user),
    });

    app.route({
      ...apiRoute(
        'GET /games/:id',
        {
          tags,
          summary: 'Um jogo (rascunhos, cancelados e privados só para quem criou ou se inscreveu)',
        },
        400,
        404,
      ),
      // Sent as kept bytes, gzipped once by sendEncoded: the compression plugin has nothing to do here.
      compress: false,
      preHandler: app.optionalUser,
      handler: (request, reply) => {
        const viewer = request.user ?? undefined;
        return sendKept(request, reply, gameReplies, `${viewer?.id ?? '-'}:${request.params.id}`, async () =>
          encodeReply(reply, await getGame(request.ctx, request.params.id, viewer)),
        );
      },
    });

    app.route({
      ...apiRoute(
        'GET /games/:id/calendar.ics',
        {
          tags,
          summary: 'O jogo em iCalendar (text/calendar) para adicionar à agenda; quem pode ver o jogo pode baixá-lo',
        },
        400,
        404,
      ),
      preHandler: app.optionalUser,
      handler: async (request, reply) => {
        const ics = await getGameCalendar(request.ctx, request.params.id, request.user ?? undefined);
        reply.type('text/calendar; charset=utf-8');
        reply.header('Content-Disposition', `attachment; filename="jogo-${request.params.id}.ics"`);
        return ics;
      },
    });
  };
}
