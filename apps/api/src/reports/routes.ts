/**
 * /api/reports (issue 30): each report as JSON and as CSV for the same query. Gated by
 * reports.sales; the cost, fee and profit figures are left out, not nulled, without
 * reports.profit.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponsReport as couponsReportShape,
  customersReport as customersReportShape,
  errorResponse,
  podReport as podReportShape,
  reportQuery,
  salesQuery,
  salesReport as salesReportShape,
  stockQuery,
  stockReport as stockReportShape,
} from '@shop/shared';
import { z } from 'zod';
import { getSettings } from '../content/index.ts';
import { couponsCsv, couponsReport } from './coupons.ts';
import { customersCsv, customersReport } from './customers.ts';
import { podCsv, podReport } from './pod.ts';
import { salesCsv, salesReport } from './sales.ts';
import { stockCsv, stockReport } from './stock.ts';

const tags = ['reports'];
const security = [{ bearerAuth: [] }];
const reportErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

const DEFINITIONS =
  'A sale counts on the Lagos day its order was created, once money came in (paid, partially refunded or refunded), ' +
  'archived orders apart; a refund of goods counts on the day it was processed. Net sales = gross (list price × units) ' +
  '− markdowns − coupons − till discounts − refunds of goods; delivery charged is apart. With reports.profit: cost of ' +
  'goods (lines sold without a cost counted in unitsUnknownCost, never as 0), payment fees, delivery cost, gross profit ' +
  '(net − cost of goods − fees − delivery cost + delivery charged) and margin %. Money in kobo.';

const STOCK_DEFINITIONS =
  'Per live variant: on hand = stock + units held by unpaid orders (reserved); value at the current selling price ' +
  '(and, with reports.profit, at cost: variants without a cost counted apart); units sold in the last 30 Lagos days ' +
  '(sales as the sales report counts them); days of cover = on hand ÷ (sold in 30 days ÷ 30), null when nothing sold; ' +
  'dead = nothing sold in 60 days with stock; reorder = cover below the reportsReorderDays setting. Negative on hand ' +
  'counts as 0 in values and cover. Totals are over every matching row, not just the page. Money in kobo.';

const POD_DEFINITIONS =
  "Per state, the pay-on-delivery orders created on the period's Lagos days (archived ones apart): sent, paid (money came " +
  'in), refused at delivery, cancelled as not confirmed in time, failure rate = (refused + not confirmed) ÷ sent in %, and ' +
  'the orders sent or delivered with nothing paid yet with what is left to collect on them (total − amount paid). Money in kobo.';

const csvReply = (reply: FastifyReply, filename: string, csv: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .send(csv);

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
      return csvReply(reply, `sales-${from}-${to}-by-${groupBy}.csv`, salesCsv(report, groupBy));
    },
  });

  app.get('/api/reports/stock', {
    config: { access: 'reports.sales' },
    schema: {
      tags,
      security,
      summary:
        'Stock per variant: on hand, reserved, value, units sold in 30 days, days of cover, last sold, dead and reorder flags; paged, sortable, filterable',
      description: STOCK_DEFINITIONS,
      querystring: stockQuery,
      response: { 200: stockReportShape, ...reportErrors },
    },
    handler: async (request) => {
      const { reportsReorderDays } = await getSettings(app.db);
      return stockReport(app.db, request.query, reportsReorderDays, request.can('reports.profit'));
    },
  });

  app.get('/api/reports/stock.csv', {
    config: { access: 'reports.sales' },
    schema: {
      tags,
      security,
      summary:
        'The stock report for the same filters and order as a CSV file: every matching variant (no paging), then the totals, money in naira',
      produces: ['text/csv'],
      querystring: stockQuery,
      response: { 200: z.string().describe('CSV, one header row'), ...reportErrors },
    },
    handler: async (request, reply) => {
      const { reportsReorderDays } = await getSettings(app.db);
      const profit = request.can('reports.profit');
      const report = await stockReport(app.db, request.query, reportsReorderDays, profit, true);
      return csvReply(reply, 'stock.csv', stockCsv(report, profit));
    },
  });

  app.get('/api/reports/pod', {
    config: { access: 'reports.sales' },
    schema: {
      tags,
      security,
      summary:
        'Pay on delivery per state between two Lagos days: orders sent, paid, refused at delivery, not confirmed in time, failure rate and money still to collect, with totals and a comparison',
      description: POD_DEFINITIONS,
      querystring: reportQuery,
      response: { 200: podReportShape, ...reportErrors },
    },
    handler: async (request) => podReport(app.db, request.query),
  });

  app.get('/api/reports/pod.csv', {
    config: { access: 'reports.sales' },
    schema: {
      tags,
      security,
      summary: 'The pay-on-delivery report for the same query as a CSV file: a row per state, then the totals, money in naira',
      produces: ['text/csv'],
      querystring: reportQuery,
      response: { 200: z.string().describe('CSV, one header row'), ...reportErrors },
    },
    handler: async (request, reply) => {
      const { from, to } = request.query;
      return csvReply(reply, `pay-on-delivery-${from}-${to}.csv`, podCsv(await podReport(app.db, request.query)));
    },
  });

  app.get('/api/reports/coupons', {
    config: { access: 'reports.sales' },
    schema: {
      tags,
      security,
      summary:
        'Sales that used a coupon between two Lagos days, per code: orders, discount given (coupons), net sales and, with reports.profit, gross profit after the discount; totals and a comparison',
      description: `The sales report's figures, narrowed to orders with a coupon. ${DEFINITIONS}`,
      querystring: reportQuery,
      response: { 200: couponsReportShape, ...reportErrors },
    },
    handler: async (request) => couponsReport(app.db, request.query, request.can('reports.profit')),
  });

  app.get('/api/reports/coupons.csv', {
    config: { access: 'reports.sales' },
    schema: {
      tags,
      security,
      summary: 'The coupons report for the same query as a CSV file: a row per code, then the totals, money in naira',
      produces: ['text/csv'],
      querystring: reportQuery,
      response: { 200: z.string().describe('CSV, one header row'), ...reportErrors },
    },
    handler: async (request, reply) => {
      const report = await couponsReport(app.db, request.query, request.can('reports.profit'));
      return csvReply(reply, `coupons-${request.query.from}-${request.query.to}.csv`, couponsCsv(report));
    },
  });

  app.get('/api/reports/customers', {
    config: { access: 'reports.sales' },
    schema: {
      tags,
      security,
      summary:
        'Customers between two Lagos days: new (first sale ever in the period) and returning, their net sales, the repeat rate and the top customers by net sales (names only with customers.read); totals and a comparison',
      description:
        "A customer is an account (web orders) or a recorded till customer; walk-ins are not counted. Net sales as the sales report. Repeat rate = customers with 2 or more sales ever by the period's end ÷ the period's customers. Money in kobo.",
      querystring: reportQuery,
      response: { 200: customersReportShape, ...reportErrors },
    },
    handler: async (request) => customersReport(app.db, request.query, request.can('customers.read')),
  });

  app.get('/api/reports/customers.csv', {
    config: { access: 'reports.sales' },
    schema: {
      tags,
      security,
      summary: 'The customers report for the same query as a CSV file: the figures, then the top customers, money in naira',
      produces: ['text/csv'],
      querystring: reportQuery,
      response: { 200: z.string().describe('CSV: the figures, a blank line, the top customers'), ...reportErrors },
    },
    handler: async (request, reply) => {
      const report = await customersReport(app.db, request.query, request.can('customers.read'));
      return csvReply(reply, `customers-${request.query.from}-${request.query.to}.csv`, customersCsv(report));
    },
  });
};

export default reportRoutes;
