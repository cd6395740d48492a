/**
 * Orders: creation priced from the catalogue with stock reserved, the status lifecycle,
 * payment settlement and expiry. Every state change is one conditional UPDATE
 * (`... where status = <expected>`), so concurrent requests, webhook replays and several
 * API processes can never apply the same transition twice.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  type OrderChannel,
  type OrderLineRow,
  type OrderRow,
  type OrderStatus,
  orderLines,
  orders,
  products,
} from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';
import type { VerifyResult } from '../payments/provider.ts';
import { releaseStock, reserveStock } from './stock.ts';

export const INVALID_LINES = 'Invalid product or quantity';
export const DEFAULT_PENDING_MS = 30 * 60 * 1000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which status may follow which. Anything else is refused with 409. */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled', 'failed'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
  failed: [],
};
/** Statuses in which the order holds stock that a move away would release. */
const HOLDS_STOCK_UNTIL_PAID: readonly OrderStatus[] = ['pending'];

export interface LineInput {
  productId: string;
  quantity: number;
  size?: string;
  color?: string;
}

export interface ContactInput {
  email: string;
  name?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  country?: string;
}

export interface CreateOrderInput {
  channel: OrderChannel;
  userId?: string | null;
  customerId?: string | null;
  contact: ContactInput;
  lines: LineInput[];
  /** 'pending' holds stock until paid or expired; 'paid' (point of sale) takes it for good. */
  status: 'pending' | 'paid';
  paymentProvider?: string;
  paymentMethod?: string;
  pendingMs?: number;
}

export interface OrderWithLines extends OrderRow {
  lines: OrderLineRow[];
}

export function newPaymentReference(): string {
  return `ng-${Date.now().toString(36)}-${randomBytes(9).toString('hex')}`;
}

/** Lines are checked before anything is written: 400 with the spec's message. */
export function assertValidLines(lines: unknown): asserts lines is LineInput[] {
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > 100) throw badRequest(INVALID_LINES);
  for (const line of lines as LineInput[]) {
    if (
      !line ||
      typeof line.productId !== 'string' ||
      !UUID_RE.test(line.productId) ||
      !Number.isInteger(line.quantity) ||
      line.quantity < 1 ||
      line.quantity > 1000
    ) {
      throw badRequest(INVALID_LINES);
    }
  }
}

export function createOrderService(db: Db, imageUrl: (imageId: string) => string) {
  async function loadLines(tx: Db | Tx, orderIds: string[]) {
    if (orderIds.length === 0) return new Map<string, OrderLineRow[]>();
    const rows = await tx.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.title));
    const byOrder = new Map<string, OrderLineRow[]>();
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  async function withLines(tx: Db | Tx, order: OrderRow): Promise<OrderWithLines> {
    return { ...order, lines: (await loadLines(tx, [order.id])).get(order.id) ?? [] };
  }

  /** The order as it is now (after a conditional update found it already changed). */
  async function fresh(tx: Db | Tx, order: OrderRow, moved: OrderRow | undefined): Promise<OrderWithLines> {
    if (moved) return withLines(tx, moved);
    const [now] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return withLines(tx, now ?? order);
  }

  /** Moves an order from one status to another if it is still in `from`; releases stock when due. */
  async function move(
    tx: Tx,
    order: OrderRow,
    to: OrderStatus,
    extra: Partial<Pick<OrderRow, 'failureReason' | 'paidAt'>> = {},
  ): Promise<OrderRow | undefined> {
    const [moved] = await tx
      .update(orders)
      .set({ status: to, updatedAt: sql`now()`, ...extra })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (moved && HOLDS_STOCK_UNTIL_PAID.includes(order.status) && (to === 'cancelled' || to === 'failed')) {
      await releaseStock(tx, [order.id]);
    }
    return moved;
  }

  const service = {
    async create(input: CreateOrderInput): Promise<OrderWithLines> {
      assertValidLines(input.lines);
      const ids = [...new Set(input.lines.map((l) => l.productId))];
      return db.transaction(async (tx) => {
        const found = await tx.select().from(products).where(inArray(products.id, ids));
        const byId = new Map(found.map((p) => [p.id, p]));
        if (byId.size !== ids.length) throw badRequest(INVALID_LINES);

        // Prices come from the catalogue only; whatever the client said is ignored.
        const priced = input.lines.map((line) => {
          const product = byId.get(line.productId)!;
          const unitDiscount = Math.min(product.discount, product.price);
          return {
            productId: product.id,
            title: product.title,
            imageUrl: product.images[0] ? imageUrl(product.images[0]) : null,
            color: line.color?.trim() || product.color,
            size: line.size?.trim() || (product.sizes.length === 1 ? (product.sizes[0] ?? '') : ''),
            categoryId: product.categoryId,
            unitPrice: product.price,
            unitDiscount,
            quantity: line.quantity,
          };
        });
        await reserveStock(tx, priced);

        const subtotal = priced.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
        const discount = priced.reduce((sum, l) => sum + l.unitDiscount * l.quantity, 0);
        const paid = input.status === 'paid';
        const [order] = await tx
          .insert(orders)
          .values({
            userId: input.userId ?? null,
            customerId: input.customerId ?? null,
            email: input.contact.email.trim().toLowerCase(),
            name: input.contact.name?.trim() ?? '',
            phone: input.contact.phone?.trim() ?? '',
            address: input.contact.address?.trim() ?? '',
            city: input.contact.city?.trim() ?? '',
            state: input.contact.state?.trim() ?? '',
            country: input.contact.country?.trim() ?? '',
            channel: input.channel,
            status: input.status,
            subtotal,
            discount,
            total: subtotal - discount,
            paymentProvider: input.paymentProvider ?? null,
            paymentMethod: input.paymentMethod ?? null,
            paymentReference: newPaymentReference(),
            expiresAt: paid ? null : new Date(Date.now() + (input.pendingMs ?? DEFAULT_PENDING_MS)),
            paidAt: paid ? new Date() : null,
          })
          .returning();
        if (!order) throw new Error('order insert returned no row');
        const lines = await tx
          .insert(orderLines)
          .values(priced.map((l) => ({ ...l, orderId: order.id })))
          .returning();
        return { ...order, lines };
      });
    },

    async get(id: string): Promise<OrderWithLines | undefined> {
      if (!UUID_RE.test(id)) return undefined;
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      return order && withLines(db, order);
    },

    async getByReference(reference: string): Promise<OrderWithLines | undefined> {
      const [order] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
      return order && withLines(db, order);
    },

    withLines: (rows: OrderRow[]) =>
      loadLines(
        db,
        rows.map((r) => r.id),
      ).then((byOrder) => rows.map((r) => ({ ...r, lines: byOrder.get(r.id) ?? [] }))),

    /** An admin's (or the system's) status change; 409 when the lifecycle forbids it. */
    async transition(id: string, to: OrderStatus, reason?: string): Promise<{ before: OrderRow; after: OrderWithLines }> {
      return db.transaction(async (tx) => {
        const [order] = UUID_RE.test(id) ? await tx.select().from(orders).where(eq(orders.id, id)) : [];
        if (!order) throw notFound('Order not found');
        if (!TRANSITIONS[order.status].includes(to)) {
          throw conflict(`An order that is ${order.status} cannot become ${to}`);
        }
        const moved = await move(tx, order, to, {
          ...(to === 'paid' && { paidAt: new Date() }),
          ...((to === 'cancelled' || to === 'failed') && reason ? { failureReason: reason } : {}),
        });
        if (!moved) throw conflict('The order changed meanwhile; reload it and try again');
        return { before: order, after: await withLines(tx, moved) };
      });
    },

    /**
     * Applies what the payment provider said about a reference. Paid only on success with
     * the exact amount and currency; idempotent, whatever the number of concurrent calls.
     */
    async settle(reference: string, result: VerifyResult): Promise<{ order: OrderWithLines; changed: boolean; reason?: string }> {
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.paymentReference, reference));
        if (!order) throw notFound('Order not found');
        if (result.status === 'pending') return { order: await withLines(tx, order), changed: false, reason: result.reason };

        const matches = result.amount === order.total && result.currency.toUpperCase() === order.currency;
        if (result.status === 'success' && !matches) {
          const reason = `Payment of ${result.amount} ${result.currency} does not match the order total of ${order.total} ${order.currency}`;
          if (order.status !== 'pending') return { order: await withLines(tx, order), changed: false, reason };
          const moved = await move(tx, order, 'failed', { failureReason: reason });
          return { order: await fresh(tx, order, moved), changed: moved !== undefined, reason };
        }
        if (result.status === 'failed') {
          const reason = result.reason ?? 'The payment was declined';
          if (order.status !== 'pending') return { order: await withLines(tx, order), changed: false, reason };
          const moved = await move(tx, order, 'failed', { failureReason: reason });
          return { order: await fresh(tx, order, moved), changed: moved !== undefined, reason };
        }

        // Success with the right amount.
        if (order.status === 'pending') {
          const moved = await move(tx, order, 'paid', { paidAt: new Date() });
          return { order: await fresh(tx, order, moved), changed: moved !== undefined };
        }
        if (order.status === 'cancelled' || order.status === 'failed') {
          // Paid after the hold expired: take the stock again if it is still there.
          const lines = (await loadLines(tx, [order.id])).get(order.id) ?? [];
          try {
            await tx.transaction(async (inner) => {
              await reserveStock(
                inner,
                lines.filter((l) => l.productId).map((l) => ({ productId: l.productId!, quantity: l.quantity, title: l.title })),
              );
            });
          } catch {
            const reason = 'Paid after the order expired and the stock is gone: refund the customer';
            const [flagged] = await tx
              .update(orders)
              .set({ failureReason: reason, paidAt: new Date(), updatedAt: sql`now()` })
              .where(eq(orders.id, order.id))
              .returning();
            return { order: await withLines(tx, flagged ?? order), changed: true, reason };
          }
          const [revived] = await tx
            .update(orders)
            .set({ status: 'paid', paidAt: new Date(), failureReason: null, updatedAt: sql`now()` })
            .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
            .returning();
          return { order: await fresh(tx, order, revived), changed: revived !== undefined };
        }
        return { order: await withLines(tx, order), changed: false };
      });
    },

    /** Cancels pending orders whose hold has run out and gives their stock back. */
    async expirePending(now: Date = new Date()): Promise<number> {
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(orders)
          .set({ status: 'cancelled', failureReason: 'Payment was not completed in time', updatedAt: sql`now()` })
          .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, now)))
          .returning({ id: orders.id });
        await releaseStock(
          tx,
          expired.map((o) => o.id),
        );
        return expired.length;
      });
    },
  };
  return service;
}

export type OrderService = ReturnType<typeof createOrderService>;
