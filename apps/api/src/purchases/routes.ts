/**
 * /api/purchases: the back office's purchases table (orders in the original flat shape),
 * its CSV export, archive and restore; and the old clients' POST /api/purchases/create.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, purchase, purchaseCreateBody, purchaseFilters, purchaseListQuery, purchaseMessage } from '@shop/shared';
import { z } from 'zod';
import { csvRow } from './csv.ts';
import { createPurchaseService, toPurchase } from './service.ts';
import type { Purchase } from '@shop/shared';

const tags = ['purchases'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string() });
const adminErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

const CSV_COLUMNS: [string, (p: Purchase) => string | number | null][] = [
  ['number', (p) => p.number],
  ['createdAt', (p) => p.createdAt],
  ['status', (p) => p.status],
  ['channel', (p) => p.channel],
  ['customerName', (p) => p.customerName],
  ['email', (p) => p.email],
  ['title', (p) => p.title],
  ['color', (p) => p.color],
  ['size', (p) => p.size],
  ['quantity', (p) => p.quantity],
  ['price', (p) => p.price.toFixed(2)],
  ['discount', (p) => p.discount.toFixed(2)],
  ['totalPrice', (p) => p.totalPrice],
  ['categoryId', (p) => p.categoryId],
  ['archivedAt', (p) => p.archivedAt],
  ['id', (p) => p.id],
];

const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPurchaseService({ db: app.db, orders: app.orders, payments: app.payments, log: app.log });

  app.get('/api/purchases', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Purchases (one row per order): search, filter, sort, page (admin; total in X-Total-Count)',
      querystring: purchaseListQuery,
      response: { 200: z.array(purchase), ...adminErrors },
    },
    handler: async (request, reply) => {
      const { limit, offset, ...filters } = request.query;
      const { items, total } = await service.list(filters, limit, offset);
      reply.header('X-Total-Count', String(total)).header('Access-Control-Expose-Headers', 'X-Total-Count');
      return items;
    },
  });

  app.get('/api/purchases.csv', {
    onRequest: app.requireAdmin,
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
      let csv = `\uFEFF${csvRow(CSV_COLUMNS.map(([name]) => name))}`;
      for await (const batch of service.all(request.query)) {
        for (const row of batch) csv += csvRow(CSV_COLUMNS.map(([, value]) => value(row)));
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="purchases.csv"')
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  });

  app.get('/api/purchases/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      security,
      summary: 'One purchase, archived or not (admin)',
      params: idParams,
      response: { 200: purchase, ...adminErrors },
    },
    handler: async (request) => service.get(request.params.id),
  });

  app.delete('/api/purchases/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Archive a purchase: hidden from the list, restorable, never deleted (admin)',
      params: idParams,
      response: { 200: purchaseMessage, ...adminErrors },
    },
    handler: async (request) => {
      await service.archive(request.params.id);
      return { msg: 'Purchase archived', id: request.params.id };
    },
  });

  app.post('/api/purchases/:id/restore', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Bring an archived purchase back to the list (admin)',
      params: idParams,
      response: { 200: purchase, ...adminErrors },
    },
    handler: async (request) => service.restore(request.params.id),
  });

  app.post('/api/purchases/create', {
    onRequest: app.requireUser,
    schema: {
      tags,
      security,
      summary: "An old client's purchase (direct, cart or one call per line); priced by the server; answers 200",
      description:
        'Creates a pending order priced from the catalogue (any price or total sent is ignored). It is paid only when ' +
        '`reference` is confirmed by the payment provider for the exact amount, or when an admin sends it (the point ' +
        "of sale's per-line form), which records a paid point-of-sale order.",
      body: purchaseCreateBody,
      response: { 200: purchase, 400: errorResponse, 401: errorResponse, 409: errorResponse },
    },
    handler: async (request) => toPurchase(await service.createLegacy(request.user!, request.body)),
  });
};

export default purchaseRoutes;
