import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import {
  cancelSeriesBodySchema,
  createSeriesBodySchema,
  joinSeriesReplySchema,
  leaveSeriesReplySchema,
  seriesDetailSchema,
  seriesMemberParamsSchema,
  seriesReplySchema,
  seriesSchema,
  updateSeriesBodySchema,
} from '../../../shared/schemas/series';
import { privateLinkSchema } from '../../../shared/schemas/games';
import type { ServerContext } from '../../core/context';
import { currentUser } from '../../http/authentication';
import { errorReplies } from '../../http/route-helpers';
import { cancelSeries } from './cancel-series';
import { createSeries } from './create-series';
import { getSeries, getSeriesMembership } from './get-series';
import { joinSeries } from './join-series';
import { leaveSeries, removeSeriesMember } from './leave-series';
import { listSeries } from './list-series';
import { updateSeries } from './update-series';

const tags = ['series'];
const security = [{ bearerAuth: [] }];

/** Weekly series (rachas) and their mensalistas. Every organiser route answers 404 for someone else's series. */
export function seriesRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/series', {
      schema: { tags, security, summary: 'Minhas séries semanais, a mais nova primeiro', response: { 200: z.array(seriesSchema), ...errorReplies(401) } },
      preHandler: app.requireUser,
      handler: async (request) => listSeries(ctx, currentUser(request)),
    });

    app.post('/series', {
      schema: {
        tags,
        security,
        summary: 'Cria um racha semanal: publica os jogos das próximas cinco semanas no mesmo dia e hora (horário de Brasília)',
        body: createSeriesBodySchema.nullish(),
        response: { 201: seriesReplySchema, ...errorReplies(400, 401) },
      },
      preHandler: app.requireUser,
      handler: async (request, reply) => reply.status(201).send(await createSeries(ctx, currentUser(request), request.body ?? {})),
    });

    app.get('/series/:id', {
      schema: {
        tags,
        security,
        summary: 'Uma série minha (ou qualquer uma, para o admin): jogos e mensalistas',
        params: idParamsSchema,
        response: { 200: seriesDetailSchema, ...errorReplies(400, 401, 404) },
      },
      preHandler: app.requireUser,
      handler: async (request) => getSeries(ctx, currentUser(request), request.params.id),
    });

    app.get('/series/:id/membership', {
      schema: {
        tags,
        security,
        summary: 'A série vista por um jogador: vagas de mensalistas livres e se ele já é mensalista',
        params: idParamsSchema,
        response: { 200: seriesSchema, ...errorReplies(400, 401, 404) },
      },
      preHandler: app.requireUser,
      handler: async (request) => getSeriesMembership(ctx, currentUser(request), request.params.id),
    });

    app.put('/series/:id', {
      schema: {
        tags,
        security,
        summary: 'Edita a série: vale para os jogos futuros (os inscritos são avisados do que mudou)',
        params: idParamsSchema,
        body: updateSeriesBodySchema.nullish(),
        response: { 200: seriesReplySchema, ...errorReplies(400, 401, 404, 409) },
      },
      preHandler: app.requireUser,
      handler: async (request) => updateSeries(ctx, currentUser(request), request.params.id, request.body ?? {}),
    });

    app.post('/series/:id/cancel', {
      schema: {
        tags,
        security,
        summary: 'Cancela a série: todos os jogos futuros são cancelados com reembolso integral, como no cancelamento de um jogo',
        params: idParamsSchema,
        body: cancelSeriesBodySchema,
        response: { 200: seriesReplySchema, ...errorReplies(400, 401, 404, 409) },
      },
      preHandler: app.requireUser,
      handler: async (request) => cancelSeries(ctx, currentUser(request), request.params.id, request.body.reason),
    });

    app.post('/series/:id/members', {
      schema: {
        tags,
        security,
        summary: 'Quero ser mensalista: uma vaga em cada jogo futuro, paga com créditos quando o saldo cobre (senão aguardando pagamento)',
        params: idParamsSchema,
        body: z.strictObject({ privateLink: privateLinkSchema.optional() }).nullish(),
        response: { 200: joinSeriesReplySchema, ...errorReplies(400, 401, 404, 409) },
      },
      preHandler: app.requireUser,
      handler: async (request) => joinSeries(ctx, currentUser(request), request.params.id, request.body?.privateLink),
    });

    app.delete('/series/:id/members/me', {
      schema: {
        tags,
        security,
        summary: 'Deixa de ser mensalista: inscrições com 48 horas ou mais de antecedência são canceladas com reembolso',
        params: idParamsSchema,
        response: { 200: leaveSeriesReplySchema, ...errorReplies(400, 401, 404) },
      },
      preHandler: app.requireUser,
      handler: async (request) => leaveSeries(ctx, currentUser(request), request.params.id),
    });

    app.delete('/series/:id/members/:userId', {
      schema: {
        tags,
        security,
        summary: 'O organizador remove um mensalista: as inscrições futuras dele são canceladas com reembolso integral',
        params: seriesMemberParamsSchema,
        response: { 200: leaveSeriesReplySchema, ...errorReplies(400, 401, 404) },
      },
      preHandler: app.requireUser,
      handler: async (request) => removeSeriesMember(ctx, currentUser(request), request.params.id, request.params.userId),
    });
  };
}
