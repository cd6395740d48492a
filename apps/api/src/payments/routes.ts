/**
 * The payment providers' own endpoints: Paystack's signed webhook, and the offline sandbox's
 * test checkout. Checkout itself (quote, order, verify) is checkout/routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, paymentReference } from '@shop/shared';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../lib/http-error.ts';
import { viewerOf } from '../orders/index.ts';
import { SANDBOX_CARDS } from './sandbox.ts';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const referenceParams = z.object({ reference: paymentReference });

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post('/api/payments/paystack/webhook', {
      config: { access: 'public' },
      schema: { tags: ['payments'], summary: 'Paystack events (signed with x-paystack-signature)', hide: false },
      handler: async (request, reply) => {
        const signature = request.headers['x-paystack-signature'];
        const body = request.body;
        const outcome = Buffer.isBuffer(body)
          ? await app.payments.paystackWebhook(body, typeof signature === 'string' ? signature : undefined)
          : 'bad-signature';
        if (outcome === 'not-configured') throw notFound('Not found');
        if (outcome === 'bad-signature') throw new HttpError(401, 'Invalid signature');
        if (outcome === 'bad-json') throw badRequest('Invalid JSON');
        return reply.status(200).send({ received: true });
      },
    });
  });

  app.get('/api/payments/sandbox/:reference', {
    config: { access: 'owner-of-resource' },
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
      const { sandbox } = app.payments;
      if (!sandbox) throw notFound('The sandbox payment provider is not in use');
      const order = await app.orders.visibleByReference(request.params.reference, viewerOf(request));
      const tx = await sandbox.verify(order.paymentReference!);
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
    config: { access: 'owner-of-resource' },
    schema: {
      tags: ['payments'],
      security,
      summary: 'Pay in the sandbox with a test card (the success card pays, any other is declined)',
      params: referenceParams,
      body: z.object({ card: z.string().max(40) }),
      response: { 200: z.object({ status: z.enum(['success', 'failed']) }), ...errors },
    },
    handler: async (request) => {
      const { sandbox } = app.payments;
      if (!sandbox) throw notFound('The sandbox payment provider is not in use');
      const order = await app.orders.visibleByReference(request.params.reference, viewerOf(request));
      const status = await sandbox.pay(order.paymentReference!, request.body.card);
      if (!status) throw notFound('Transaction not found');
      return { status };
    },
  });
};

export default paymentRoutes;
