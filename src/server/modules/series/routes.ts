import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInByIdRoute, signedInRoute, signedInRoutes } from '../../http/route-helpers';
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
  const route = signedInRoutes(app);

  route(signedInRoute('GET /series', { tags, summary: 'Minhas séries semanais, a mais nova primeiro' }), async (request, user) =>
    listSeries(request.ctx, user),
  );

  route(
    signedInRoute(
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
    async (request, user, reply) => reply.status(201).send(await createSeries(request.ctx, user, request.body ?? {})),
  );

  route(oneSeriesRoute('GET /series/:id', 'Uma série minha (ou qualquer uma, para o admin): jogos e mensalistas'), async (request, user) =>
    getSeries(request.ctx, user, request.params.id),
  );

  route(
    oneSeriesRoute(
      'GET /series/:id/membership',
      'A série vista por um jogador: vagas de mensalistas livres, se ele já é mensalista e o que custa entrar agora (jogos publicados, preço e prazo de cada um)',
    ),
    async (request, user) => getSeriesMembership(request.ctx, user, request.params.id),
  );

  route(
    oneSeriesRoute('PUT /series/:id', 'Edita a série: vale para os jogos futuros (os inscritos são avisados do que mudou)', 409),
    async (request, user) => updateSeries(request.ctx, user, request.params.id, request.body ?? {}),
  );

  route(
    oneSeriesRoute(
      'POST /series/:id/cancel',
      'Cancela a série: todos os jogos futuros são cancelados com reembolso integral, como no cancelamento de um jogo',
      409,
    ),
    async (request, user) => cancelSeries(request.ctx, user, request.params.id, request.body.reason),
  );

  route(
    oneSeriesRoute(
      'POST /series/:id/members',
      'Quero ser mensalista: uma vaga em cada jogo futuro, paga com créditos quando o saldo cobre (senão aguardando pagamento)',
      409,
    ),
    async (request, user) => joinSeries(request.ctx, user, request.params.id, request.body?.privateLink),
  );

  route(
    oneSeriesRoute(
      'DELETE /series/:id/members/me',
      'Deixa de ser mensalista: inscrições com 48 horas ou mais de antecedência são canceladas com reembolso',
    ),
    async (request, user) => leaveSeries(request.ctx, user, request.params.id),
  );

  route(
    oneSeriesRoute(
      'DELETE /series/:id/members/:userId',
      'O organizador remove um mensalista: as inscrições futuras dele são canceladas com reembolso integral',
    ),
    async (request, user) => removeSeriesMember(request.ctx, user, request.params.id, request.params.userId),
  );
};
