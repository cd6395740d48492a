/**
 * A local stand-in for Paystack's API, speaking the documented endpoints the shop uses:
 * POST /transaction/initialize, GET /transaction/verify/:reference, POST /refund and
 * GET /refund (list, filtered by `reference`) (Bearer secret key). Tests decide what the
 * "customer" did with `complete()`; a refund is queued (`pending`, as Paystack answers) and
 * the test sends the signed `refund.processed` or `refund.failed` webhook itself
 * (`refundEvent`). A test can cut the connection instead of answering (`dropNextRefund`,
 * `dropNextRefundList`), as a network failure or a timeout would. A successful payment's verify
 * answer carries `fees` (kobo) as Paystack's does, at its local rate unless the test sets them.
 * Nothing leaves the machine.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paystackLocalFee } from '../src/orders/fees.ts';

interface Transaction {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  status: 'abandoned' | 'success' | 'failed';
  /** Kobo Paystack keeps of a successful payment (its verify answer's `fees`); its local rate unless set. */
  fees?: number;
}

export interface StandinRefund {
  id: number;
  reference: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  merchantNote: string;
}

export interface PaystackStandin {
  baseUrl: string;
  secretKey: string;
  publicKey: string;
  transactions: Map<string, Transaction>;
  refunds: StandinRefund[];
  /** Every request received, as `METHOD /path`: a test can show that nothing was asked. */
  requests: string[];
  /** The next POST /refund is refused with this message (once). */
  refuseNextRefund(message: string): void;
  /**
   * The next POST /refund gets no answer: the connection is cut (once). `queued`: Paystack
   * had queued the refund before the answer was lost; otherwise the request never arrived.
   */
  dropNextRefund(options: { queued: boolean }): void;
  /** The next GET /refund gets no answer (once). */
  dropNextRefundList(): void;
  /** The body of Paystack's webhook about a refund, as its documentation shows it. */
  refundEvent(refund: StandinRefund, event: 'refund.processed' | 'refund.failed'): unknown;
  /** What Paystack will report for a reference (amount/currency can be made to differ). */
  complete(reference: string, outcome: Partial<Pick<Transaction, 'status' | 'amount' | 'currency' | 'fees'>>): void;
  close(): Promise<void>;
}

export function signPaystack(body: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(body).digest('hex');
}

/** The settings that point an API process at a stand-in. */
export function paystackEnv(standin: Pick<PaystackStandin, 'secretKey' | 'publicKey' | 'baseUrl'>) {
  return {
    PAYSTACK_SECRET_KEY: standin.secretKey,
    PAYSTACK_PUBLIC_KEY: standin.publicKey,
    PAYSTACK_BASE_URL: standin.baseUrl,
  };
}

export async function startPaystackStandin(): Promise<PaystackStandin> {
  const secretKey = 'sk_test_standin_0123456789abcdef';
  const publicKey = 'pk_test_standin_0123456789abcdef';
  const transactions = new Map<string, Transaction>();
  const refunds: StandinRefund[] = [];
  const requests: string[] = [];
  let refusal: string | undefined;
  let dropRefund: { queued: boolean } | undefined;
  let dropList = false;
  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { status: false, message: 'Invalid key' });
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
        const amount = Number(body.amount);
        if (!body.email || !Number.isInteger(amount) || amount <= 0) {
          return send(res, 400, { status: false, message: 'Invalid amount or email' });
        }
        const reference = String(body.reference);
        transactions.set(reference, {
          reference,
          amount,
          currency: body.currency ?? 'NGN',
          email: body.email,
          status: 'abandoned',
        });
        return send(res, 200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `https://checkout.paystack.com/${reference}`, access_code: `ac_${reference}`, reference },
        });
      }
      if (req.method === 'GET' && url.pathname === '/refund') {
        if (dropList) {
          dropList = false;
          return req.socket.destroy();
        }
        const reference = url.searchParams.get('reference');
        const listed = refunds.filter((r) => !reference || r.reference === reference);
        return send(res, 200, {
          status: true,
          message: 'Refunds retrieved',
          data: listed.map((r) => ({
            id: r.id,
            transaction: 3_000_000 + [...transactions.keys()].indexOf(r.reference),
            amount: r.amount,
            currency: 'NGN',
            status: r.status,
            merchant_note: r.merchantNote,
            created_at: new Date().toISOString(),
          })),
          meta: { total: listed.length, perPage: Number(url.searchParams.get('perPage') ?? 50), page: 1, pageCount: 1 },
        });
      }
      if (req.method === 'POST' && url.pathname === '/refund') {
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
        const tx = transactions.get(String(body.transaction));
        const drop = dropRefund;
        dropRefund = undefined;
        if (drop && !drop.queued) return req.socket.destroy();
        if (refusal) {
          const message = refusal;
          refusal = undefined;
          return send(res, 400, { status: false, message });
        }
        if (tx?.status !== 'success') return send(res, 400, { status: false, message: 'Transaction not found' });
        const refunded = refunds
          .filter((r) => r.reference === tx.reference && r.status !== 'failed')
          .reduce((n, r) => n + r.amount, 0);
        const amount = body.amount === undefined ? tx.amount - refunded : Number(body.amount);
        if (!Number.isInteger(amount) || amount <= 0 || amount > tx.amount - refunded) {
          return send(res, 400, { status: false, message: 'Refund amount cannot be more than the transaction amount' });
        }
        const refund: StandinRefund = {
          id: 1_000_000 + refunds.length,
          reference: tx.reference,
          amount,
          status: 'pending',
          merchantNote: String(body.merchant_note ?? ''),
        };
        refunds.push(refund);
        if (drop) return req.socket.destroy();
        return send(res, 200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: {
            id: refund.id,
            transaction: { reference: tx.reference, amount: tx.amount },
            amount,
            currency: tx.currency,
            status: 'pending',
            merchant_note: refund.merchantNote,
          },
        });
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
      if (req.method === 'GET' && verify) {
        const tx = transactions.get(decodeURIComponent(verify[1]!));
        if (!tx) return send(res, 400, { status: false, message: 'Transaction reference not found' });
        return send(res, 200, {
          status: true,
          message: 'Verification successful',
          data: {
            status: tx.status,
            reference: tx.reference,
            amount: tx.amount,
            currency: tx.currency,
            gateway_response: tx.status === 'success' ? 'Successful' : 'Declined',
            // Paystack's fees on the payment, in kobo (null until it succeeds).
            fees: tx.status === 'success' ? (tx.fees ?? paystackLocalFee(tx.amount)) : null,
          },
        });
      }
      send(res, 404, { status: false, message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    publicKey,
    transactions,
    refunds,
    requests,
    refuseNextRefund(message) {
      refusal = message;
    },
    dropNextRefund(options) {
      dropRefund = options;
    },
    dropNextRefundList() {
      dropList = true;
    },
    refundEvent(refund, event) {
      refund.status = event === 'refund.processed' ? 'processed' : 'failed';
      return {
        event,
        data: {
          status: refund.status,
          transaction_reference: refund.reference,
          refund_reference: `rf_${refund.id}`,
          amount: refund.amount,
          currency: 'NGN',
          processor: 'mastercard',
          integration: 412829,
          domain: 'test',
        },
      };
    },
    complete(reference, outcome) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`no transaction ${reference}`);
      Object.assign(tx, { status: 'success', ...outcome });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
