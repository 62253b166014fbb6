import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from './admin-route';
import { addCity, listStateCities } from './add-city';

/** The reference cities of a state: every one, active or not, and a new one by name and IBGE code. */
export const referenceCityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /admin/states/:id/cities', { summary: 'As cidades de um estado, ativas ou não, com o código IBGE' }, 400, 404),
    handler: async (request) => listStateCities(request.ctx, request.params.id),
  });

  app.route({
    ...adminRoute(
      'POST /admin/states/:id/cities',
      { summary: 'Adiciona uma cidade ao estado: nome e código IBGE (7 dígitos, com o prefixo do estado; SC = 42), ativa' },
      400,
      404,
      409,
    ),
    handler: async (request, reply) => reply.status(201).send(await addCity(request.ctx, request.params.id, request.body)),
  });
};
