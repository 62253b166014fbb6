import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meReplySchema, phoneBodySchema, phoneReplySchema } from '../../../shared/schemas/users';
import type { ServerContext } from '../../core/context';
import { currentUser } from '../../http/authentication';
import { errorReplies } from '../../http/route-helpers';
import { getMe } from './get-me';
import { updatePhone } from './update-phone';

export function userRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/me', {
      schema: {
        tags: ['users'],
        summary: 'O usuário logado, com saldo e jogos',
        security: [{ bearerAuth: [] }],
        response: { 200: meReplySchema, ...errorReplies(401) },
      },
      preHandler: app.requireUser,
      handler: async (request) => getMe(ctx, currentUser(request)),
    });

    app.put('/users/phone', {
      schema: {
        tags: ['users'],
        summary: 'Salva o telefone (somente dígitos; 10 ou 11 com DDD válido)',
        security: [{ bearerAuth: [] }],
        body: phoneBodySchema,
        response: { 200: phoneReplySchema, ...errorReplies(400, 401) },
      },
      preHandler: app.requireUser,
      handler: async (request) => updatePhone(ctx, currentUser(request).id, request.body.phone),
    });
  };
}
