/**
 * Returns and exchanges at the till, and finding the sale to take goods back from (issue 29).
 * A cashier (pos.sell) does both, or the till itself with its device token (its own sales
 * only, naming the cashier, offline returns synced like its sales); the refund follows the
 * cashier role's till refund policy.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, posReturnAnswer, saleSearchQuery, tillReturnBody, tillSaleView } from '@shop/shared';
import { z } from 'zod';
import { forbidden } from '../lib/http-error.ts';
import { tillReturnStaff } from './returns-policy.ts';
import { createReturns } from './returns.ts';
import { searchTillSales } from './sales-search.ts';

const tags = ['point of sale'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const returns = createReturns(app.db, app.orders, app.messages.notifier);

  app.post('/api/pos/returns', {
    config: { access: 'till' },
    schema: {
      tags,
      security,
      summary:
        "Take goods of a till sale back (kobo): some or all of its lines (never more than were sold, earlier returns counted: 409), each back on sale or not, the money to cash from the till's open drawer, to the sale's own tender (the one that paid most of it) or as the customer's store credit (a walk-in sale has none: 400); with `exchange`, a new sale recorded in the same step, the returned goods paying for it first, its tenders paying the rest or the surplus given back. The goods' value is the sale's refund (processed at once), by the role's till refund policy: orders.refund, or pos.sell with allow, or approval with approvalId (a manager's approval of a refund of this sale for exactly the goods' value); 403 otherwise. Its id is made on the till: the same id again answers 200 with what was recorded. The till's own device token may do it too, for a sale made on that till (another till's: 403), naming the cashier (cashierId: a member allowed to sell at the till; 400 without) and carrying the approvals a manager gave by PIN on the till (`approvals`, checked by the cashier role's pos.refund policy and kept with the sale's, as a synced sale's)",
      body: tillReturnBody,
      response: { 200: posReturnAnswer, 201: posReturnAnswer, ...errors },
    },
    handler: async (request, reply) => {
      const device = request.till?.device ? request.till : null;
      if (device && request.body.tillId !== undefined && request.body.tillId !== device.id) {
        throw forbidden("This till's token is for another till");
      }
      const { answer, created } = await returns.record(
        request.body,
        device
          ? {
              userId: request.body.cashierId ?? null,
              staff: null,
              tillId: device.id,
              device: await tillReturnStaff(app.db, request.body),
            }
          : { userId: request.user?.id ?? null, staff: request.staff, tillId: request.body.tillId ?? null },
      );
      return reply.status(created ? 201 : 200).send(answer);
    },
  });

  app.get('/api/pos/sales', {
    // The till's own token finds sales too (a return at the counter starts there).
    config: { access: 'till' },
    schema: {
      tags,
      security,
      summary:
        "Find till sales, newest first: by receipt number (exact, as typed or scanned from the receipt), the sale's id, or the customer's name or phone (the last 10 digits); each with its lines (kobo charged per unit) and the units already returned",
      querystring: saleSearchQuery,
      response: { 200: z.array(tillSaleView), ...errors },
    },
    handler: async (request) => searchTillSales(app.db, request.query),
  });
};

export default returnRoutes;
