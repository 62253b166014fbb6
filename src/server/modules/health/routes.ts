import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/open-database';

export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', {
      schema: {
        tags: ['health'],
        summary: 'Responde 200 quando o banco de dados responde, 503 caso contrário',
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('error'), message: z.string() }) },
      },
      handler: async (_request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const };
        } catch {
          return reply.status(503).send({ status: 'error' as const, message: messages.databaseUnavailable });
        }
      },
    });
  };
}
