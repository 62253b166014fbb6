import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/open-database';
import { apiRoute } from '../../http/route-helpers';

/** The 503 of a health check: a state of the instance, not an error of the request. */
const failureSchema = z.object({ status: z.literal('error'), message: z.string() });

/** `isDraining`: true from the moment the instance starts closing (it still answers, but asks for no more traffic). */
export function healthRoutes(database: Database, isDraining: () => boolean): FastifyPluginAsyncZod {
  return async (app) => {
    const check = (whenDraining: boolean) => async (_request: FastifyRequest, reply: FastifyReply) => {
      const failure =
        whenDraining && isDraining()
          ? messages.shuttingDown
          : await database.ping().then(
              () => undefined,
              () => messages.databaseUnavailable,
            );
      if (!failure) return { status: 'ok' as const };
      reply.status(503);
      return { status: 'error' as const, message: failure };
    };
    const docs = (summary: string) => ({ tags: ['health'], summary, replies: { 503: failureSchema } });

    app.route({
      ...apiRoute('GET /health', docs('Responde 200 quando o banco de dados responde, 503 caso contrário')),
      handler: check(false),
    });
    app.route({
      ...apiRoute(
        'GET /health/ready',
        docs('Pronta para receber tráfego: 200 quando o banco responde; 503 sem banco ou enquanto a instância encerra'),
      ),
      handler: check(true),
    });
  };
}
