/**
 * A shopper's orders (and cancelling an unpaid one), one order's details, and the admin's
 * status changes, payments and refunds.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, nairaToKobo, ORDER_STATUSES, orderView, recordPaymentBody, refundBody } from '@shop/shared';
import { z } from 'zod';
import { getSettings } from '../content/index.ts';
import { notFound } from '../lib/http-error.ts';
import { refuse } from '../lib/refuse.ts';
import { tillRefundCheck } from '../staff/index.ts';
import { isVisibleTo, type OrderWithLines, type Viewer, viewerOf } from './queries.ts';
import { toOrderView } from './view.ts';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  502: errorResponse,
};
const idParams = z.object({ id: z.string() });
/** A refusal that may name the order a bank reference is already recorded on. */
const duplicateReferenceResponse = errorResponse.extend({ duplicateOf: z.string().optional() });

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The order as the API shows it, with the shop's bank details for an unpaid transfer. */
  const present = async (order: OrderWithLines) => toOrderView(order, await getSettings(app.db));

  /** The order, to its shopper or staff who may read orders; 404 otherwise, so ids do not leak. */
  async function visibleOrder(id: string, viewer: Viewer) {
    const order = await app.orders.get(id);
    if (!isVisibleTo(order, viewer)) throw notFound('Order not found');
    return order;
  }

  app.get('/api/orders/mine', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: "The signed-in shopper's orders, newest first",
      response: { 200: z.array(orderView), 401: errorResponse },
    },
    handler: async (request) => {
      const [orders, settings] = await Promise.all([app.orders.listMine(request.user!.id), getSettings(app.db)]);
      return orders.map((o) => toOrderView(o, settings));
    },
  });

  app.get('/api/orders/:id', {
    config: { access: 'owner-of-resource' },
    schema: {
      tags,
      security,
      summary: 'One order with its payments, refunds and invoice number (its owner or an admin)',
      params: idParams,
      response: { 200: orderView, ...errors },
    },
    handler: async (request) => present(await visibleOrder(request.params.id, viewerOf(request))),
  });

  app.post('/api/orders/:id/cancel', {
    config: { access: 'owner-of-resource' },
    schema: {
      tags,
      security,
      summary: "Cancel one's own order that is not paid and not sent yet; its goods go back on sale at once",
      params: idParams,
      response: { 200: orderView, ...errors },
    },
    handler: async (request) => present(await app.orders.cancelByShopper(request.params.id, request.user!.id)),
  });

  app.patch('/api/orders/:id/status', {
    config: { access: ['orders.fulfil', 'orders.cancel'] },
    schema: {
      tags,
      security,
      summary:
        'Move an order along its lifecycle (paid or confirmed → fulfilled → delivered; pending or confirmed → cancelled). An order becomes paid through its payments and refunded through a refund.',
      params: idParams,
      body: z.object({
        status: z.enum(ORDER_STATUSES),
        reason: z.string().trim().max(500).optional(),
        /** Shipping: a tracking note for the shopper's "on its way" e-mail. */
        note: z.string().trim().max(500).optional(),
      }),
      response: { 200: orderView, ...errors },
    },
    handler: async (request) => {
      const { status, reason, note } = request.body;
      // Cancelling is its own permission; sending and delivering are fulfilment's.
      const needed = status === 'cancelled' || status === 'failed' ? 'orders.cancel' : 'orders.fulfil';
      if (!request.can(needed)) throw refuse(needed);
      const { after } = await app.orders.transition(request.params.id, status, reason, note);
      return present(after);
    },
  });

  app.post('/api/orders/:id/confirm', {
    config: { access: 'orders.fulfil' },
    schema: {
      tags,
      security,
      summary:
        'Confirm a pay-on-delivery order with the shopper (the shop called her): it no longer expires. Unconfirmed, it is cancelled after the podConfirmHours setting',
      params: idParams,
      response: { 200: orderView, ...errors },
    },
    handler: async (request) => present((await app.orders.confirm(request.params.id)).after),
  });

  app.post('/api/orders/:id/refused', {
    config: { access: 'orders.fulfil' },
    schema: {
      tags,
      security,
      summary:
        'The shopper refused a sent, unpaid pay-on-delivery order at the door: it is cancelled ("Refused at delivery"), its units go back on sale and its coupon use is freed',
      params: idParams,
      response: { 200: orderView, ...errors },
    },
    handler: async (request) => present((await app.orders.refusedAtDelivery(request.params.id)).after),
  });

  app.post('/api/orders/:id/payments', {
    config: { access: 'orders.record_payment' },
    schema: {
      tags,
      security,
      summary:
        "Record money received (transfer, cash, pay on delivery, card at the counter); the order is paid, and gets its invoice number, once its payments reach its total. A reference already recorded on another order answers 409 with `duplicateOf` (that order's id) unless `confirmDuplicate` is true",
      params: idParams,
      body: recordPaymentBody,
      response: { 201: orderView, ...errors, 409: duplicateReferenceResponse },
    },
    handler: async (request, reply) => {
      const { method, amount, reference, confirmDuplicate } = request.body;
      const { after } = await app.orders.recordPayment(
        request.params.id,
        { method, amount: nairaToKobo(amount), reference, recordedBy: request.user!.id },
        { confirmDuplicate },
      );
      return reply.status(201).send(await present(after));
    },
  });

  app.post('/api/orders/:id/refunds', {
    // A cashier (pos.sell) may refund a till sale as their role's till refund policy says.
    config: { access: ['orders.refund', 'pos.sell'] },
    schema: {
      tags,
      security,
      summary:
        "Refund all or part of a paid order, optionally putting back on sale the units it still holds. A card payment goes back to the card (Paystack: pending until its refund.processed webhook); other payments are recorded as refunded. 202 when Paystack did not answer: the refund stays pending with the note \"Paystack did not answer\", and before the next refund of the order Paystack's refunds are looked up (found: its state is taken; not found: it failed). Without orders.refund, a member with pos.sell refunds a till sale (channel pos) as their role's till refund policy says: allow, or approval with approvalId (a manager's approval for this order and exactly this amount, used up with the refund); otherwise 403 naming orders.refund.",
      params: idParams,
      body: refundBody,
      response: { 201: orderView, 202: orderView, ...errors },
    },
    handler: async (request, reply) => {
      const order = await app.orders.get(request.params.id);
      if (!order) throw notFound('Order not found');
      const { amount, reason, restock, lines, approvalId } = request.body;
      const check = tillRefundCheck(request.staff!, order, approvalId);
      const { order: after, answered } = await app.orders.refundPayment(order, {
        amount: amount === undefined ? undefined : nairaToKobo(amount),
        reason,
        restock,
        lines,
        createdBy: request.user!.id,
        check,
      });
      // 202: Paystack did not answer; the refund stays pending and is looked up before the next one.
      return reply.status(answered ? 201 : 202).send(await present(after));
    },
  });
};

export default orderRoutes;
