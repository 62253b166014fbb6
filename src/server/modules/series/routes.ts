import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/authentication';
import { signedInByIdRoute, signedInRoute } from '../../http/route-helpers';
import { cancelSeries } from './cancel-series';
import { createSeries } from './create-series';
import { getSeries, getSeriesMembership } from './get-series';
import { joinSeries } from './join-series';
import { leaveSeries, removeSeriesMember } from './leave-series';
import { listSeries } from './list-series';
import { updateSeries } from './update-series';

const tags = ['series'];

/** A signed-in route on one series: its id, 400 and 404. */
const oneSeriesRoute = signedInByIdRoute(tags);

/** Weekly series (rachas) and their mensalistas. Every organiser route answers 404 for someone else's series. */
export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...signedInRoute('GET /series', { tags, summary: 'Minhas séries semanais, a mais nova primeiro' }),
    onRequest: app.requireUser,
    handler: async (request) => listSeries(request.ctx, currentUser(request)),
  });

  app.route({
    ...signedInRoute(
      'POST /series',
      {
        tags,
        summary:
          'Cria um racha semanal: publica os jogos das próximas cinco semanas no mesmo dia e hora (horário de Brasília); com groupId, da turma (dono ou organizadores)',
      },
      400,
      403,
      404,
      409,
    ),
    onRequest: app.requireUser,
    handler: async (request, reply) => reply.status(201).send(await createSeries(request.ctx, currentUser(request), request.body ?? {})),
  });

  app.route({
    ...oneSeriesRoute('GET /series/:id', 'Uma série minha (ou qualquer uma, para o admin): jogos e mensalistas'),
    onRequest: app.requireUser,
    handler: async (request) => getSeries(request.ctx, currentUser(request), request.params.id),
  });

  app.route({
    ...oneSeriesRoute(
      'GET /series/:id/membership',
      'A série vista por um jogador: vagas de mensalistas livres, se ele já é mensalista e o que custa entrar agora (jogos publicados, preço e prazo de cada um)',
    ),
    onRequest: app.requireUser,
    handler: async (request) => getSeriesMembership(request.ctx, currentUser(request), request.params.id),
  });

  app.route({
    ...oneSeriesRoute('PUT /series/:id', 'Edita a série: vale para os jogos futuros (os inscritos são avisados do que mudou)', 409),
    onRequest: app.requireUser,
    handler: async (request) => updateSeries(request.ctx, currentUser(request), request.params.id, request.body ?? {}),
  });

  app.route({
    ...oneSeriesRoute(
      'POST /series/:id/cancel',
      'Cancela a série: todos os jogos futuros são cancelados com reembolso integral, como no cancelamento de um jogo',
      409,
    ),
    onRequest: app.requireUser,
    handler: async (request) => cancelSeries(request.ctx, currentUser(request), request.params.id, request.body.reason),
  });

  app.route({
    ...oneSeriesRoute(
      'POST /series/:id/members',
      'Quero ser mensalista: uma vaga em cada jogo futuro, paga com créditos quando o saldo cobre (senão aguardando pagamento)',
      409,
    ),
    onRequest: app.requireUser,
    handler: async (request) => joinSeries(request.ctx, currentUser(request), request.params.id, request.body?.privateLink),
  });

  app.route({
    ...oneSeriesRoute(
      'DELETE /series/:id/members/me',
      'Deixa de ser mensalista: inscrições com 48 horas ou mais de antecedência são canceladas com reembolso',
    ),
    onRequest: app.requireUser,
    handler: async (request) => leaveSeries(request.ctx, currentUser(request), request.params.id),
  });

  app.route({
    ...oneSeriesRoute(
      'DELETE /series/:id/members/:userId',
      'O organizador remove um mensalista: as inscrições futuras dele são canceladas com reembolso integral',
    ),
    onRequest: app.requireUser,
    handler: async (request) => removeSeriesMember(request.ctx, currentUser(request), request.params.id, request.params.userId),
  });
};
