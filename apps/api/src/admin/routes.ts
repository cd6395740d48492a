/** Mounted at /api/admin: the dashboard's figures and the audit log (admins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStats, auditEntry, auditListQuery, errorResponse } from '@shop/shared';
import { z } from 'zod';
import { listAudit } from './audit.ts';
import { getSettings } from '../content/index.ts';
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
      summary: 'Sales for today, 7 and 30 days, a daily series, best sellers, low stock and the latest orders',
      response: { 200: adminStats, ...adminErrors },
    },
    handler: async () => getAdminStats(app.db, (await getSettings(app.db)).lowStockThreshold),
  });

  app.get('/api/admin/audit', {
    config: { access: 'audit.read' },
    schema: {
      tags,
      security,
      summary: 'The audit log of admin changes, newest first (total in X-Total-Count)',
      querystring: auditListQuery,
      response: { 200: z.array(auditEntry), ...adminErrors },
    },
    handler: async (request, reply) => {
      const { items, total } = await listAudit(app.db, request.query);
      reply.header('X-Total-Count', String(total)).header('Access-Control-Expose-Headers', 'X-Total-Count');
      return items;
    },
  });
};

export default adminRoutes;
