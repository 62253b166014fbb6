import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import {
  cancelUserGameBodySchema,
  cancelUserGameReplySchema,
  gamePayloadSchema,
  inviteByEmailBodySchema,
  inviteByEmailReplySchema,
  listUserGamesQuerySchema,
  userGameDetailSchema,
  userGameReplySchema,
  userGameSchema,
} from '../../../shared/schemas/user-games';
import type { ServerContext } from '../../core/context';
import { currentUser } from '../../http/authentication';
import { byIp, minutes } from '../../lib/rate-limit';
import { errorReplies } from '../../http/route-helpers';
import { cancelUserGame } from './cancel-user-game';
import { createUserGame } from './create-user-game';
import { getUserGame } from './get-user-game';
import { inviteByEmail } from './invite-by-email';
import { listUserGames } from './list-user-games';
import { publishUserGame } from './publish-user-game';
import { regeneratePrivateLink } from './regenerate-private-link';
import { unpublishUserGame } from './unpublish-user-game';
import { updateUserGame } from './update-user-game';

const tags = ['user-games'];
const security = [{ bearerAuth: [] }];

/** The organiser's own games. Every `/user-games/{id}` route answers 404 for someone else's game. */
export function userGameRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/user-games', {
      schema: {
        tags,
        security,
        summary: 'Meus jogos criados, data mais recente primeiro (total no cabeçalho X-Total-Count)',
        querystring: listUserGamesQuerySchema,
        response: { 200: z.array(userGameSchema), ...errorReplies(400, 401) },
      },
      preHandler: app.requireUser,
      handler: async (request, reply) => {
        const { games, total } = await listUserGames(ctx, currentUser(request), request.query);
        reply.header('X-Total-Count', String(total));
        return games;
      },
    });

    app.post('/user-games', {
      schema: {
        tags,
        security,
        summary: 'Cria um jogo (rascunho, ou publicado com state: published)',
        // Fastify hands a missing body to the validator as null; the rules then ask for every required field.
        body: gamePayloadSchema.nullish(),
        response: { 201: userGameReplySchema, ...errorReplies(400, 401) },
      },
      preHandler: app.requireUser,
      handler: async (request, reply) => reply.status(201).send(await createUserGame(ctx, currentUser(request), request.body ?? {})),
    });

    app.get('/user-games/:id', {
      schema: {
        tags,
        security,
        summary: 'Um jogo meu, com as contagens e todas as inscrições',
        params: idParamsSchema,
        response: { 200: userGameDetailSchema, ...errorReplies(400, 401, 404) },
      },
      preHandler: app.requireUser,
      handler: async (request) => getUserGame(ctx, currentUser(request), request.params.id),
    });

    app.put('/user-games/:id', {
      schema: {
        tags,
        security,
        summary: 'Edita um jogo meu (o payload completo; state ausente mantém a publicação)',
        params: idParamsSchema,
        body: gamePayloadSchema.nullish(),
        response: { 200: userGameReplySchema, ...errorReplies(400, 401, 404, 409) },
      },
      preHandler: app.requireUser,
      handler: async (request) => updateUserGame(ctx, currentUser(request), request.params.id, request.body ?? {}),
    });

    app.post('/user-games/:id/publish', {
      schema: {
        tags,
        security,
        summary: 'Publica um rascunho',
        params: idParamsSchema,
        response: { 200: userGameReplySchema, ...errorReplies(400, 401, 404, 409) },
      },
      preHandler: app.requireUser,
      handler: async (request) => publishUserGame(ctx, currentUser(request), request.params.id),
    });

    app.post('/user-games/:id/unpublish', {
      schema: {
        tags,
        security,
        summary: 'Volta um jogo publicado para rascunho',
        params: idParamsSchema,
        response: { 200: userGameReplySchema, ...errorReplies(400, 401, 404, 409) },
      },
      preHandler: app.requireUser,
      handler: async (request) => unpublishUserGame(ctx, currentUser(request), request.params.id),
    });

    app.post('/user-games/:id/cancel', {
      schema: {
        tags,
        security,
        summary: 'Cancela o jogo com um motivo: todas as inscrições são canceladas e reembolsadas integralmente (créditos e cartão/PIX na hora)',
        params: idParamsSchema,
        body: cancelUserGameBodySchema,
        response: { 200: cancelUserGameReplySchema, ...errorReplies(400, 401, 404, 409) },
      },
      preHandler: app.requireUser,
      handler: async (request) => cancelUserGame(ctx, currentUser(request), request.params.id, request.body.reason),
    });

    app.post('/user-games/:id/regenerate-link', {
      schema: {
        tags,
        security,
        summary: 'Gera um novo link privado; o anterior deixa de funcionar',
        params: idParamsSchema,
        response: { 200: userGameReplySchema, ...errorReplies(400, 401, 404, 409) },
      },
      preHandler: app.requireUser,
      handler: async (request) => regeneratePrivateLink(ctx, currentUser(request), request.params.id),
    });

    app.post('/user-games/:id/invitations', {
      schema: {
        tags,
        security,
        summary: 'Convida até 50 e-mails para o jogo (e-mail com o link privado; notificação para quem tem conta)',
        params: idParamsSchema,
        body: inviteByEmailBodySchema,
        response: { 200: inviteByEmailReplySchema, ...errorReplies(400, 401, 404, 409, 429) },
      },
      // Counted per address before the body is read: e-mails leave the platform from here.
      preValidation: ctx.rateLimiter.limit({ name: 'invite:ip', max: 30, windowMs: minutes(60), key: byIp }),
      preHandler: app.requireUser,
      handler: async (request) => inviteByEmail(ctx, currentUser(request), request.params.id, request.body.emails),
    });
  };
}
