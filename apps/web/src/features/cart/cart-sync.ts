/**
 * Keeps the server cart (issue 32, decision 0030) in step with the local one. Started by the
 * storefront's footer (app/footer.tsx, a lazily loaded part of every storefront page) once it has
 * rendered, so none of it weighs on the entry bundle.
 * - Every local change is turned into the server's operations (add, set, remove), queued in
 *   order in localStorage and sent one at a time; a failure (offline) leaves the queue for when
 *   the network is back (the `online` event), the next change or the next load. An add that
 *   went without an answer goes again as a set, so it is never counted twice.
 * - reconcileCart() (on start, and after sign-in) reads /api/cart: the server's lines win for
 *   the variants it has; local lines it lacks (made offline, or carts from before the server
 *   cart) are sent up once (the read has already moved the cookie's cart onto the account's
 *   after a sign-in, so what it lacks is truly missing); lines only the server has are added
 *   locally. A read during which a local change was queued is read again once the change has
 *   gone up: the change may have reached the server after the read, and sending its line up as
 *   missing would count it twice (a shopper's quick first tap on Add to Cart, doubled).
 */
import type { ServerCart } from '@shop/shared/server-cart';
import { ApiError } from '@/lib/api-client.ts';
import { addServerLine, readServerCart, removeServerLine, setServerLine } from '@/lib/api/cart.ts';
import { useSession } from '@/lib/session-store.ts';
import { type CartLine, useCart } from './cart-store.ts';

export type CartOp =
  /** `tried`: it went once without an answer (see sendQueued). */
  { op: 'set' | 'add'; variantId: string; quantity: number; tried?: true } | { op: 'remove'; variantId: string };

export const SYNC_QUEUE_KEY = 'cart-sync-queue';
const MAX_QUANTITY = 99;

function readQueue(): CartOp[] {
  try {
    const stored = JSON.parse(localStorage.getItem(SYNC_QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as CartOp[]) : [];
  } catch {
    return [];
  }
}
function writeQueue(queue: CartOp[]) {
  try {
    if (queue.length === 0) localStorage.removeItem(SYNC_QUEUE_KEY);
    else localStorage.setItem(SYNC_QUEUE_KEY, JSON.stringify(queue));
  } catch {
    // Storage blocked: the queue lives for this visit only.
  }
}

/** The operations that turn `before` into `after` on the server (lines with a variant only). */
export function diffLines(before: readonly CartLine[], after: readonly CartLine[]): CartOp[] {
  const was = new Map(before.flatMap((l) => (l.variantId ? [[l.variantId, l.quantity] as const] : [])));
  const now = new Map(after.flatMap((l) => (l.variantId ? [[l.variantId, l.quantity] as const] : [])));
  const ops: CartOp[] = [];
  for (const [variantId, quantity] of now) {
    const previous = was.get(variantId);
    const capped = Math.min(quantity, MAX_QUANTITY);
    // A new line is added, a changed one set (added when the server has lost it).
    if (previous === undefined) ops.push({ op: 'add', variantId, quantity: capped });
    else if (previous !== quantity) ops.push({ op: 'set', variantId, quantity: capped });
  }
  for (const variantId of was.keys()) if (!now.has(variantId)) ops.push({ op: 'remove', variantId });
  return ops;
}

const send = (op: CartOp) =>
  op.op === 'remove'
    ? removeServerLine(op.variantId)
    : op.op === 'add'
      ? addServerLine(op.variantId, op.quantity)
      : setServerLine(op.variantId, op.quantity).catch((error: unknown) => {
          // The server lost the line (another device removed it): add it back.
          if (error instanceof ApiError && error.status === 404) return addServerLine(op.variantId, op.quantity);
          throw error;
        });

let flushing: Promise<void> | null = null;

/** Sends the queued operations in order; stops at the first that fails for want of a network or server. */
export function flushQueue(): Promise<void> {
  flushing ??= sendQueued().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendQueued(): Promise<void> {
  // Waits a turn first, so `flushing` is set before the queue can end.
  await Promise.resolve();
  let queue = readQueue();
  while (queue.length > 0) {
    let op = queue[0]!;
    // An add is marked before it goes. One that went without an answer (the shopper left the
    // page as it went, or the network dropped) may have reached the server: sent again as an add
    // it would count twice (two throws became four in a browser test), so it goes again as a set
    // of the same quantity, which the server applies once however often it comes.
    if (op.op === 'add') {
      if (op.tried) op = { op: 'set', variantId: op.variantId, quantity: op.quantity };
      else writeQueue([{ ...op, tried: true }, ...readQueue().slice(1)]);
    }
    try {
      await send(op);
    } catch (error) {
      // A refusal (unknown variant, full cart) will not pass later: drop it. Anything else: retry later.
      if (!(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)) return;
    }
    queue = readQueue().slice(1);
    writeQueue(queue);
  }
}

let applying = false;

/** Local lines after the server's cart: its lines win, local lines it lacks stay (and are sent up). */
function applyServer(server: ServerCart) {
  const local = useCart.getState().lines;
  const fromServer = new Map(server.lines.map((l) => [l.variantId, l]));
  const lines: CartLine[] = local.map((line) => {
    const hit = line.variantId ? fromServer.get(line.variantId) : undefined;
    return hit ? { ...line, quantity: hit.quantity, stock: hit.stock } : line;
  });
  const known = new Set(local.map((l) => l.variantId));
  for (const l of server.lines) {
    if (known.has(l.variantId)) continue;
    lines.push({
      id: l.variantId,
      productId: l.productId,
      variantId: l.variantId,
      title: l.title,
      imageUrl: l.image,
      price: l.price / 100,
      salePrice: l.price / 100,
      size: l.size,
      color: l.color,
      stock: l.stock,
      quantity: l.quantity,
    });
  }
  applying = true;
  try {
    useCart.setState({ lines });
  } finally {
    applying = false;
  }
  return lines.filter((l) => l.variantId && !fromServer.has(l.variantId));
}

/** Local changes queued so far: a read of the server's cart is current only if none was queued while it ran. */
let changesQueued = 0;
/** Reads a cart changed meanwhile again, this many times at most (then the next load reconciles). */
const MAX_READS = 3;

/** Reads the server's cart and makes the two agree (see the module's comment). Offline: nothing changes. */
export async function reconcileCart(): Promise<void> {
  for (let reads = 0; reads < MAX_READS; reads++) {
    await flushQueue();
    if (readQueue().length > 0) return;
    const changesBefore = changesQueued;
    let server: ServerCart;
    try {
      server = await readServerCart();
    } catch {
      return;
    }
    // A line added while the read ran is on its way up already (or there now), which this read may
    // not show: taking it for missing would add it twice. Read again once it has gone up.
    if (changesQueued !== changesBefore) continue;
    const missing = applyServer(server);
    writeQueue([
      ...readQueue(),
      ...missing.map((l) => ({ op: 'add' as const, variantId: l.variantId!, quantity: Math.min(l.quantity, MAX_QUANTITY) })),
    ]);
    await flushQueue();
    return;
  }
}

let started = false;

/** Starts sending local changes to the server and reconciles once, and again after each sign-in. */
export function startCartSync(): Promise<void> {
  if (started) return Promise.resolve();
  started = true;
  // Signed in: the account's cart (with the cookie's moved onto it) is the server's cart now.
  useSession.subscribe((state, previous) => {
    if (state.user && state.user.id !== previous.user?.id) void reconcileCart();
  });
  useCart.subscribe((state, previous) => {
    // A hidden tab's cart changes because another tab's did (cart-store.ts follows the storage
    // event): that tab sends the change, once.
    if (applying || state.lines === previous.lines || document.visibilityState === 'hidden') return;
    const ops = diffLines(previous.lines, state.lines);
    if (ops.length === 0) return;
    changesQueued += 1;
    writeQueue([...readQueue(), ...ops]);
    void flushQueue();
  });
  // Changes made offline go up as soon as the network is back.
  addEventListener('online', () => void flushQueue());
  return reconcileCart();
}
