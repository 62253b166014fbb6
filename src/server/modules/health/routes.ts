import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/open-database';
import { apiRoute } from '../../http/route-helpers';
import { AppError } from '../../lib/app-error';

/** `isDraining`: true from the moment the instance starts closing (it still answers, but asks for no more traffic). */
export function healthRoutes(database: Database, isDraining: () => boolean): FastifyPluginAsyncZod {
  return async (app) => {
    // Not ready is an error reply like any other ({code, message}, 503): a load balancer reads the status, a person the text.
    const check = (whenDraining: boolean) => async () => {
      if (whenDraining && isDraining()) throw new AppError('shutting_down', messages.shuttingDown);
      await database.ping().catch(() => {
        throw new AppError('database_unavailable', messages.databaseUnavailable);
      });
      return { status: 'ok' as const };
    };
    const docs = (summary: string) => ({ tags: ['health'], summary });

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
