import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../core/context';
import { byIp, minutes } from '../../lib/rate-limit';
import { sendCsv, signedInByIdRoute, signedInRoute, signedInRoutes } from '../../http/route-helpers';
import { cancelUserGame } from './cancel-user-game';
import { createUserGame } from './create-user-game';
import { drawTeams } from './draw-teams';
import { exportEarningsCsv } from './export-earnings-csv';
import { exportRegistrationsCsv } from './export-registrations-csv';
import { getEarnings } from './get-earnings';
import { getGameHistory } from './get-game-history';
import { getGameListText } from './get-game-list-text';
import { getUserGame } from './get-user-game';
import { inviteByEmail } from './invite-by-email';
import { listUserGames } from './list-user-games';
import { publishUserGame } from './publish-user-game';
import { regeneratePrivateLink } from './regenerate-private-link';
import { removeGamePlayer } from './remove-game-player';
import { getPayout, requestPayout } from './request-payout';
import { unpublishUserGame } from './unpublish-user-game';
import { updateGamePlayer } from './update-game-player';
import { updateUserGame } from './update-user-game';
import { updateGameWalkIn } from './update-game-walk-in';
import { addWalkIn, removeWalkIn } from './walk-ins';

const tags = ['user-games'];

/** A route on one of my games: its id, 400 and 404 (someone else's game too). */
const oneGameRoute = signedInByIdRoute(tags);

/**
 * The organiser's own games. Every `/user-games/{id}` route answers 404 for someone else's game; the game-day
 * routes (the game, its players, teams and spreadsheet) also open to admins.
 */
export function userGameRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = signedInRoutes(app);

    route(
      signedInRoute(
        'GET /user-games',
        {
          tags,
          summary:
            'Meus jogos: os de hoje e os próximos primeiro (do mais cedo ao mais tarde), depois os passados (o mais recente primeiro); total no cabeçalho X-Total-Count',
        },
        400,
      ),
      async (request, user, reply) => {
        const { games, total } = await listUserGames(request.ctx, user, request.query);
        reply.header('X-Total-Count', String(total));
        return games;
      },
    );

    route(
      // A missing body reaches the rules as null; they then ask for every required field.
      signedInRoute(
        'POST /user-games',
        {
          tags,
          summary:
            'Cria um jogo (rascunho, ou publicado com state: published); com groupId, um jogo da turma, só pelo dono ou organizadores (403), nunca numa turma suspensa (409)',
        },
        400,
        403,
        404,
        409,
      ),
      async (request, user, reply) => reply.status(201).send(await createUserGame(request.ctx, user, request.body ?? {})),
    );

    route(
      signedInRoute('GET /user-games/earnings', {
        tags,
        summary: 'Recebimentos: disponível, a receber e já repassado, por jogo, e os repasses (valores em reais)',
      }),
      async (request, user) => getEarnings(request.ctx, user),
    );

    route(
      signedInRoute('GET /user-games/earnings.csv', {
        tags,
        summary: 'Recebimentos em planilha (CSV para o Excel em português: BOM, ponto e vírgula), um jogo por linha e os repasses',
      }),
      async (request, user, reply) => sendCsv(reply, await exportEarningsCsv(request.ctx, user)),
    );

    route(
      signedInRoute(
        'POST /user-games/payouts',
        {
          tags,
          summary:
            'Pede o repasse por PIX de todo o disponível, ou de amount (reais); 409 sem chave PIX, abaixo do mínimo, acima do disponível ou com outro pedido em andamento',
        },
        400,
        409,
      ),
      async (request, user, reply) => reply.status(201).send(await requestPayout(request.ctx, user, request.body?.amount)),
    );

    route(
      signedInRoute('GET /user-games/payouts/:id', { tags, summary: 'Um repasse meu (404 para o de outra pessoa)' }, 400, 404),
      async (request, user) => getPayout(request.ctx, user, request.params.id),
    );

    route(oneGameRoute('GET /user-games/:id', 'Um jogo meu, com as contagens e todas as inscrições'), async (request, user) =>
      getUserGame(request.ctx, user, request.params.id),
    );

    route(
      oneGameRoute(
        'PUT /user-games/:id',
        'Edita um jogo meu (o payload completo; state ausente mantém a publicação). Torná-lo privado com jogadores não convidados pede confirm: true (senão 409)',
        409,
      ),
      async (request, user) => updateUserGame(request.ctx, user, request.params.id, request.body ?? {}),
    );

    route(oneGameRoute('POST /user-games/:id/publish', 'Publica um rascunho', 409), async (request, user) =>
      publishUserGame(request.ctx, user, request.params.id),
    );

    route(
      oneGameRoute(
        'POST /user-games/:id/unpublish',
        'Volta um jogo publicado para rascunho. Com jogadores, pede confirm: true (senão 409): são cancelados com reembolso integral',
        409,
      ),
      async (request, user) => unpublishUserGame(request.ctx, user, request.params.id, request.body?.confirm === true),
    );

    route(
      oneGameRoute(
        'POST /user-games/:id/cancel',
        'Cancela o jogo com um motivo: todas as inscrições são canceladas e reembolsadas integralmente (créditos e cartão/PIX na hora)',
        409,
      ),
      async (request, user) => cancelUserGame(request.ctx, user, request.params.id, request.body.reason),
    );

    route(
      oneGameRoute('POST /user-games/:id/regenerate-link', 'Gera um novo link privado; o anterior deixa de funcionar', 409),
      async (request, user) => regeneratePrivateLink(request.ctx, user, request.params.id),
    );

    route(
      oneGameRoute(
        'PUT /user-games/:id/players/:userId',
        'Dia do jogo: marca presença (de 2 h antes a 3 dias depois do início) e/ou o nível (1 a 5) de um jogador confirmado',
        409,
      ),
      async (request, user) => updateGamePlayer(request.ctx, user, request.params.id, request.params.userId, request.body),
    );

    route(
      oneGameRoute(
        'POST /user-games/:id/teams',
        'Sorteia times equilibrados pelo nível entre os presentes (todos os confirmados se ninguém foi marcado); substitui o sorteio anterior',
        409,
      ),
      async (request, user) => drawTeams(request.ctx, user, request.params.id, request.body.teamCount),
    );

    route(
      oneGameRoute(
        'GET /user-games/:id/registrations.csv',
        'Planilha (CSV para o Excel em português: BOM, ponto e vírgula) com uma linha por inscrição',
      ),
      async (request, user, reply) => sendCsv(reply, await exportRegistrationsCsv(request.ctx, user, request.params.id)),
    );

    route(
      oneGameRoute(
        'GET /user-games/:id/list.txt',
        'A lista como se cola no WhatsApp (texto): o jogo (dia, hora, local, preço, vagas), os confirmados numerados com mensalistas, avulsos e ✅ para quem pagou pela plataforma, e a lista de espera. Para quem organiza o jogo e a administração',
      ),
      async (request, user, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(await getGameListText(request.ctx, user, request.params.id)),
    );

    route(
      oneGameRoute(
        'GET /user-games/:id/history',
        'O histórico do jogo, do mais novo ao mais antigo: quem fez o quê (criou, editou e o que mudou, entradas, saídas, reembolsos, avulsos, cancelamento, avisos); actor null é o sistema. Para quem organiza o jogo e a administração',
      ),
      async (request, user) => getGameHistory(request.ctx, user, request.params.id),
    );

    route(
      {
        ...oneGameRoute(
          'POST /user-games/:id/invitations',
          'Convida até 50 e-mails para o jogo (e-mail com o link privado; notificação para quem tem conta)',
          409,
          429,
        ),
        // Counted per address before the body is read: e-mails leave the platform from here.
        preValidation: ctx.rateLimiter.limit({ name: 'invite:ip', max: 30, windowMs: minutes(60), key: byIp }),
      },
      async (request, user) => inviteByEmail(request.ctx, user, request.params.id, request.body.emails),
    );

    route(
      oneGameRoute(
        'POST /user-games/:id/walk-ins',
        'Adiciona um avulso (só o nome, sem conta: um "+1" da lista do WhatsApp), que ocupa uma vaga; jogo lotado é 409',
        409,
      ),
      async (request, user, reply) => reply.status(201).send(await addWalkIn(request.ctx, user, request.params.id, request.body.name)),
    );

    route(
      oneGameRoute(
        'PUT /user-games/:id/walk-ins/:walkInId',
        'Dia do jogo: marca presença (de 2 h antes a 3 dias depois do início) e/ou o nível (1 a 5) de um avulso, como de um jogador confirmado',
        409,
      ),
      async (request, user) => updateGameWalkIn(request.ctx, user, request.params.id, request.params.walkInId, request.body),
    );

    route(
      oneGameRoute('DELETE /user-games/:id/walk-ins/:walkInId', 'Tira um avulso da lista; a vaga vai para o primeiro da fila', 409),
      async (request, user) => removeWalkIn(request.ctx, user, request.params.id, request.params.walkInId),
    );

    route(
      oneGameRoute(
        'DELETE /user-games/:id/players/:userId',
        'Tira um jogador da lista (confirmado, aguardando pagamento ou na fila): reembolso integral e aviso, como no cancelamento do jogo; a vaga vai para o primeiro da fila',
        409,
      ),
      async (request, user) => removeGamePlayer(request.ctx, user, request.params.id, request.params.userId),
    );
  };
}
