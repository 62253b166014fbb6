import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../core/context';
import { createSignedInCache } from '../../core/signed-in-cache';
import { type EncodedReply, encodeReply, sendKept, signedInRoute, signedInRoutes } from '../../http/route-helpers';
import { byIp, minutes } from '../../lib/rate-limit';
import { changePassword } from './change-password';
import { deleteAccount } from './delete-account';
import { exportMyData } from './export-my-data';
import { getMe } from './get-me';
import { getMyHistory } from './my-history';
import { getPayoutKey, savePayoutKey } from './payout-key';
import { updateMe } from './update-me';
import { updatePhone } from './update-phone';

/** The file name of the data download. */
const EXPORT_FILE_NAME = 'bora-jogar-meus-dados.json';

const tags = ['users'];

export function userRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const { limit } = ctx.rateLimiter;
  // Both ask for the password again: a stolen session must not be able to guess it at leisure. One
  // counter for both (made once: each limit() call counts on its own).
  const passwordGuesses = limit({ name: 'account-password:ip', max: 10, windowMs: minutes(15), key: byIp });
  // The caller's account and games as last encoded for them (decision 032).
  const accounts = createSignedInCache<EncodedReply>(ctx, { name: 'me', maxEntries: 2_000 });
  return async (app) => {
    const route = signedInRoutes(app);

    route(
      {
        ...signedInRoute('GET /users/me', { tags, summary: 'O usuário logado, com saldo e jogos' }),
        // Sent as kept bytes, gzipped once by sendEncoded: the compression plugin has nothing to do here.
        compress: false,
      },
      (request, user, reply) =>
        sendKept(request, reply, accounts, String(user.id), async () => encodeReply(reply, await getMe(request.ctx, user))),
    );

    route(
      signedInRoute('GET /users/me/history', { tags, summary: 'Os jogos já começados do usuário, por página, do mais recente' }, 400),
      (request, user) => getMyHistory(request.ctx, user, request.query.cursor),
    );

    route(
      signedInRoute('PUT /users/phone', { tags, summary: 'Salva o telefone (somente dígitos; 10 ou 11 com DDD válido)' }, 400),
      async (request, user) => updatePhone(request.ctx, user.id, request.body.phone),
    );

    route(
      signedInRoute('PUT /users/me', { tags, summary: 'Altera o nome (2 a 100 caracteres) e, se enviado, o telefone' }, 400),
      async (request, user) => updateMe(request.ctx, user.id, request.body),
    );

    route(
      {
        ...signedInRoute(
          'POST /users/me/password',
          { tags, summary: 'Troca a senha: encerra as outras sessões e devolve um token novo' },
          400,
        ),
        preValidation: passwordGuesses,
      },
      async (request, user) => changePassword(request.ctx, user, request.body),
    );

    route(
      signedInRoute('GET /users/me/payout-key', {
        tags,
        summary: 'A chave PIX dos repasses de organizador, mascarada (null sem chave)',
      }),
      async (request, user) => getPayoutKey(request.ctx, user.id),
    );

    route(
      signedInRoute(
        'PUT /users/me/payout-key',
        {
          tags,
          summary:
            'Salva a chave PIX dos repasses: cpf e cnpj com dígitos verificadores, email, phone (+55 e celular) ou random (UUID); a troca avisa o dono por e-mail',
        },
        400,
      ),
      async (request, user) => savePayoutKey(request.ctx, user, request.body),
    );

    route(
      signedInRoute('GET /users/me/export', { tags, summary: 'Baixa (como anexo JSON) tudo o que o Bora Jogar guarda sobre o usuário' }),
      async (request, user, reply) => {
        reply.header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`);
        reply.header('Cache-Control', 'no-store');
        return exportMyData(request.ctx, user);
      },
    );

    route(
      {
        ...signedInRoute(
          'DELETE /users/me',
          {
            tags,
            summary:
              'Exclui a conta: apaga os dados pessoais, encerra as sessões e desiste das inscrições futuras (409 enquanto houver saldo, salvo forfeitCredits)',
          },
          400,
          409,
        ),
        preValidation: passwordGuesses,
      },
      async (request, user) => deleteAccount(request.ctx, user, request.body),
    );
  };
}
