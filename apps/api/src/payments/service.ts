/**
 * Payments as the orders see them: start a payment for an order, ask the provider whether
 * it was paid, and take Paystack's signed webhook. The one writer of `payment_events` (what
 * providers told us, for the record); orders change only through the order service
 * (`settle`, `settleRefund`), which is idempotent whatever the number of concurrent calls.
 * Money going back to a card is the orders' settlement's, through the provider as
 * card-refunds.ts presents it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { paymentEvents } from '../db/schema/index.ts';
import { HttpError } from '../lib/http-error.ts';
import type { OrderService, OrderWithLines } from '../orders/index.ts';
import { isValidPaystackSignature, paystackFees } from './paystack.ts';
import { type PaymentProvider, PaymentProviderError, type VerifyResult } from './provider.ts';
import { paymentVerificationFailures } from '../metrics/registry.ts';
import type { SandboxProvider } from './sandbox.ts';

export const PAYMENTS_UNAVAILABLE = 'Payments are not available right now';
export const PAYMENT_NOT_STARTED = 'The payment could not be started. Please try again.';
export const PROVIDER_UNREACHABLE = 'The payment provider could not be reached. Please try again.';

export interface PaymentEvent {
  provider: string;
  reference: string;
  event: string;
  payload: unknown;
}

export interface PaymentServiceDeps {
  db: Db;
  orders: OrderService;
  /** Undefined when payments are not configured (production without keys). */
  provider: PaymentProvider | undefined;
  sandbox: SandboxProvider | undefined;
  /** Paystack's secret key, which signs its webhooks; undefined when Paystack is not in use. */
  paystackSecretKey: string | undefined;
  log: FastifyBaseLogger;
}

/** What a Paystack webhook delivery was, for the route to answer. */
export type WebhookOutcome = 'accepted' | 'bad-signature' | 'bad-json' | 'not-configured';

export function createPaymentService({ db, orders, provider, sandbox, paystackSecretKey, log }: PaymentServiceDeps) {
  function requireProvider(): PaymentProvider {
    if (!provider) throw new HttpError(503, PAYMENTS_UNAVAILABLE);
    return provider;
  }

  async function recordEvent(event: PaymentEvent): Promise<void> {
    await db.insert(paymentEvents).values({ ...event, payload: event.payload ?? {} });
  }

  /** Settles the order with what the provider said about `reference`, once it is recorded. */
  async function applyResult(providerName: string, reference: string, result: VerifyResult) {
    await recordEvent({ provider: providerName, reference, event: 'verify', payload: result.raw });
    const settled = await orders.settle(reference, result, providerName);
    if (result.status === 'failed') paymentVerificationFailures.inc({ reason: 'declined' });
    else if (result.status === 'success' && settled.order.status === 'failed')
      paymentVerificationFailures.inc({ reason: 'amount_mismatch' });
    return settled;
  }

  /**
   * Paystack's word on a refund it queued: processed (the money is back on the card) or
   * failed (nothing went back; the amount can be refunded again). Matched by Paystack's
   * refund id, or by the transaction and amount; unknown refunds are only recorded.
   */
  async function refundEvent(
    name: 'refund.processed' | 'refund.failed',
    data: {
      id?: number | string;
      transaction_reference?: string;
      transaction?: { reference?: string };
      amount?: number | string;
    },
    payload: unknown,
  ): Promise<void> {
    const reference = data.transaction_reference ?? data.transaction?.reference;
    await recordEvent({ provider: 'paystack', reference: reference ?? '', event: name, payload });
    const refundId = await orders.findPendingRefund(
      data.id === undefined ? undefined : String(data.id),
      reference,
      Number(data.amount),
    );
    if (!refundId) return;
    await orders.settleRefund(
      { refundId },
      name === 'refund.processed' ? 'processed' : 'failed',
      'Paystack could not pay the refund',
    );
  }

  return {
    provider,
    sandbox,
    requireProvider,
    recordEvent,

    /**
     * Opens the provider's transaction for a new pending order. If the provider refuses or
     * cannot be reached, the order fails (its stock is released) and the shopper gets a 502.
     */
    async start(order: OrderWithLines): Promise<{ accessCode?: string }> {
      const active = requireProvider();
      try {
        return await active.initialize({
          reference: order.paymentReference!,
          amount: order.total,
          currency: order.currency,
          email: order.email,
          metadata: { orderId: order.id, orderNumber: order.number },
        });
      } catch (error) {
        // The sandbox keeps its ledger in the database: the database away is a 503 to retry, not the provider failing.
        const databaseAway = isDatabaseUnavailable(error);
        log[databaseAway ? 'warn' : 'error']({ err: error, reference: order.paymentReference }, 'payment initialisation failed');
        await orders.transition(order.id, 'failed', 'The payment could not be started');
        if (databaseAway) throw error;
        throw new HttpError(502, PAYMENT_NOT_STARTED);
      }
    },

    /** Asks the provider about the order's reference and settles the order by the answer. */
    async verify(order: OrderWithLines): Promise<{ order: OrderWithLines; changed: boolean; reason?: string }> {
      const active = requireProvider();
      let result: VerifyResult;
      try {
        result = await active.verify(order.paymentReference!);
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          paymentVerificationFailures.inc({ reason: 'provider_unreachable' });
          throw new HttpError(502, PROVIDER_UNREACHABLE);
        }
        throw error;
      }
      return applyResult(active.name, order.paymentReference!, result);
    },

    /**
     * An old client paid first and names the reference now: the pending order takes that
     * reference (409 when another order has it, and this order is cancelled), then is settled
     * by the provider's answer. When the provider cannot be reached, the order stays pending
     * (the webhook or its expiry settles it).
     */
    async verifyClientReference(order: OrderWithLines, reference: string): Promise<OrderWithLines> {
      const active = requireProvider();
      try {
        await orders.attachReference(order.id, reference);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 409) {
          await orders.transition(order.id, 'cancelled', error.message);
        }
        throw error;
      }
      let result: VerifyResult;
      try {
        result = await active.verify(reference);
      } catch (error) {
        log.error({ err: error, reference }, 'legacy purchase: payment verification failed');
        return (await orders.get(order.id)) ?? order;
      }
      return (await applyResult(active.name, reference, result)).order;
    },

    /**
     * Paystack's webhook: the signature (HMAC-SHA512 of the raw body with the secret key) is
     * checked before anything is read. Every event about a reference is recorded; a
     * `charge.success` settles the order. Events about references that are not ours are
     * accepted, so Paystack stops retrying them.
     */
    async paystackWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      if (!paystackSecretKey) return 'not-configured';
      if (!isValidPaystackSignature(rawBody, signature, paystackSecretKey)) {
        paymentVerificationFailures.inc({ reason: 'bad_signature' });
        return 'bad-signature';
      }
      let event: {
        event?: string;
        data?: {
          id?: number | string;
          reference?: string;
          transaction_reference?: string;
          transaction?: { reference?: string };
          amount?: number | string;
          currency?: string;
          status?: string;
          /** Kobo Paystack keeps of the payment. */
          fees?: number | string | null;
        };
      };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return 'bad-json';
      }
      if (event.event === 'refund.processed' || event.event === 'refund.failed') {
        await refundEvent(event.event, event.data ?? {}, event);
        return 'accepted';
      }
      const reference = event.data?.reference;
      if (typeof reference !== 'string' || !reference) return 'accepted';
      await recordEvent({ provider: 'paystack', reference, event: event.event ?? 'unknown', payload: event });
      if (event.event === 'charge.success') {
        const result: VerifyResult = {
          status: 'success',
          amount: Number(event.data?.amount),
          currency: String(event.data?.currency ?? ''),
          fee: paystackFees(event.data?.fees),
          raw: event.data,
        };
        try {
          await orders.settle(reference, result, 'paystack');
        } catch (error) {
          if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
        }
      }
      return 'accepted';
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
