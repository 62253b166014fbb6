import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancellationRoutes } from './cancellation-routes';
import { adminGameRoutes } from './game-routes';
import { adminGroupRoutes } from './group-routes';
import { payoutRoutes } from './payout-routes';
import { referenceCityRoutes } from './reference-city-routes';
import { reportRoutes } from './report-routes';
import { adminUserRoutes } from './user-routes';

/** The administrator area: every route needs an admin's token (401 without a valid one, 403 for anyone else). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // On request, before the body is parsed or validated: an outsider learns nothing, not even what a valid body is.
  app.addHook('onRequest', app.requireAdmin);
  await app.register(reportRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminGameRoutes);
  await app.register(cancellationRoutes);
  await app.register(payoutRoutes);
  await app.register(referenceCityRoutes);
  await app.register(adminGroupRoutes);
};
