/**
 * The till's cash drawers (issue 29): open, pay in and out, close with the cash counted, list,
 * and the Z-report as JSON (printed by the back office) or CSV. The till does the writes with
 * its device token (a drawer opened offline syncs like a sale; it reaches its own drawers
 * only), or a cashier (pos.sell) naming the till; the back office's reports (reports.sales) read drawers and their
 * Z-reports too. Writes are audited in their own transaction like every staff write.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  drawerCloseAnswer,
  drawerCloseBody,
  drawerListQuery,
  drawerMovementBody,
  drawerMovementView,
  drawerOpenBody,
  drawerView,
  errorResponse,
  zReport,
} from '@shop/shared';
import { z } from 'zod';
import { getSettings } from '../content/index.ts';
import { notFound } from '../lib/http-error.ts';
import { closeDrawer, DRAWER_NOT_FOUND, drawerRow, findDrawer, listDrawers, moveCash, openDrawer } from './drawers.ts';
import { resolveTill } from './till-auth.ts';
import { zReport as buildZReport, zReportCsv, zReportFileName } from './z-report.ts';

const tags = ['point of sale'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const idParams = z.object({ id: z.string() });
/** Who reads drawers and their Z-reports: the cashiers who run them, and whoever sees the sales figures. */
const READERS = ['pos.sell', 'reports.sales'] as const;

/** Who writes to a drawer: the member, and, for a till's own token, that till (its drawers only). */
const writer = (request: FastifyRequest) => ({
  userId: request.user?.id ?? null,
  tillId: request.till?.device ? request.till.id : null,
});

const drawerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/pos/drawers', {
    config: { access: 'till' },
    preHandler: resolveTill,
    schema: {
      tags,
      security,
      summary:
        'Open a cash drawer on a till with a float (kobo). Its id is made on the till: the same id again answers 200 with the drawer recorded; another drawer open on the till is 409',
      body: drawerOpenBody,
      response: { 200: drawerView, 201: drawerView, ...errors },
    },
    handler: async (request, reply) => {
      const { drawer, created } = await openDrawer(app.db, request.till!.id, request.body, request.user?.id ?? null);
      return reply.status(created ? 201 : 200).send(drawer);
    },
  });

  app.post('/api/pos/drawers/:id/movements', {
    config: { access: 'till' },
    schema: {
      tags,
      security,
      summary:
        'Pay cash into or out of an open drawer, with a reason. The movement id is made on the till: the same id again answers 200 with the movement recorded; a closed drawer is 409',
      params: idParams,
      body: drawerMovementBody,
      response: { 200: drawerMovementView, 201: drawerMovementView, ...errors },
    },
    handler: async (request, reply) => {
      const { movement, created } = await moveCash(app.db, request.params.id, request.body, writer(request));
      return reply.status(created ? 201 : 200).send(movement);
    },
  });

  app.post('/api/pos/drawers/:id/close', {
    config: { access: 'till' },
    schema: {
      tags,
      security,
      summary:
        'Close a drawer with the cash counted (kobo): answers and records what it should hold (float + cash sales − cash refunds + pay-ins − pay-outs) and the over or short (counted − expected). Closing twice is 409',
      params: idParams,
      body: drawerCloseBody,
      response: { 200: drawerCloseAnswer, ...errors },
    },
    handler: async (request) => closeDrawer(app.db, request.params.id, request.body, writer(request)),
  });

  app.get('/api/pos/drawers', {
    config: { access: [...READERS] },
    schema: {
      tags,
      security,
      summary: "Cash drawers, newest first, of one till (tillId) or all (a cashier's or the sales reports')",
      querystring: drawerListQuery,
      response: { 200: z.array(drawerView), ...errors },
    },
    handler: async (request) => listDrawers(app.db, request.query),
  });

  app.get('/api/pos/drawers/:id', {
    config: { access: [...READERS] },
    schema: { tags, security, summary: 'One cash drawer', params: idParams, response: { 200: drawerView, ...errors } },
    handler: async (request) => {
      const drawer = await findDrawer(app.db, request.params.id);
      if (!drawer) throw notFound(DRAWER_NOT_FOUND);
      return drawer;
    },
  });

  async function report(id: string) {
    const row = await drawerRow(app.db, id);
    const [view, { storeName }] = await Promise.all([findDrawer(app.db, id), getSettings(app.db)]);
    return buildZReport(app.db, row, view!, storeName);
  }

  app.get('/api/pos/drawers/:id/report', {
    config: { access: [...READERS] },
    schema: {
      tags,
      security,
      summary:
        "A drawer's Z-report (kobo): sales by tender, exchanges, refunds, discounts (markdowns, coupons and the till's apart), by cashier, pay-ins and pay-outs, and the cash expected, counted and over or short",
      params: idParams,
      response: { 200: zReport, ...errors },
    },
    handler: async (request) => report(request.params.id),
  });

  app.get('/api/pos/drawers/:id/report.csv', {
    config: { access: [...READERS] },
    schema: {
      tags,
      security,
      summary: "A drawer's Z-report as a CSV file (section, item, count, amount in naira with kobo)",
      produces: ['text/csv'],
      params: idParams,
      response: { 200: z.string().describe('CSV, one header row'), ...errors },
    },
    handler: async (request, reply) => {
      const built = await report(request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${zReportFileName(built)}"`)
        .header('Cache-Control', 'no-store')
        .send(zReportCsv(built));
    },
  });
};

export default drawerRoutes;
