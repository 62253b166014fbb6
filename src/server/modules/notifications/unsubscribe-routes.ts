import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../../core/context';
import { checkUnsubscribeLink } from '../../core/notifications/check-unsubscribe-link';
import { unsubscribeByLink } from '../../core/notifications/unsubscribe-by-link';
import { unsubscribeUrl } from '../../core/notifications/unsubscribe-link';
import { apiRoute, errorReplyOf } from '../../http/route-helpers';
import { unsubscribePage } from '../../integrations/mail/unsubscribe-page';
import { AppError } from '../../lib/app-error';
import { byIp, minutes } from '../../lib/rate-limit';
import { readFormFields } from './form-body';

/**
 * Mail programs post the one-click from few addresses for many people, so the limit is generous; it is there to stop
 * anyone hammering the route, since a link's 128-bit signature cannot be guessed.
 */
const LINK_USES = { name: 'unsubscribe:ip', max: 120, windowMs: minutes(1), key: byIp };

/** The one-click body is 29 bytes, a form's a few hundred: nothing larger is read. */
const FORM_BODY_LIMIT_BYTES = 2 * 1024;

/**
 * The page is a document of its own under /api: its inline styles, and its form posting back to the link, are all it
 * needs of the CSP every API answer gets (which allows nothing).
 */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const tags = ['notifications'];

/** A browser (the e-mail's link, the page's form) asks for a page; a mail program's one-click or a script, for JSON. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/i.test(request.headers.accept ?? '');

/** A link that is forged or expired: JSON `{code, message}`, or for a browser the page saying so. */
const linkRefused = {
  description: 'O link não vale (forjado ou expirado): `{code, message}`, ou a página que diz por quê a quem pede text/html',
  content: {
    'application/json': { schema: errorReplyOf(400) },
    'text/html': { schema: z.string().describe('Página que diz por que o link não vale') },
  },
};

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', PAGE_CSP)
    .header('Cache-Control', 'no-store')
    .send(html);
}

/**
 * The link of an e-mail's footer and of its List-Unsubscribe header (decision 044), without signing in: a GET asks
 * (mail scanners open links), the POST (the page's form, or a mail program's one-click, RFC 8058) turns e-mails of
 * the link's kind off. A forged or expired link is a 400: the page saying so for a browser, `{code, message}` for anything
 * else (a mail program's one-click). Only here are forms read.
 */
export function unsubscribeRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const linkUses = ctx.rateLimiter.limit(LINK_USES);
  return async (app) => {
    app.removeAllContentTypeParsers();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES }, (request, body, done) => {
        done(null, readFormFields(request.headers['content-type'] ?? '', body as string));
      });
    }

    app.route({
      ...apiRoute('GET /unsubscribe/:token', {
        tags,
        summary: 'Página que pergunta se a pessoa quer deixar de receber os e-mails do tipo do link',
        replies: { 400: linkRefused },
      }),
      onRequest: linkUses,
      handler: async (request, reply) => {
        const { publicUrl } = request.ctx.config;
        try {
          const { kindLabel } = await checkUnsubscribeLink(request.ctx, request.params.token);
          return sendPage(
            reply,
            200,
            unsubscribePage({ state: 'confirm', kindLabel, actionUrl: unsubscribeUrl(publicUrl, request.params.token), publicUrl }),
          );
        } catch (error) {
          if (!(error instanceof AppError) || !wantsPage(request)) throw error;
          return sendPage(reply, 400, unsubscribePage({ state: 'error', message: error.message, publicUrl }));
        }
      },
    });

    app.route({
      ...apiRoute('POST /unsubscribe/:token', {
        tags,
        summary: 'Desliga os e-mails do tipo do link (o one-click do programa de e-mail, RFC 8058, ou o formulário da página)',
        replies: { 400: linkRefused },
      }),
      onRequest: linkUses,
      handler: async (request, reply) => {
        const { publicUrl } = request.ctx.config;
        try {
          const { message } = await unsubscribeByLink(request.ctx, request.params.token);
          return sendPage(reply, 200, unsubscribePage({ state: 'done', message, publicUrl }));
        } catch (error) {
          if (!(error instanceof AppError) || !wantsPage(request)) throw error;
          return sendPage(reply, 400, unsubscribePage({ state: 'error', message: error.message, publicUrl }));
        }
      },
    });
  };
}
