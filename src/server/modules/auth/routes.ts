import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../core/context';
import { byAccount, byAccountAndIp, byIp, minutes } from '../../lib/rate-limit';
import { apiRoute } from '../../http/route-helpers';
import { loginUser } from './login-user';
import { registerUser } from './register-user';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';
import { signInWithGoogle } from './sign-in-with-google';

const tags = ['auth'];

export function authRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const { limit } = ctx.rateLimiter;
  /**
   * The counters of a route that names an account, over 15 minutes: per IP and per account and IP refuse, per
   * account only slows down (so a stranger cannot lock someone out of their own account).
   */
  const perAccount = (name: string, max: { ip: number; accountIp: number; account: number }) =>
    limit(
      { name: `${name}:ip`, max: max.ip, windowMs: minutes(15), key: byIp },
      { name: `${name}:account-ip`, max: max.accountIp, windowMs: minutes(15), key: byAccountAndIp },
      { name: `${name}:account`, max: max.account, windowMs: minutes(15), key: byAccount, overLimit: 'slow-down' },
    );
  /**
   * Sign-ups (decision 048): a club's Wi-Fi or a carrier's shared address signs up a whole group, so one address is
   * slowed down past 20 an hour and refused only past 60 an hour or 200 a day; one e-mail gets 5 tries an hour
   * from anywhere. Mass sign-ups from one address still stop, and slowly.
   */
  const registerLimits = limit(
    { name: 'register:ip', max: 60, windowMs: minutes(60), key: byIp },
    { name: 'register:ip-day', max: 200, windowMs: minutes(24 * 60), key: byIp },
    { name: 'register:account', max: 5, windowMs: minutes(60), key: byAccount },
    { name: 'register:ip-slow', max: 20, windowMs: minutes(60), key: byIp, overLimit: 'slow-down' },
  );
  return async (app) => {
    app.route({
      ...apiRoute('GET /auth/config', { tags, summary: 'Opções de login do cliente' }),
      handler: async () => ({ googleClientId: ctx.google?.clientId ?? null, googleAllowedOrigins: ctx.config.googleAllowedOrigins }),
    });

    app.route({
      ...apiRoute('POST /auth/register', { tags, summary: 'Cria uma conta e devolve o token' }, 400, 409),
      preValidation: registerLimits,
      handler: async (request, reply) => reply.status(201).send(await registerUser(request.ctx, request.body)),
    });

    app.route({
      ...apiRoute('POST /auth/login', { tags, summary: 'Entra com e-mail e senha' }, 400, 401),
      preValidation: perAccount('login', { ip: 30, accountIp: 10, account: 100 }),
      handler: async (request) => loginUser(request.ctx, request.body),
    });

    app.route({
      ...apiRoute(
        'POST /auth/forgot',
        { tags, summary: 'Envia um código de recuperação de senha (mesma resposta exista a conta ou não)' },
        400,
      ),
      preValidation: perAccount('forgot', { ip: 10, accountIp: 5, account: 20 }),
      handler: async (request) => requestPasswordReset(request.ctx, request.body.email),
    });

    app.route({
      ...apiRoute('POST /auth/reset-password', { tags, summary: 'Redefine a senha com o código recebido por e-mail' }, 400),
      preValidation: perAccount('reset', { ip: 30, accountIp: 10, account: 100 }),
      handler: async (request) => resetPassword(request.ctx, request.body),
    });

    app.route({
      ...apiRoute('POST /auth/google', { tags, summary: 'Entra com um ID token do Google' }, 400, 401, 404),
      preValidation: limit({ name: 'google:ip', max: 30, windowMs: minutes(15), key: byIp }),
      handler: async (request) => signInWithGoogle(request.ctx, request.body.token),
    });
  };
}
