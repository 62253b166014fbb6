import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  changePasswordReplySchema,
  deleteMeBodySchema,
  deleteMeReplySchema,
  exportReplySchema,
  meReplySchema,
  phoneBodySchema,
  phoneReplySchema,
  updateMeBodySchema,
  updateMeReplySchema,
} from '../../../shared/schemas/users';
import type { ServerContext } from '../../core/context';
import { createSignedInCache } from '../../core/signed-in-cache';
import { currentUser } from '../../http/authentication';
import { type EncodedReply, encodeReply, sendKept, signedInSchema } from '../../http/route-helpers';
import { byIp, minutes } from '../../lib/rate-limit';
import { changePassword } from './change-password';
import { deleteAccount } from './delete-account';
import { exportMyData } from './export-my-data';
import { getMe } from './get-me';
import { updateMe } from './update-me';
import { updatePhone } from './update-phone';

/** The file name of the data download. */
const EXPORT_FILE_NAME = 'bora-jogar-meus-dados.json';

export function userRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const { limit } = ctx.rateLimiter;
  // Both ask for the password again: a stolen session must not be able to guess it at leisure. One
  // counter for both (made once: each limit() call counts on its own).
  const passwordGuesses = limit({ name: 'account-password:ip', max: 10, windowMs: minutes(15), key: byIp });
  // The caller's account and games as last encoded for them (decision 032).
  const accounts = createSignedInCache<EncodedReply>(ctx, { name: 'me', maxEntries: 2_000 });
  return async (app) => {
    app.get('/users/me', {
      schema: signedInSchema({
        tags: ['users'],
        summary: 'O usuário logado, com saldo e jogos',
        response: { 200: meReplySchema },
      }),
      // Sent as kept bytes, gzipped once by sendEncoded: the compression plugin has nothing to do here.
      compress: false,
      onRequest: app.requireUser,
      handler: (request, reply) => {
        const user = currentUser(request);
        return sendKept(request, reply, accounts, String(user.id), async () => encodeReply(meReplySchema, await getMe(request.ctx, user)));
      },
    });

    app.put('/users/phone', {
      schema: signedInSchema({
        tags: ['users'],
        summary: 'Salva o telefone (somente dígitos; 10 ou 11 com DDD válido)',
        body: phoneBodySchema,
        response: { 200: phoneReplySchema },
      }, 400),
      onRequest: app.requireUser,
      handler: async (request) => updatePhone(request.ctx, currentUser(request).id, request.body.phone),
    });

    app.put('/users/me', {
      schema: signedInSchema({
        tags: ['users'],
        summary: 'Altera o nome (2 a 100 caracteres) e, se enviado, o telefone',
        body: updateMeBodySchema,
        response: { 200: updateMeReplySchema },
      }, 400),
      onRequest: app.requireUser,
      handler: async (request) => updateMe(request.ctx, currentUser(request).id, request.body),
    });

    app.post('/users/me/password', {
      schema: signedInSchema({
        tags: ['users'],
        summary: 'Troca a senha: encerra as outras sessões e devolve um token novo',
        body: changePasswordBodySchema,
        response: { 200: changePasswordReplySchema },
      }, 400, 429),
      preValidation: passwordGuesses,
      onRequest: app.requireUser,
      handler: async (request) => changePassword(request.ctx, currentUser(request), request.body),
    });

    app.get('/users/me/export', {
      schema: signedInSchema({
        tags: ['users'],
        summary: 'Baixa (como anexo JSON) tudo o que o Bora Jogar guarda sobre o usuário',
        response: { 200: exportReplySchema },
      }),
      onRequest: app.requireUser,
      handler: async (request, reply) => {
        reply.header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`);
        reply.header('Cache-Control', 'no-store');
        return exportMyData(request.ctx, currentUser(request));
      },
    });

    app.delete('/users/me', {
      schema: signedInSchema({
        tags: ['users'],
        summary:
          'Exclui a conta: apaga os dados pessoais, encerra as sessões e desiste das inscrições futuras (409 enquanto houver saldo, salvo forfeitCredits)',
        body: deleteMeBodySchema,
        response: { 200: deleteMeReplySchema },
      }, 400, 409, 429),
      preValidation: passwordGuesses,
      onRequest: app.requireUser,
      handler: async (request) => deleteAccount(request.ctx, currentUser(request), request.body),
    });
  };
}
