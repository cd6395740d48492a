/** The dashboard's figures and the audit trail (its CSV, and an order's and a product's history: history-routes.ts). */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStats, auditEntry, auditFilters, auditListQuery, errorResponse } from '@shop/shared';
import { z } from 'zod';
import { auditCsv, listAudit } from './audit.ts';
import { getSettings } from '../content/index.ts';
import historyRoutes from './history-routes.ts';
import { getAdminStats } from './stats.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const adminErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/stats', {
    config: { access: 'reports.sales' },
    schema: {
      tags,
      security,
      summary:
        'Sales for today, 7 and 30 days, a daily series, best sellers, low stock and the latest orders; today vs the same weekday last week and the last 30 days vs the 30 before, by the sales report',
      description:
        "comparisons are GET /api/reports/sales's totals for those Lagos days (money in kobo): net sales, orders, average order value and, with reports.profit only, gross profit and margin % (absent without it, not null), each with its change in %.",
      response: { 200: adminStats, ...adminErrors },
    },
    handler: async (request) =>
      getAdminStats(app.db, (await getSettings(app.db)).lowStockThreshold, { profit: request.can('reports.profit') }),
  });

  app.get('/api/admin/audit', {
    config: { access: 'audit.read' },
    schema: {
      tags,
      security,
      summary:
        'The audit trail, newest first (total in X-Total-Count): by staff member, action, entity and its id, and Lagos days `from`–`to` (both included); `limit` up to 200',
      description:
        'Each entry copies who acted (name, e-mail, role), what (`action`, `entity`, `entityId`), the fields that changed as they were (`before`) and became (`after`), in words (`change`), and where from (IP, user agent, request id). Entries are written in the transaction of their change and can never be changed or deleted.',
      querystring: auditListQuery,
      response: { 200: z.array(auditEntry), ...adminErrors },
    },
    handler: async (request, reply) => {
      const { items, total } = await listAudit(app.db, request.query, { costs: request.can('catalog.cost') });
      reply.header('X-Total-Count', String(total)).header('Access-Control-Expose-Headers', 'X-Total-Count');
      return items;
    },
  });

  app.get('/api/admin/audit.csv', {
    config: { access: 'audit.read' },
    schema: {
      tags,
      security,
      summary: 'Every audit entry matching the same filters as GET /api/admin/audit, newest first, as a CSV file',
      produces: ['text/csv'],
      querystring: auditFilters,
      response: { 200: z.string().describe('CSV, one header row'), ...adminErrors },
    },
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="audit.csv"')
        .header('Cache-Control', 'no-store')
        // Sent as it is read, a batch at a time; a stream is never serialised (the schema documents it).
        .send(Readable.from(auditCsv(app.db, request.query, { costs: request.can('catalog.cost') })) as never),
  });

  await app.register(historyRoutes);
};

export default adminRoutes;
