/**
 * /api/purchases: the back office's purchases table (orders in the original flat shape),
 * its CSV export, archive and restore; and the old clients' POST /api/purchases/create.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, purchase, purchaseCreateBody, purchaseFilters, purchaseListQuery, purchaseMessage } from '@shop/shared';
import { z } from 'zod';
import { csvRow } from '../lib/csv.ts';
import { notFound } from '../lib/http-error.ts';
import { refuse } from '../lib/refuse.ts';
import { createLegacyPurchase } from './legacy.ts';
import { PURCHASE_CSV_COLUMNS, toPurchase } from './view.ts';

const tags = ['purchases'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string() });
const adminErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export const PURCHASE_NOT_FOUND = 'Purchase not found';
/** The CSV export's bound, so one request can never build an unbounded file. */
export const CSV_MAX_ROWS = 100_000;
const CSV_BATCH = 1000;

const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  async function purchaseById(id: string) {
    const order = await app.orders.get(id);
    if (!order) throw notFound(PURCHASE_NOT_FOUND);
    return toPurchase(order);
  }

  app.get('/api/purchases', {
    config: { access: 'orders.read' },
    schema: {
      tags,
      security,
      summary: 'Purchases (one row per order): search, filter, sort, page (admin; total in X-Total-Count)',
      querystring: purchaseListQuery,
      response: { 200: z.array(purchase), ...adminErrors },
    },
    handler: async (request, reply) => {
      const { limit, offset, ...filters } = request.query;
      const { items, total } = await app.orders.search(filters, limit, offset);
      reply.header('X-Total-Count', String(total)).header('Access-Control-Expose-Headers', 'X-Total-Count');
      return items.map(toPurchase);
    },
  });

  app.get('/api/purchases.csv', {
    config: { access: 'customers.export' },
    schema: {
      tags,
      security,
      summary: 'Every purchase matching the filters, as a CSV file (admin)',
      produces: ['text/csv'],
      querystring: purchaseFilters,
      response: { 200: z.string().describe('CSV, one header row'), ...adminErrors },
    },
    handler: async (request, reply) => {
      // A byte-order mark, so spreadsheets read names with accents as UTF-8.
      let csv = `\uFEFF${csvRow(PURCHASE_CSV_COLUMNS.map(([name]) => name))}`;
      for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_BATCH) {
        const { items } = await app.orders.search(request.query, Math.min(CSV_BATCH, CSV_MAX_ROWS - offset), offset);
        for (const order of items) {
          const row = toPurchase(order);
          csv += csvRow(PURCHASE_CSV_COLUMNS.map(([, value]) => value(row)));
        }
        if (items.length < CSV_BATCH) break;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="purchases.csv"')
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  });

  app.get('/api/purchases/:id', {
    config: { access: 'orders.read' },
    schema: {
      tags,
      security,
      summary: 'One purchase, archived or not (admin)',
      params: idParams,
      response: { 200: purchase, ...adminErrors },
    },
    handler: async (request) => purchaseById(request.params.id),
  });

  app.delete('/api/purchases/:id', {
    config: { access: 'orders.fulfil' },
    schema: {
      tags,
      security,
      summary: 'Archive a purchase: hidden from the list, restorable, never deleted (admin)',
      params: idParams,
      response: { 200: purchaseMessage, ...adminErrors },
    },
    handler: async (request) => {
      if (!(await app.orders.archive(request.params.id))) throw notFound(PURCHASE_NOT_FOUND);
      return { msg: 'Purchase archived', id: request.params.id };
    },
  });

  app.post('/api/purchases/:id/restore', {
    config: { access: 'orders.fulfil' },
    schema: {
      tags,
      security,
      summary: 'Bring an archived purchase back to the list (admin)',
      params: idParams,
      response: { 200: purchase, ...adminErrors },
    },
    handler: async (request) => {
      if (!(await app.orders.restore(request.params.id))) throw notFound(PURCHASE_NOT_FOUND);
      return purchaseById(request.params.id);
    },
  });

  app.post('/api/purchases/create', {
    config: { access: 'signed-in' },
    // Counted before the body is checked: refused and invalid tries count too.
    onRequest: app.limitCheckout,
    schema: {
      tags,
      security,
      summary: "An old client's purchase (direct, cart or one call per line); priced by the server; answers 200",
      description:
        'Creates a pending order priced from the catalogue (any price or total sent is ignored), with delivery to the ' +
        "shopper's state priced as checkout prices it. It is paid only when `reference` is confirmed by the payment " +
        'provider (a payment of the goods alone is recorded as a part-payment: the delivery fee is still owed), or when ' +
        "an admin sends it (the point of sale's per-line form), which records a paid point-of-sale sale. A shopper's " +
        'orders count against the cap on unpaid online orders (409); with no payment provider configured it answers 503 ' +
        'and creates nothing.',
      body: purchaseCreateBody,
      response: {
        200: purchase,
        400: errorResponse,
        401: errorResponse,
        404: errorResponse,
        409: errorResponse,
        429: errorResponse,
        503: errorResponse,
      },
    },
    handler: async (request) => {
      // A staff member's purchase is a sale at the counter.
      if (request.staff && !request.can('pos.sell')) throw refuse('pos.sell');
      return toPurchase(
        await createLegacyPurchase({ db: app.db, orders: app.orders, payments: app.payments }, request.user!, request.body),
      );
    },
  });
};

export default purchaseRoutes;
