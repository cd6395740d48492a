/**
 * One simulated shopper: browses, searches, signs up or in, buys sizes and colours with
 * delivery and sometimes a promo code, pays (sandbox card, or Paystack through its stand-in
 * with its signed webhook), verifies, replays the verification and the webhook, cancels
 * orders it gave up on, and reads its orders, with a pause between steps. What the API
 * answered that matters later (orders made, orders it said were paid, cancellations) goes
 * into `Seen`, which the invariants check against the database.
 *
 * A shopper whose process is gone (no answer) goes to the other process, as a load balancer
 * would send it; a 503 is tried again after a pause (Retry-After, shortened so the run sees
 * the recovery).
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES_ORDER } from '@shop/shared';
import { signPaystack } from '../test/paystack-standin.ts';
import { type Answer, type Client, createClient, loopbackAddress, type Tally, type Target } from './client.ts';
import type { Shop } from './seed.ts';

export const SUCCESS_CARD = '4084 0840 8408 4081';
export const DECLINE_CARD = '4000 0000 0000 0002';

export interface SeenOrder {
  id: string;
  reference: string;
  /** Kobo, as checkout answered it. */
  amount: number;
  /** Kobo, as the quote just before said it would be. */
  quoted: number;
  provider: 'sandbox' | 'paystack' | 'pod';
  coupon: string | undefined;
}

/** What the load was told: each entry is a promise the database must keep. */
export interface Seen {
  registered: Set<string>;
  orders: Map<string, SeenOrder>;
  /** Orders a verification answered `paid: true` for. */
  paid: Set<string>;
  cancelled: Set<string>;
  /** Orders an admin refunded (with their units back on sale), answered 201. */
  refunded: Set<string>;
  /** Orders an admin asked to refund (the answer may not have come). */
  refundAsked: Set<string>;
  /** A paid order that a later verification said was not paid. */
  paidThenNot: string[];
  /** Checkouts whose answer never came (the process died): they may or may not exist. */
  unknownCheckouts: number;
  /** Kinds of shopper step and how many were taken. */
  steps: Map<string, number>;
}

export function newSeen(): Seen {
  return {
    registered: new Set(),
    orders: new Map(),
    paid: new Set(),
    cancelled: new Set(),
    refunded: new Set(),
    refundAsked: new Set(),
    paidThenNot: [],
    unknownCheckouts: 0,
    steps: new Map(),
  };
}

export interface Paystack {
  secretKey: string;
  complete(reference: string, outcome: { status?: 'success' | 'failed' }): void;
}

export interface LoadEnv {
  tally: Tally;
  shop: Shop;
  seen: Seen;
  /** The sandbox processes (a shopper fails over between them) and the Paystack one. */
  sandbox: [Target, Target];
  paystackTarget: Target;
  paystack: Paystack;
  /** Shoppers arrive at random within this many milliseconds of the start. */
  arrivalMs: number;
  running(): boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const WORDS = ['ankara', 'adire', 'aso-oke', 'silk', 'lace', 'kaftan', 'gele', 'coral', 'ankra', 'dress', 'bead', 'tote'];
const naira = (n: unknown) => Math.round(Number(n) * 100);

interface SendOptions {
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  route?: string;
  /** Safe to send again after a connection was cut mid-request (GETs, verify, pay, webhook). */
  idempotent?: boolean;
  /** This process rather than the shopper's own (a replay on the other one). */
  target?: Target;
  auth?: boolean;
}

export async function runShopper(env: LoadEnv, index: number): Promise<void> {
  const { shop, seen } = env;
  const client: Client = createClient(loopbackAddress(index), env.tally);
  const paysWithPaystack = index % 10 === 9;
  const home = paysWithPaystack ? env.paystackTarget : env.sandbox[index % 2]!;
  const other = paysWithPaystack ? env.paystackTarget : env.sandbox[(index + 1) % 2]!;
  const email = `soak-${index}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'soak shopper password';
  let token: string | undefined;
  let hasAccount = false;
  const unpaid: SeenOrder[] = [];
  const paid: SeenOrder[] = [];
  const step = (name: string) => seen.steps.set(name, (seen.steps.get(name) ?? 0) + 1);

  async function send(method: string, path: string, options: SendOptions = {}): Promise<Answer> {
    let answer: Answer | undefined;
    for (let attempt = 0; attempt < 8; attempt++) {
      // The run is over: nothing more is sent (status 0: not sent, not counted).
      if (!env.running()) return answer ?? { status: 0, json: {}, retryAfter: undefined, refused: false };
      const wanted = options.target ?? home;
      const target = wanted.up ? wanted : wanted === home ? other : home;
      answer = await client.call(target, method, path, {
        body: options.body,
        raw: options.raw,
        headers: options.headers,
        route: options.route ?? `${method} ${path}`,
        token: options.auth === false ? undefined : token,
      });
      if (answer.status === 'no-answer' || answer.status === 'timeout') {
        // Refused: it never arrived, so anything may be sent again; cut mid-way: only what is safe to repeat.
        if (!answer.refused && !options.idempotent) return answer;
        await sleep(random(150, 400));
        continue;
      }
      if (answer.status === 503 && env.running()) {
        const seconds = Number(answer.retryAfter ?? 1);
        await sleep(Math.min(seconds * 1000, random(300, 900)));
        continue;
      }
      return answer;
    }
    return answer!;
  }

  async function browse() {
    const r = Math.random();
    if (r < 0.3) {
      step('browse: list');
      const sort = pick(['latest', 'price_asc', 'price_desc', 'title']);
      await send('GET', `/api/products?limit=12&offset=${pick([0, 0, 12])}&sort=${sort}`, {
        route: 'GET /api/products',
        idempotent: true,
      });
    } else if (r < 0.45) {
      step('browse: category');
      const category = pick(['Dresses', 'Tops', 'Headwear', 'Accessories']);
      const size = Math.random() < 0.3 ? `&size=${pick(['small', 'medium', 'large'])}` : '';
      await send('GET', `/api/products?category=${category}${size}`, { route: 'GET /api/products?category', idempotent: true });
    } else if (r < 0.6) {
      step('browse: search');
      await send('GET', `/api/products?title=${encodeURIComponent(pick(WORDS))}`, {
        route: 'GET /api/products?title',
        idempotent: true,
      });
    } else if (r < 0.75) {
      step('browse: suggest');
      const word = pick(WORDS);
      await send('GET', `/api/search/suggest?q=${encodeURIComponent(word.slice(0, random(2, word.length)))}`, {
        route: 'GET /api/search/suggest',
        idempotent: true,
      });
    } else if (r < 0.95) {
      step('browse: product');
      await send('GET', `/api/products/${pick(shop.products).id}`, { route: 'GET /api/products/:id', idempotent: true });
    } else {
      step('browse: facets');
      await send('GET', `/api/products/facets?category=${pick(['Dresses', 'Tops'])}`, {
        route: 'GET /api/products/facets',
        idempotent: true,
      });
    }
  }

  async function signIn() {
    if (!hasAccount) {
      step('register');
      const res = await send('POST', '/api/auth/register', {
        route: 'POST /api/auth/register',
        auth: false,
        body: {
          firstName: 'Ngozi',
          lastName: `Shopper ${index}`,
          email,
          password,
          phone: '+2348030000000',
          address: '5 Allen Avenue',
          city: 'Ikeja',
          state: 'Lagos',
          country: 'Nigeria',
        },
      });
      if (res.status === 201) {
        hasAccount = true;
        seen.registered.add(email);
        token = res.json.accessToken as string;
      }
      // The answer was lost but the account may exist: the next try signs in (409 says it does).
      if (res.status === 409 || res.status === 'no-answer' || res.status === 'timeout') hasAccount = true;
      return;
    }
    step('login');
    const res = await send('POST', '/api/auth/login', {
      route: 'POST /api/auth/login',
      auth: false,
      idempotent: true,
      body: { email, password },
    });
    if (res.status === 200) token = res.json.accessToken as string;
    else if (res.status === 401) hasAccount = false;
  }

  async function verify(order: SeenOrder, target?: Target): Promise<Answer> {
    return send('POST', `/api/checkout/${order.reference}/verify`, {
      route: 'POST /api/checkout/:reference/verify',
      idempotent: true,
      body: {},
      target,
    });
  }

  function webhook(order: SeenOrder): Promise<Answer> {
    const raw = JSON.stringify({
      event: 'charge.success',
      data: { reference: order.reference, amount: order.amount, currency: 'NGN', status: 'success' },
    });
    return send('POST', '/api/payments/paystack/webhook', {
      route: 'POST /api/payments/paystack/webhook',
      idempotent: true,
      raw,
      auth: false,
      headers: { 'x-paystack-signature': signPaystack(raw, env.paystack.secretKey) },
    });
  }

  function notePaid(order: SeenOrder, answers: Answer[]) {
    if (answers.some((a) => a.status === 200 && a.json.paid === true)) {
      seen.paid.add(order.id);
      paid.push(order);
    }
  }

  async function cancelOne() {
    const order = unpaid.shift();
    if (!order) return;
    step('cancel');
    const res = await send('POST', `/api/orders/${order.id}/cancel`, { route: 'POST /api/orders/:id/cancel', idempotent: true });
    if (res.status === 200) seen.cancelled.add(order.id);
  }

  async function buy() {
    step('buy');
    const lines: { productId: string; variantId: string; quantity: number }[] = [];
    for (const product of new Set([pick(shop.products), ...(Math.random() < 0.3 ? [pick(shop.products)] : [])])) {
      const detail = await send('GET', `/api/products/${product.id}`, { route: 'GET /api/products/:id', idempotent: true });
      if (detail.status !== 200) continue;
      const inStock = (detail.json.variants as { id: string; counter: number }[]).filter((v) => v.counter > 0);
      if (inStock.length === 0) continue;
      lines.push({ productId: product.id, variantId: pick(inStock).id, quantity: Math.random() < 0.8 ? 1 : 2 });
    }
    if (lines.length === 0) return;
    const r = Math.random();
    const couponCode = r < 0.12 ? 'SOAK20' : r < 0.2 ? 'FREESHIP' : undefined;
    const base = {
      lines,
      state: pick(shop.states),
      city: 'Ikeja',
      address: '5 Allen Avenue',
      phone: '+2348030000000',
      ...(couponCode && { couponCode }),
    };
    const quote = await send('POST', '/api/checkout/quote', { route: 'POST /api/checkout/quote', idempotent: true, body: base });
    if (quote.status !== 200) return;
    const methods = quote.json.deliveryMethods as { id: string; kind: string }[];
    const pickup = Math.random() < 0.2 ? methods.find((m) => m.kind === 'pickup') : undefined;
    const quoted = pickup
      ? await send('POST', '/api/checkout/quote', {
          route: 'POST /api/checkout/quote',
          idempotent: true,
          body: { ...base, deliveryMethodId: pickup.id },
        })
      : quote;
    if (quoted.status !== 200) return;
    const pod = !paysWithPaystack && Math.random() < 0.08 && (quoted.json.paymentMethods as string[]).includes('pod');
    const checkout = await send('POST', '/api/checkout', {
      route: 'POST /api/checkout',
      body: { ...base, ...(pickup && { deliveryMethodId: pickup.id }), paymentMethod: pod ? 'pod' : 'paystack' },
    });
    if (checkout.status === 'no-answer' || checkout.status === 'timeout') {
      seen.unknownCheckouts += 1;
      return;
    }
    if (checkout.status === 409 && checkout.json.msg === MESSAGES_ORDER.tooManyUnpaid) return cancelOne();
    if (checkout.status !== 201) return;
    const order: SeenOrder = {
      id: String(checkout.json.orderId),
      reference: String(checkout.json.reference),
      amount: Number(checkout.json.amount),
      quoted: naira(quoted.json.total),
      provider: pod ? 'pod' : paysWithPaystack ? 'paystack' : 'sandbox',
      coupon: couponCode,
    };
    seen.orders.set(order.id, order);
    // Pay on delivery, or a shopper who walks away: the order holds its stock until cancelled.
    if (pod || order.amount === 0 || Math.random() < 0.1) {
      unpaid.push(order);
      return;
    }
    const declined = Math.random() < 0.06;
    if (paysWithPaystack) {
      step('pay: paystack');
      env.paystack.complete(order.reference, declined ? { status: 'failed' } : {});
      // The shopper's verification and Paystack's webhook arrive together, then the webhook again.
      notePaid(order, await Promise.all([verify(order), ...(declined ? [] : [webhook(order)])]));
      if (!declined && Math.random() < 0.5) await webhook(order);
    } else {
      step('pay: sandbox');
      const payment = await send('POST', `/api/payments/sandbox/${order.reference}/pay`, {
        route: 'POST /api/payments/sandbox/:reference/pay',
        idempotent: true,
        body: { card: declined ? DECLINE_CARD : SUCCESS_CARD },
      });
      if (payment.status !== 200) {
        unpaid.push(order);
        return;
      }
      // A double click, or the return page and the order page at once: one verification on each process.
      const replay = Math.random() < 0.25;
      notePaid(order, await Promise.all([verify(order, env.sandbox[0]), ...(replay ? [verify(order, env.sandbox[1])] : [])]));
    }
  }

  async function myOrders() {
    step('my orders');
    await send('GET', '/api/orders/mine', { route: 'GET /api/orders/mine', idempotent: true });
    const order = paid.at(-1) ?? unpaid.at(-1);
    if (order) await send('GET', `/api/orders/${order.id}`, { route: 'GET /api/orders/:id', idempotent: true });
  }

  /** Verifies an order paid earlier again: it must still say paid (a replay changes nothing). */
  async function replayVerify() {
    const order = paid.length ? pick(paid) : undefined;
    if (!order) return;
    step('replay verify');
    const res = await verify(order, pick([...env.sandbox, env.paystackTarget].filter((t) => t.up)));
    if (res.status === 200 && res.json.paid !== true && !seen.refundAsked.has(order.id)) seen.paidThenNot.push(order.id);
  }

  // Shoppers arrive over the first quarter of the run, not all in the same second.
  await sleep(random(0, env.arrivalMs));
  try {
    while (env.running()) {
      const r = Math.random();
      // A shopper who walked away from an order comes back to cancel it now and then.
      if (token && unpaid.length > 0 && Math.random() < 0.25) await cancelOne();
      else if (r < 0.4) await browse();
      else if (!token) await signIn();
      else if (r < 0.78) await buy();
      else if (r < 0.86) await myOrders();
      else if (r < 0.92) await cancelOne();
      else if (r < 0.97) await replayVerify();
      else {
        // Signs in again now and then (a new device, an expired session).
        token = undefined;
      }
      // A person reads the page before the next click.
      await sleep(random(2000, 10_000));
    }
  } finally {
    client.close();
  }
}

/**
 * The shop's admin at work meanwhile: ships paid orders and refunds some (their units back on
 * sale), so the stock invariant also covers goods that came back.
 */
export async function runAdmin(env: LoadEnv): Promise<void> {
  const client = createClient('127.0.0.250', env.tally);
  const done = new Set<string>();
  try {
    while (env.running()) {
      await sleep(random(400, 900));
      const candidates = [...env.seen.paid].filter((id) => !done.has(id) && env.seen.orders.get(id)?.provider === 'sandbox');
      const id = candidates.at(0);
      if (!id) continue;
      done.add(id);
      env.seen.steps.set('admin', (env.seen.steps.get('admin') ?? 0) + 1);
      const target = env.sandbox[0].up ? env.sandbox[0] : env.sandbox[1];
      if (Math.random() < 0.3) {
        env.seen.refundAsked.add(id);
        const res = await client.call(target, 'POST', `/api/orders/${id}/refunds`, {
          route: 'admin POST /api/orders/:id/refunds',
          token: env.shop.adminToken,
          body: { reason: 'Wrong size, returned to the shop', restock: true },
        });
        if (res.status === 201) env.seen.refunded.add(id);
      } else {
        await client.call(target, 'PATCH', `/api/orders/${id}/status`, {
          route: 'admin PATCH /api/orders/:id/status',
          token: env.shop.adminToken,
          body: { status: 'fulfilled', note: 'GIG Logistics' },
        });
      }
    }
  } finally {
    client.close();
  }
}
