import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../core/context';
import { gameListRoutes } from './game-list-routes';
import { gameReadRoutes } from './game-read-routes';
import { livePlaceRoutes } from './live-place-routes';
import { referenceDataRoutes } from './reference-data-routes';
import { registrationRoutes } from './registration-routes';

/** Games as players see them: reference data, the list, one game, live places and their own registrations. */
export function gameRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(referenceDataRoutes);
    await app.register(gameListRoutes(ctx));
    await app.register(gameReadRoutes(ctx));
    await app.register(livePlaceRoutes(ctx));
    await app.register(registrationRoutes);
  };
}
