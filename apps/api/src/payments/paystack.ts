/**
 * Paystack over its documented REST API (https://paystack.com/docs/api/transaction/):
 * POST /transaction/initialize, GET /transaction/verify/:reference, POST /refund and
 * GET /refund (the refunds of a transaction), authenticated with the secret key. Webhooks are signed with HMAC-SHA512 of the raw body
 * and the secret key; a refund is queued by POST /refund and settled by the
 * `refund.processed` (or `refund.failed`) webhook.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { INVALID_PAYMENT_REFERENCE, PAYMENT_REFERENCE_PATTERN } from '@shop/shared';
import {
  type InitializeInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
  type RefundResult,
  type VerifyResult,
} from './provider.ts';

interface PaystackConfig {
  secretKey: string;
  publicKey: string;
  baseUrl: string;
  /** Per request; Paystack normally answers well within it. */
  timeoutMs?: number;
}

interface PaystackEnvelope<T> {
  status: boolean;
  message: string;
  data: T;
}

export function createPaystackProvider(config: PaystackConfig): PaymentProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PaystackEnvelope<T>> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${config.secretKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // Refused, timed out or cut off: Paystack may have acted on the request all the same.
      throw new PaymentProviderError(`Paystack did not answer: ${(error as Error).message}`, true);
    }
    const json = (await res.json().catch(() => undefined)) as PaystackEnvelope<T> | undefined;
    if (!json || typeof json.status !== 'boolean') {
      throw new PaymentProviderError(`Paystack answered ${res.status} without a readable body`);
    }
    return json;
  }

  return {
    name: 'paystack',
    publicKey: config.publicKey,

    async initialize(input: InitializeInput) {
      const res = await call<{ authorization_url: string; access_code: string; reference: string }>(
        'POST',
        '/transaction/initialize',
        {
          email: input.email,
          amount: String(input.amount),
          currency: input.currency,
          reference: input.reference,
          metadata: input.metadata,
        },
      );
      if (!res.status) throw new PaymentProviderError(res.message || 'Paystack refused to start the payment');
      return { accessCode: res.data.access_code, authorizationUrl: res.data.authorization_url };
    },

    async verify(reference: string): Promise<VerifyResult> {
      // The routes check it too; a reference is part of a URL called with the secret key.
      if (!PAYMENT_REFERENCE_PATTERN.test(reference)) throw new PaymentProviderError(INVALID_PAYMENT_REFERENCE);
      const res = await call<{
        status: string;
        amount: number;
        currency: string;
        gateway_response?: string;
        /** Kobo Paystack keeps of the payment. */
        fees?: number | null;
      } | null>('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (!res.status || !res.data) {
        return { status: 'pending', amount: 0, currency: '', reason: res.message, raw: res };
      }
      const { status, amount, currency, gateway_response, fees } = res.data;
      const mapped = status === 'success' ? 'success' : status === 'failed' || status === 'reversed' ? 'failed' : 'pending';
      return {
        status: mapped,
        amount: Number(amount),
        currency,
        reason: gateway_response,
        fee: paystackFees(fees),
        raw: res.data,
      };
    },

    async refund({ reference, amount, reason }): Promise<RefundResult> {
      const res = await call<{ id: number | string; status: string } | null>('POST', '/refund', {
        transaction: reference,
        amount: String(amount),
        merchant_note: reason.slice(0, 200),
      });
      if (!res.status || !res.data) throw new PaymentProviderError(res.message || 'Paystack refused the refund');
      return { id: String(res.data.id), status: res.data.status === 'processed' ? 'processed' : 'pending' };
    },

    async listRefunds(reference: string): Promise<ProviderRefund[]> {
      if (!PAYMENT_REFERENCE_PATTERN.test(reference)) throw new PaymentProviderError(INVALID_PAYMENT_REFERENCE);
      const query = new URLSearchParams({ reference, perPage: '100' });
      const res = await call<{ id: number | string; amount: number | string; status: string }[] | null>(
        'GET',
        `/refund?${query}`,
      );
      if (!res.status || !Array.isArray(res.data))
        throw new PaymentProviderError(res.message || 'Paystack did not list the refunds');
      return res.data.map((r) => ({
        id: String(r.id),
        amount: Number(r.amount),
        status: r.status === 'processed' ? 'processed' : r.status === 'failed' ? 'failed' : 'pending',
      }));
    },
  };
}

/** Constant-time check of the x-paystack-signature header against the raw request body. */
export function isValidPaystackSignature(rawBody: Buffer, signature: string | undefined, secretKey: string): boolean {
  if (!signature || !/^[a-f0-9]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secretKey).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Paystack's `fees` (kobo) as a fee to store: a whole number of 0 or more, else 0 (not said). */
export function paystackFees(fees: unknown): number {
  const n = Number(fees);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}
