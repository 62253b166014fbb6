import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INACTIVITY_WARNING_DAYS } from '../../../shared/rules/retention';
import type { ServerContext } from '../../core/context';
import { apiRoute } from '../../http/route-helpers';

/** The privacy policy's figures as this installation is configured (NOTIFICATIONS_RETENTION_DAYS and the rest). */
export function privacyRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...apiRoute('GET /privacy/retention', { tags: ['privacy'], summary: 'Por quanto tempo os dados são guardados, como configurado' }),
      handler: async () => ({ ...ctx.config.retention, warningDays: INACTIVITY_WARNING_DAYS }),
    });
  };
}
