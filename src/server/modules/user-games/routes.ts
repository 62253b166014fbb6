import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelUserGameBodySchema,
  cancelUserGameReplySchema,
  gamePayloadSchema,
  inviteByEmailBodySchema,
  inviteByEmailReplySchema,
  listUserGamesQuerySchema,
  unpublishUserGameBodySchema,
  updateUserGameBodySchema,
  userGameDetailSchema,
  userGameReplySchema,
  userGameSchema,
} from '../../../shared/schemas/user-games';
import { userParamsSchema } from '../../../shared/schemas/admin';
import { drawTeamsBodySchema, drawTeamsReplySchema, updatePlayerBodySchema, updatePlayerReplySchema } from '../../../shared/schemas/game-day';
import type { ServerContext } from '../../core/context';
import { currentUser } from '../../http/authentication';
import { byIp, minutes } from '../../lib/rate-limit';
import { sendCsv, signedInByIdSchema, signedInSchema } from '../../http/route-helpers';
import { cancelUserGame } from './cancel-user-game';
import { createUserGame } from './create-user-game';
import { drawTeams } from './draw-teams';
import { exportRegistrationsCsv } from './export-registrations-csv';
import { getUserGame } from './get-user-game';
import { inviteByEmail } from './invite-by-email';
import { listUserGames } from './list-user-games';
import { publishUserGame } from './publish-user-game';
import { regeneratePrivateLink } from './regenerate-private-link';
import { unpublishUserGame } from './unpublish-user-game';
import { updateGamePlayer } from './update-game-player';
import { updateUserGame } from './update-user-game';

const tags = ['user-games'];

/** A route on one of my games: its id, 400 and 404 (someone else's game too). */
const oneGameSchema = signedInByIdSchema(tags);

/**
 * The organiser's own games. Every `/user-games/{id}` route answers 404 for someone else's game; the game-day
 * routes (the game, its players, teams and spreadsheet) also open to admins.
 */
export function userGameRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/user-games', {
      schema: signedInSchema({
        tags,
        summary: 'Meus jogos criados, data mais recente primeiro (total no cabeçalho X-Total-Count)',
        querystring: listUserGamesQuerySchema,
        response: { 200: z.array(userGameSchema) },
      }, 400),
      onRequest: app.requireUser,
      handler: async (request, reply) => {
        const { games, total } = await listUserGames(request.ctx, currentUser(request), request.query);
        reply.header('X-Total-Count', String(total));
        return games;
      },
    });

    app.post('/user-games', {
      schema: signedInSchema({
        tags,
        summary: 'Cria um jogo (rascunho, ou publicado com state: published)',
        // Fastify hands a missing body to the validator as null; the rules then ask for every required field.
        body: gamePayloadSchema.nullish(),
        response: { 201: userGameReplySchema },
      }, 400),
      onRequest: app.requireUser,
      handler: async (request, reply) => reply.status(201).send(await createUserGame(request.ctx, currentUser(request), request.body ?? {})),
    });

    app.get('/user-games/:id', {
      schema: oneGameSchema({
        summary: 'Um jogo meu, com as contagens e todas as inscrições',
        response: { 200: userGameDetailSchema },
      }),
      onRequest: app.requireUser,
      handler: async (request) => getUserGame(request.ctx, currentUser(request), request.params.id),
    });

    app.put('/user-games/:id', {
      schema: oneGameSchema({
        summary: 'Edita um jogo meu (o payload completo; state ausente mantém a publicação). Torná-lo privado com jogadores não convidados pede confirm: true (senão 409)',
        body: updateUserGameBodySchema.nullish(),
        response: { 200: userGameReplySchema },
      }, 409),
      onRequest: app.requireUser,
      handler: async (request) => updateUserGame(request.ctx, currentUser(request), request.params.id, request.body ?? {}),
    });

    app.post('/user-games/:id/publish', {
      schema: oneGameSchema({
        summary: 'Publica um rascunho',
        response: { 200: userGameReplySchema },
      }, 409),
      onRequest: app.requireUser,
      handler: async (request) => publishUserGame(request.ctx, currentUser(request), request.params.id),
    });

    app.post('/user-games/:id/unpublish', {
      schema: oneGameSchema({
        summary: 'Volta um jogo publicado para rascunho. Com jogadores, pede confirm: true (senão 409): são cancelados com reembolso integral',
        body: unpublishUserGameBodySchema.nullish(),
        response: { 200: userGameReplySchema },
      }, 409),
      onRequest: app.requireUser,
      handler: async (request) => unpublishUserGame(request.ctx, currentUser(request), request.params.id, request.body?.confirm === true),
    });

    app.post('/user-games/:id/cancel', {
      schema: oneGameSchema({
        summary: 'Cancela o jogo com um motivo: todas as inscrições são canceladas e reembolsadas integralmente (créditos e cartão/PIX na hora)',
        body: cancelUserGameBodySchema,
        response: { 200: cancelUserGameReplySchema },
      }, 409),
      onRequest: app.requireUser,
      handler: async (request) => cancelUserGame(request.ctx, currentUser(request), request.params.id, request.body.reason),
    });

    app.post('/user-games/:id/regenerate-link', {
      schema: oneGameSchema({
        summary: 'Gera um novo link privado; o anterior deixa de funcionar',
        response: { 200: userGameReplySchema },
      }, 409),
      onRequest: app.requireUser,
      handler: async (request) => regeneratePrivateLink(request.ctx, currentUser(request), request.params.id),
    });

    app.put('/user-games/:id/players/:userId', {
      schema: oneGameSchema({
        summary: 'Dia do jogo: marca presença (de 2 h antes a 3 dias depois do início) e/ou o nível (1 a 5) de um jogador confirmado',
        params: userParamsSchema,
        body: updatePlayerBodySchema,
        response: { 200: updatePlayerReplySchema },
      }, 409),
      onRequest: app.requireUser,
      handler: async (request) => updateGamePlayer(request.ctx, currentUser(request), request.params.id, request.params.userId, request.body),
    });

    app.post('/user-games/:id/teams', {
      schema: oneGameSchema({
        summary: 'Sorteia times equilibrados pelo nível entre os presentes (todos os confirmados se ninguém foi marcado); substitui o sorteio anterior',
        body: drawTeamsBodySchema,
        response: { 200: drawTeamsReplySchema },
      }, 409),
      onRequest: app.requireUser,
      handler: async (request) => drawTeams(request.ctx, currentUser(request), request.params.id, request.body.teamCount),
    });

    app.get('/user-games/:id/registrations.csv', {
      schema: oneGameSchema({
        summary: 'Planilha (CSV para o Excel em português: BOM, ponto e vírgula) com uma linha por inscrição',
        produces: ['text/csv'],
        response: { 200: z.string() },
      }),
      onRequest: app.requireUser,
      handler: async (request, reply) => sendCsv(reply, await exportRegistrationsCsv(request.ctx, currentUser(request), request.params.id)),
    });

    app.post('/user-games/:id/invitations', {
      schema: oneGameSchema({
        summary: 'Convida até 50 e-mails para o jogo (e-mail com o link privado; notificação para quem tem conta)',
        body: inviteByEmailBodySchema,
        response: { 200: inviteByEmailReplySchema },
      }, 409, 429),
      // Counted per address before the body is read: e-mails leave the platform from here.
      preValidation: ctx.rateLimiter.limit({ name: 'invite:ip', max: 30, windowMs: minutes(60), key: byIp }),
      onRequest: app.requireUser,
      handler: async (request) => inviteByEmail(request.ctx, currentUser(request), request.params.id, request.body.emails),
    });
  };
}
