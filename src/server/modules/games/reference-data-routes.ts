import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../http/route-helpers';
import { listCities, listSports, listStates } from './list-reference-data';

const tags = ['games'];

/** The sports, states and cities the filters and forms offer (active ones only). */
export const referenceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('GET /games/sports', { tags, summary: 'Esportes ativos' }),
    handler: async (request) => listSports(request.ctx),
  });

  app.route({
    ...apiRoute('GET /games/states', { tags, summary: 'Estados ativos' }),
    handler: async (request) => listStates(request.ctx),
  });

  app.route({
    ...apiRoute('GET /games/cities', { tags, summary: 'Cidades ativas (de um estado, com stateId)' }, 400),
    handler: async (request) => listCities(request.ctx, request.query.stateId),
  });
};
