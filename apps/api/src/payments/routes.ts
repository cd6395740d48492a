/**
 * Checkout and payment endpoints. The browser never decides that an order is paid: it
 * asks the server to verify with the provider, and Paystack also tells the server
 * directly through its signed webhook.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutBody, checkoutResponse, errorResponse, verifyResponse } from '@shop/shared';
import { z } from 'zod';
import { paymentEvents } from '../db/schema/index.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import type { OrderWithLines } from '../orders/service.ts';
import { isValidPaystackSignature } from './paystack.ts';
import { PaymentProviderError, type PaymentProvider, type VerifyResult } from './provider.ts';
import { SANDBOX_CARDS } from './sandbox.ts';

const tags = ['checkout'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  502: errorResponse,
  503: errorResponse,
};
const referenceParams = z.object({ reference: z.string().min(1).max(100) });

function requireProvider(app: FastifyInstance): PaymentProvider {
  if (!app.payments) throw new HttpError(503, 'Payments are not available right now');
  return app.payments;
}

function verifyMessage(order: OrderWithLines, reason?: string): string {
  if (order.status === 'paid' || order.status === 'fulfilled' || order.status === 'delivered') return 'Payment verified';
  if (order.status === 'pending') return reason ?? 'The payment has not been completed yet';
  return order.failureReason ?? reason ?? `The order is ${order.status}`;
}

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The signed-in shopper's own order (or any, for an admin); 404 otherwise, so ids do not leak. */
  async function ownOrder(reference: string, user: { id: string; role: string }) {
    const order = await app.orders.getByReference(reference);
    if (!order || (order.userId !== user.id && user.role !== 'admin')) throw notFound('Order not found');
    return order;
  }

  app.post('/api/checkout', {
    onRequest: app.requireUser,
    schema: {
      tags,
      security,
      summary: 'Create a pending order, reserve its stock and start the payment',
      body: checkoutBody,
      response: { 201: checkoutResponse, ...errors },
    },
    handler: async (request, reply) => {
      const provider = requireProvider(app);
      const user = request.user!;
      const body = request.body;
      await app.orders.expirePending();
      const order = await app.orders.create({
        channel: 'web',
        userId: user.id,
        contact: {
          email: body.email ?? user.email,
          name: body.name || `${user.firstName} ${user.lastName}`,
          phone: body.phone || user.phone,
          address: body.address || user.address,
          city: body.city || user.city,
          state: body.state || user.state,
          country: body.country || user.country,
        },
        lines: body.lines as never,
        status: 'pending',
        paymentProvider: provider.name,
      });
      const reference = order.paymentReference!;
      let accessCode: string | undefined;
      try {
        ({ accessCode } = await provider.initialize({
          reference,
          amount: order.total,
          currency: order.currency,
          email: order.email,
          metadata: { orderId: order.id, orderNumber: order.number },
        }));
      } catch (error) {
        request.log.error({ err: error, reference }, 'payment initialisation failed');
        await app.orders.transition(order.id, 'failed', 'The payment could not be started');
        throw new HttpError(502, 'The payment could not be started. Please try again.');
      }
      return reply.status(201).send({
        orderId: order.id,
        number: order.number,
        reference,
        amount: order.total,
        currency: order.currency,
        email: order.email,
        provider: provider.name,
        publicKey: provider.publicKey,
        accessCode,
      });
    },
  });

  app.post('/api/checkout/:reference/verify', {
    onRequest: app.requireUser,
    schema: {
      tags,
      security,
      summary: 'Ask the provider whether the order was paid (idempotent)',
      params: referenceParams,
      response: { 200: verifyResponse, ...errors },
    },
    handler: async (request) => {
      const provider = requireProvider(app);
      const order = await ownOrder(request.params.reference, request.user!);
      let result: VerifyResult;
      try {
        result = await provider.verify(order.paymentReference!);
      } catch (error) {
        if (error instanceof PaymentProviderError)
          throw new HttpError(502, 'The payment provider could not be reached. Please try again.');
        throw error;
      }
      await app.db
        .insert(paymentEvents)
        .values({ provider: provider.name, reference: order.paymentReference!, event: 'verify', payload: result.raw ?? {} });
      const settled = await app.orders.settle(order.paymentReference!, result);
      const paid = ['paid', 'fulfilled', 'delivered'].includes(settled.order.status);
      return {
        status: settled.order.status,
        paid,
        orderId: settled.order.id,
        number: settled.order.number,
        msg: verifyMessage(settled.order, settled.reason),
      };
    },
  });

  // Paystack's webhook needs the raw bytes to check the signature: its own JSON parser.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post('/api/payments/paystack/webhook', {
      schema: { tags: ['payments'], summary: 'Paystack events (signed with x-paystack-signature)', hide: false },
      handler: async (request, reply) => {
        const paystack = app.config.paystack;
        if (!paystack) throw notFound('Not found');
        const body = request.body as Buffer;
        const signature = request.headers['x-paystack-signature'];
        if (
          !Buffer.isBuffer(body) ||
          !isValidPaystackSignature(body, typeof signature === 'string' ? signature : undefined, paystack.secretKey)
        ) {
          return reply.status(401).send({ msg: 'Invalid signature' });
        }
        let event: { event?: string; data?: { reference?: string; amount?: number; currency?: string; status?: string } };
        try {
          event = JSON.parse(body.toString('utf8'));
        } catch {
          return reply.status(400).send({ msg: 'Invalid JSON' });
        }
        const reference = event.data?.reference;
        if (typeof reference === 'string' && reference) {
          await app.db
            .insert(paymentEvents)
            .values({ provider: 'paystack', reference, event: event.event ?? 'unknown', payload: event });
          if (event.event === 'charge.success') {
            const result: VerifyResult = {
              status: 'success',
              amount: Number(event.data?.amount),
              currency: String(event.data?.currency ?? ''),
              raw: event.data,
            };
            try {
              await app.orders.settle(reference, result);
            } catch (error) {
              // Not one of our orders: acknowledge so Paystack stops retrying.
              if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
            }
          }
        }
        return reply.status(200).send({ received: true });
      },
    });
  });

  app.get('/api/payments/sandbox/:reference', {
    onRequest: app.requireUser,
    schema: {
      tags: ['payments'],
      security,
      summary: 'The sandbox test checkout: what is being paid, and the test cards',
      params: referenceParams,
      response: {
        200: z.object({
          reference: z.string(),
          amount: z.number().int(),
          currency: z.string(),
          email: z.string(),
          status: z.string(),
          cards: z.object({ success: z.string(), decline: z.string() }),
        }),
        ...errors,
      },
    },
    handler: async (request) => {
      if (!app.sandbox) throw notFound('The sandbox payment provider is not in use');
      const order = await ownOrder(request.params.reference, request.user!);
      const tx = await app.sandbox.verify(order.paymentReference!);
      return {
        reference: order.paymentReference!,
        amount: order.total,
        currency: order.currency,
        email: order.email,
        status: tx.status,
        cards: SANDBOX_CARDS,
      };
    },
  });

  app.post('/api/payments/sandbox/:reference/pay', {
    onRequest: app.requireUser,
    schema: {
      tags: ['payments'],
      security,
      summary: 'Pay in the sandbox with a test card (the success card pays, any other is declined)',
      params: referenceParams,
      body: z.object({ card: z.string().max(40) }),
      response: { 200: z.object({ status: z.enum(['success', 'failed']) }), ...errors },
    },
    handler: async (request) => {
      if (!app.sandbox) throw notFound('The sandbox payment provider is not in use');
      const order = await ownOrder(request.params.reference, request.user!);
      const status = await app.sandbox.pay(order.paymentReference!, request.body.card);
      if (!status) throw notFound('Transaction not found');
      return { status };
    },
  });
};

export default paymentRoutes;
