import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItemInput } from '@/lib/shop-actions.ts';
import { type CartLine, useCart } from './cart-store.ts';
import { useSession } from '@/lib/session-store.ts';
import { diffLines, flushQueue, reconcileCart, SYNC_QUEUE_KEY, startCartSync } from './cart-sync.ts';

const item = (variantId: string): CartItemInput => ({
  productId: `p-${variantId}`,
  variantId,
  title: `Dress ${variantId}`,
  imageUrl: null,
  price: 100,
  salePrice: 100,
  size: '',
  color: '',
  stock: 50,
});
const line = (variantId: string, quantity: number): CartLine => ({ ...item(variantId), id: variantId, quantity });
const serverLine = (variantId: string, quantity: number) => ({
  variantId,
  productId: `p-${variantId}`,
  title: `Dress ${variantId}`,
  size: '',
  color: '',
  price: 10_000,
  image: null,
  stock: 50,
  quantity,
  available: true,
});

let calls: string[];
let online: boolean;
let server: ReturnType<typeof serverLine>[];
/** When set, a read of the cart answers with the cart as it was when asked, only once this settles. */
let readsHeldUntil: Promise<void> | null;
/** When set, the next change reaches the server but its answer is lost (the page left, the network dropped). */
let loseNextAnswer: boolean;

beforeEach(() => {
  localStorage.clear();
  calls = [];
  online = true;
  server = [];
  readsHeldUntil = null;
  loseNextAnswer = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(input, 'http://localhost').pathname;
      if (!online) throw new TypeError('Failed to fetch');
      calls.push(`${method} ${path}${init?.body ? ` ${init.body}` : ''}`);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      const id = path.split('/').pop()!;
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      if (method === 'GET' && readsHeldUntil) {
        const asked = structuredClone(server);
        await readsHeldUntil;
        return json(200, { lines: asked, count: 0, subtotal: 0 });
      }
      if (method === 'POST') {
        const hit = server.find((l) => l.variantId === body.variantId);
        if (hit) hit.quantity += body.quantity;
        else server.push(serverLine(body.variantId, body.quantity));
      } else if (method === 'PATCH') {
        const hit = server.find((l) => l.variantId === id);
        if (!hit) return json(404, { msg: 'That item is not in your cart.' });
        hit.quantity = body.quantity;
      } else if (method === 'DELETE') server = server.filter((l) => l.variantId !== id);
      if (method !== 'GET' && loseNextAnswer) {
        loseNextAnswer = false;
        throw new TypeError('Failed to fetch');
      }
      return json(200, { lines: server, count: 0, subtotal: 0 });
    }),
  );
  useCart.setState({ lines: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('cart sync', () => {
  it('turns local changes into the server operations', () => {
    expect(diffLines([line('a', 1), line('b', 2)], [line('a', 3), line('c', 1)])).toEqual([
      { op: 'set', variantId: 'a', quantity: 3 },
      { op: 'add', variantId: 'c', quantity: 1 },
      { op: 'remove', variantId: 'b' },
    ]);
  });

  it("reconciles on start (the server's lines win, local-only lines go up once), then sends each change in order, retrying when back online", async () => {
    server = [serverLine('a', 3), serverLine('s', 1)];
    useCart.setState({ lines: [line('a', 1), line('b', 2)] });
    await startCartSync();
    expect(useCart.getState().lines.map((l) => [l.variantId, l.quantity])).toEqual([
      ['a', 3],
      ['b', 2],
      ['s', 1],
    ]);
    expect(calls).toEqual(['GET /api/cart', 'POST /api/cart/lines {"variantId":"b","quantity":2}']);

    calls = [];
    useCart.getState().setQuantity('a', 4);
    useCart.getState().remove('s');
    await flushQueue();
    await flushQueue();
    expect(server.map((l) => [l.variantId, l.quantity])).toEqual([
      ['a', 4],
      ['b', 2],
    ]);

    online = false;
    useCart.getState().add(item('c'), 2);
    await flushQueue();
    // Tried without an answer: it goes again as a set (which adds it when the server lacks it).
    expect(JSON.parse(localStorage.getItem(SYNC_QUEUE_KEY)!)).toEqual([{ op: 'add', variantId: 'c', quantity: 2, tried: true }]);
    online = true;
    // Back online, the change made offline goes up by itself: no other change or reload needed.
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(localStorage.getItem(SYNC_QUEUE_KEY)).toBeNull());
    expect(server.map((l) => [l.variantId, l.quantity])).toEqual([
      ['a', 4],
      ['b', 2],
      ['c', 2],
    ]);
  });

  it("reconciles again after a sign-in: the account cart, with the cookie's lines moved onto it, counted once", async () => {
    await startCartSync();
    useCart.setState({ lines: [line('a', 1)] });
    await flushQueue();
    expect(server.map((l) => [l.variantId, l.quantity])).toEqual([['a', 1]]);
    // Signed in: the server moved the cookie's cart (a: 1) onto the account's, which had b: 2.
    server = [serverLine('a', 1), serverLine('b', 2)];
    calls = [];
    useSession.setState({ status: 'signed-in', user: { id: 'u1', fname: 'Ada' } as never });
    await vi.waitFor(() =>
      expect(useCart.getState().lines.map((l) => [l.variantId, l.quantity])).toEqual([
        ['a', 1],
        ['b', 2],
      ]),
    );
    expect(calls).toEqual(['GET /api/cart']);
    expect(server.map((l) => [l.variantId, l.quantity])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it("leaves a hidden tab's change to the tab that made it (one add, not one per open tab)", async () => {
    await startCartSync();
    await flushQueue();
    calls = [];
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      // As cart-store.ts applies another tab's cart from the storage event.
      useCart.setState({ lines: [line('x', 1)] });
      await flushQueue();
      expect(calls).toEqual([]);
      expect(localStorage.getItem(SYNC_QUEUE_KEY)).toBeNull();
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });

  it('counts an add whose answer was lost once: it goes again as a set, on the next load as on the next try', async () => {
    await startCartSync();
    calls = [];
    loseNextAnswer = true;
    useCart.getState().add(item('t'), 2);
    await flushQueue();
    // The add reached the server; its answer did not reach the page.
    expect(server.map((l) => [l.variantId, l.quantity])).toEqual([['t', 2]]);
    expect(JSON.parse(localStorage.getItem(SYNC_QUEUE_KEY)!)).toEqual([{ op: 'add', variantId: 't', quantity: 2, tried: true }]);
    // The next load (or try) sends it again, as the quantity it was, not on top of it.
    await reconcileCart();
    expect(server.map((l) => [l.variantId, l.quantity])).toEqual([['t', 2]]);
    expect(useCart.getState().lines.map((l) => [l.variantId, l.quantity])).toEqual([['t', 2]]);
    expect(calls).toEqual([
      'POST /api/cart/lines {"variantId":"t","quantity":2}',
      'PATCH /api/cart/lines/t {"quantity":2}',
      'GET /api/cart',
    ]);
    expect(localStorage.getItem(SYNC_QUEUE_KEY)).toBeNull();
  });

  it('sends a line added while the server cart is being read once: the read, older than the add, does not send it again', async () => {
    await startCartSync();
    await flushQueue();
    let answerRead = () => {};
    readsHeldUntil = new Promise((resolve) => (answerRead = resolve));
    calls = [];
    // The shopper taps Add to Cart (2 of them) while the page's first reconcile is reading the cart.
    const reconciling = reconcileCart();
    await vi.waitFor(() => expect(calls).toEqual(['GET /api/cart']));
    useCart.getState().add(item('t'), 2);
    await vi.waitFor(() => expect(server.map((l) => [l.variantId, l.quantity])).toEqual([['t', 2]]));
    readsHeldUntil = null;
    answerRead();
    await reconciling;
    expect(server.map((l) => [l.variantId, l.quantity])).toEqual([['t', 2]]);
    expect(useCart.getState().lines.map((l) => [l.variantId, l.quantity])).toEqual([['t', 2]]);
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual(['POST /api/cart/lines {"variantId":"t","quantity":2}']);
  });
});
