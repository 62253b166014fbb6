import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../http/route-helpers';
import { adminRoute } from './admin-route';
import { exportPaymentsReport } from './export-payments-report';
import { getDashboard } from './get-dashboard';

/** What the administrator reads of the whole platform: the dashboard and the payments spreadsheet. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /admin/dashboard', { summary: 'Contadores e os 5 jogos mais recentes' }),
    handler: async (request) => getDashboard(request.ctx),
  });

  app.route({
    ...adminRoute(
      'GET /admin/reports/payments.csv',
      {
        summary:
          'Planilha (CSV para o Excel em português) de todos os pagamentos a provedores e movimentos de créditos do período, com totais',
        description: 'from e to são dias (AAAA-MM-DD) no horário de Brasília, ambos incluídos; no máximo 366 dias.',
      },
      400,
    ),
    handler: async (request, reply) => sendCsv(reply, await exportPaymentsReport(request.ctx, request.query)),
  });
};
