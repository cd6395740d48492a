/**
 * /api/reports (issue 30): the sales report as JSON and as CSV for the same query. Gated by
 * reports.sales; the cost, fee and profit figures are left out, not nulled, without
 * reports.profit.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, salesQuery, salesReport as salesReportShape } from '@shop/shared';
import { z } from 'zod';
import { salesCsv, salesReport } from './sales.ts';

const tags = ['reports'];
const security = [{ bearerAuth: [] }];
const reportErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

const DEFINITIONS =
  'A sale counts on the Lagos day its order was created, once money came in (paid, partially refunded or refunded), ' +
  'archived orders apart; a refund of goods counts on the day it was processed. Net sales = gross (list price × units) ' +
  '− markdowns − coupons − till discounts − refunds of goods; delivery charged is apart. With reports.profit: cost of ' +
  'goods (lines sold without a cost counted in unitsUnknownCost, never as 0), payment fees, delivery cost, gross profit ' +
  '(net − cost of goods − fees − delivery cost + delivery charged) and margin %. Money in kobo.';

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reports/sales', {
    config: { access: 'reports.sales' },
    schema: {
      tags,
      security,
      summary:
        'Sales between two Lagos days (both included), grouped by day, week, month, product, variant, category, brand, channel, payment method, staff or state, with totals and a comparison',
      description: DEFINITIONS,
      querystring: salesQuery,
      response: { 200: salesReportShape, ...reportErrors },
    },
    handler: async (request) => salesReport(app.db, request.query, request.can('reports.profit')),
  });

  app.get('/api/reports/sales.csv', {
    config: { access: 'reports.sales' },
    schema: {
      tags,
      security,
      summary: 'The sales report for the same query as a CSV file: a row per group, then the totals, money in naira',
      produces: ['text/csv'],
      querystring: salesQuery,
      response: { 200: z.string().describe('CSV, one header row'), ...reportErrors },
    },
    handler: async (request, reply) => {
      const report = await salesReport(app.db, request.query, request.can('reports.profit'));
      const { from, to, groupBy } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="sales-${from}-${to}-by-${groupBy}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(salesCsv(report));
    },
  });
};

export default reportRoutes;
