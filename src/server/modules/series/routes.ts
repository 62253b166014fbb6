import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { currentUser } from '../../http/authentication';
import { signedInByIdSchema, signedInSchema } from '../../http/route-helpers';
import { cancelSeries } from './cancel-series';
import { createSeries } from './create-series';
import { getSeries, getSeriesMembership } from './get-series';
import { joinSeries } from './join-series';
import { leaveSeries, removeSeriesMember } from './leave-series';
import { listSeries } from './list-series';
import { updateSeries } from './update-series';

const tags = ['series'];

/** A signed-in route on one series: its id, 400 and 404. */
const oneSeriesSchema = signedInByIdSchema(tags);

/** Weekly series (rachas) and their mensalistas. Every organiser route answers 404 for someone else's series. */
export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/series', {
    schema: signedInSchema({ tags, summary: 'Minhas séries semanais, a mais nova primeiro', response: { 200: z.array(seriesSchema) } }),
    onRequest: app.requireUser,
    handler: async (request) => listSeries(request.ctx, currentUser(request)),
  });

  app.post('/series', {
    schema: signedInSchema({
      tags,
      summary: 'Cria um racha semanal: publica os jogos das próximas cinco semanas no mesmo dia e hora (horário de Brasília)',
      body: createSeriesBodySchema.nullish(),
      response: { 201: seriesReplySchema },
    }, 400),
    onRequest: app.requireUser,
    handler: async (request, reply) => reply.status(201).send(await createSeries(request.ctx, currentUser(request), request.body ?? {})),
  });

  app.get('/series/:id', {
    schema: oneSeriesSchema({ summary: 'Uma série minha (ou qualquer uma, para o admin): jogos e mensalistas', response: { 200: seriesDetailSchema } }),
    onRequest: app.requireUser,
    handler: async (request) => getSeries(request.ctx, currentUser(request), request.params.id),
  });

  app.get('/series/:id/membership', {
    schema: oneSeriesSchema({
      summary: 'A série vista por um jogador: vagas de mensalistas livres e se ele já é mensalista',
      response: { 200: seriesSchema },
    }),
    onRequest: app.requireUser,
    handler: async (request) => getSeriesMembership(request.ctx, currentUser(request), request.params.id),
  });

  app.put('/series/:id', {
    schema: oneSeriesSchema({
      summary: 'Edita a série: vale para os jogos futuros (os inscritos são avisados do que mudou)',
      body: updateSeriesBodySchema.nullish(),
      response: { 200: seriesReplySchema },
    }, 409),
    onRequest: app.requireUser,
    handler: async (request) => updateSeries(request.ctx, currentUser(request), request.params.id, request.body ?? {}),
  });

  app.post('/series/:id/cancel', {
    schema: oneSeriesSchema({
      summary: 'Cancela a série: todos os jogos futuros são cancelados com reembolso integral, como no cancelamento de um jogo',
      body: cancelSeriesBodySchema,
      response: { 200: seriesReplySchema },
    }, 409),
    onRequest: app.requireUser,
    handler: async (request) => cancelSeries(request.ctx, currentUser(request), request.params.id, request.body.reason),
  });

  app.post('/series/:id/members', {
    schema: oneSeriesSchema({
      summary: 'Quero ser mensalista: uma vaga em cada jogo futuro, paga com créditos quando o saldo cobre (senão aguardando pagamento)',
      body: z.strictObject({ privateLink: privateLinkSchema.optional() }).nullish(),
      response: { 200: joinSeriesReplySchema },
    }, 409),
    onRequest: app.requireUser,
    handler: async (request) => joinSeries(request.ctx, currentUser(request), request.params.id, request.body?.privateLink),
  });

  app.delete('/series/:id/members/me', {
    schema: oneSeriesSchema({
      summary: 'Deixa de ser mensalista: inscrições com 48 horas ou mais de antecedência são canceladas com reembolso',
      response: { 200: leaveSeriesReplySchema },
    }),
    onRequest: app.requireUser,
    handler: async (request) => leaveSeries(request.ctx, currentUser(request), request.params.id),
  });

  app.delete('/series/:id/members/:userId', {
    schema: oneSeriesSchema({
      summary: 'O organizador remove um mensalista: as inscrições futuras dele são canceladas com reembolso integral',
      params: seriesMemberParamsSchema,
      response: { 200: leaveSeriesReplySchema },
    }),
    onRequest: app.requireUser,
    handler: async (request) => removeSeriesMember(request.ctx, currentUser(request), request.params.id, request.params.userId),
  });
};
