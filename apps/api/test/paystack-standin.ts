/**
 * A local stand-in for Paystack's API, speaking the documented endpoints the shop uses:
 * POST /transaction/initialize and GET /transaction/verify/:reference (Bearer secret key).
 * Tests decide what the "customer" did with `complete()`; nothing leaves the machine.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Transaction {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  status: 'abandoned' | 'success' | 'failed';
}

export interface PaystackStandin {
  baseUrl: string;
  secretKey: string;
  publicKey: string;
  transactions: Map<string, Transaction>;
  /** What Paystack will report for a reference (amount/currency can be made to differ). */
  complete(reference: string, outcome: Partial<Pick<Transaction, 'status' | 'amount' | 'currency'>>): void;
  close(): Promise<void>;
}

export function signPaystack(body: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(body).digest('hex');
}

export async function startPaystackStandin(): Promise<PaystackStandin> {
  const secretKey = 'sk_test_standin_0123456789abcdef';
  const publicKey = 'pk_test_standin_0123456789abcdef';
  const transactions = new Map<string, Transaction>();
  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
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
    complete(reference, outcome) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`no transaction ${reference}`);
      Object.assign(tx, { status: 'success', ...outcome });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
