/**
 * Purchases: orders as the original back office and storefront saw them. The list is the
 * orders table filtered and paged in SQL, shown in the flat shape; "deleting" archives;
 * `createLegacy` turns the old clients' three payload shapes into a priced order.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import {
  POS_PAYMENT_METHODS,
  type Purchase,
  type PurchaseCreateBody,
  type PurchaseFilters,
  type PurchaseSort,
  koboToNaira,
} from '@shop/shared';
import type { Db } from '../db/client.ts';
import { customers, orderLines, orders, paymentEvents, products, type UserRow } from '../db/schema/index.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../lib/http-error.ts';
import type { PaymentProvider, VerifyResult } from '../payments/provider.ts';
import { INVALID_LINES, type LineInput, type OrderService, type OrderWithLines } from '../orders/service.ts';
import { escapeLike } from '../lib/like.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whole days of the filters are Lagos days. */
const SHOP_TIME_ZONE = 'Africa/Lagos';
export const PURCHASE_NOT_FOUND = 'Purchase not found';
export const REFERENCE_USED = 'This payment reference has already been used for another purchase';
/** The CSV export's bound, so one request can never build an unbounded file. */
export const CSV_MAX_ROWS = 100_000;
const CSV_BATCH = 1000;

/** Integer kobo as naira text with 2 decimals, exactly: 2500000 → "25000.00". */
export function koboToNairaText(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const joined = (values: string[]) => values.filter((v) => v.trim() !== '').join(', ');

export function toPurchase(order: OrderWithLines): Purchase {
  return {
    id: order.id,
    title: order.lines.map((l) => l.title).join(', '),
    email: order.email,
    price: koboToNaira(order.subtotal),
    description: '',
    color: joined(order.lines.map((l) => l.color)),
    size: joined(order.lines.map((l) => l.size)),
    quantity: order.lines.reduce((sum, l) => sum + l.quantity, 0),
    totalPrice: koboToNairaText(order.total),
    categoryId: order.lines[0]?.categoryId ?? null,
    discount: koboToNaira(order.discount),
    number: order.number,
    status: order.status,
    channel: order.channel,
    customerName: order.name,
    createdAt: order.createdAt.toISOString(),
    archivedAt: order.archivedAt ? order.archivedAt.toISOString() : null,
  };
}

function conditions(f: PurchaseFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [f.archived ? isNotNull(orders.archivedAt) : isNull(orders.archivedAt)];
  if (f.status) where.push(eq(orders.status, f.status));
  if (f.from) where.push(sql`${orders.createdAt} >= (${f.from}::date::timestamp at time zone ${SHOP_TIME_ZONE})`);
  if (f.to) where.push(sql`${orders.createdAt} < ((${f.to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE})`);
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    where.push(
      or(
        ilike(orders.number, pattern),
        ilike(orders.email, pattern),
        ilike(orders.name, pattern),
        sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.title} ilike ${pattern})`,
      ),
    );
  }
  return and(...where);
}

const ORDER_BY: Record<PurchaseSort, SQL[]> = {
  latest: [desc(orders.createdAt), desc(orders.id)],
  oldest: [asc(orders.createdAt), asc(orders.id)],
  total_desc: [desc(orders.total), desc(orders.createdAt), desc(orders.id)],
  total_asc: [asc(orders.total), desc(orders.createdAt), desc(orders.id)],
};

function parseQuantity(value: unknown): number {
  if (value === undefined || value === null || value === '') return 1;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(n) || n < 1) throw badRequest(INVALID_LINES);
  return n;
}

export interface PurchaseServiceDeps {
  db: Db;
  orders: OrderService;
  payments: PaymentProvider | undefined;
  log: FastifyBaseLogger;
}

export function createPurchaseService({ db, orders: orderService, payments, log }: PurchaseServiceDeps) {
  async function page(filters: PurchaseFilters, limit: number, offset: number): Promise<Purchase[]> {
    const rows = await db
      .select()
      .from(orders)
      .where(conditions(filters))
      .orderBy(...ORDER_BY[filters.sort])
      .limit(limit)
      .offset(offset);
    return (await orderService.withLines(rows)).map(toPurchase);
  }

  /**
   * Product ids by exact title, case-insensitively (keys are lower-cased titles). Titles are
   * not unique: an in-stock product wins, then the newest. The prefix LIKE on search_text lets
   * the trigram index find the candidates.
   */
  async function productsByTitle(titles: string[]): Promise<Map<string, string>> {
    const keys = [...new Set(titles.map((t) => t.trim().toLowerCase()).filter(Boolean))];
    if (keys.length === 0) return new Map();
    const lowerTitle = sql`lower(${products.title})`;
    const rows = await db
      .selectDistinctOn([lowerTitle], { id: products.id, key: sql<string>`lower(${products.title})` })
      .from(products)
      .where(or(...keys.map((key) => and(sql`${lowerTitle} = ${key}`, like(products.searchText, `${escapeLike(key)}%`)))))
      .orderBy(lowerTitle, sql`(${products.availability} = 'In Stock') desc`, desc(products.createdAt));
    return new Map(rows.map((r) => [r.key, r.id]));
  }

  /** The lines an old client meant, in any of its three payload shapes; 400 when they cannot be told. */
  async function resolveLines(body: PurchaseCreateBody): Promise<LineInput[]> {
    const single = {
      size: typeof body.size === 'string' ? body.size.trim().slice(0, 40) : undefined,
      color: body.color ? body.color.slice(0, 60) : undefined,
    };
    if (body.cart && body.cart.length > 0) {
      const titled = body.cart.filter((item) => !item.product.id).map((item) => item.product.title ?? '');
      const byTitle = await productsByTitle(titled);
      return body.cart.map((item) => {
        const productId = item.product.id || byTitle.get((item.product.title ?? '').trim().toLowerCase());
        if (!productId) throw badRequest(INVALID_LINES);
        return { productId, quantity: parseQuantity(item.quantity) };
      });
    }
    if (body.productId) return [{ productId: body.productId, quantity: parseQuantity(body.quantity), ...single }];
    const title = body.title?.trim();
    if (!title) throw badRequest(INVALID_LINES);
    // A whole title first (titles may contain commas), else the cart form's names joined with ", ".
    const exact = (await productsByTitle([title])).get(title.toLowerCase());
    if (exact) return [{ productId: exact, quantity: parseQuantity(body.quantity), ...single }];
    const names = title
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.length < 2) throw badRequest(INVALID_LINES);
    const byTitle = await productsByTitle(names);
    return names.map((name) => {
      const productId = byTitle.get(name.toLowerCase());
      if (!productId) throw badRequest(INVALID_LINES);
      return { productId, quantity: 1 };
    });
  }

  /** Asks the provider about a reference the client paid with and settles the order by it. */
  async function settleByReference(order: OrderWithLines, reference: string, provider: PaymentProvider): Promise<OrderWithLines> {
    try {
      await db
        .update(orders)
        .set({ paymentReference: reference, updatedAt: sql`now()` })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await orderService.transition(order.id, 'cancelled', REFERENCE_USED);
      throw conflict(REFERENCE_USED);
    }
    let result: VerifyResult;
    try {
      result = await provider.verify(reference);
    } catch (error) {
      // The provider is unreachable: the order stays pending (the webhook or its expiry settles it).
      log.error({ err: error, reference }, 'legacy purchase: payment verification failed');
      return (await orderService.get(order.id)) ?? order;
    }
    await db.insert(paymentEvents).values({ provider: provider.name, reference, event: 'verify', payload: result.raw ?? {} });
    return (await orderService.settle(reference, result)).order;
  }

  async function get(id: string): Promise<Purchase> {
    const order = await orderService.get(id);
    if (!order) throw notFound(PURCHASE_NOT_FOUND);
    return toPurchase(order);
  }

  return {
    async list(filters: PurchaseFilters, limit: number, offset: number): Promise<{ items: Purchase[]; total: number }> {
      const [items, [totalRow]] = await Promise.all([
        page(filters, limit, offset),
        db.select({ n: count() }).from(orders).where(conditions(filters)),
      ]);
      return { items, total: totalRow?.n ?? 0 };
    },

    /** Every purchase matching the filters (at most CSV_MAX_ROWS), fetched a batch at a time. */
    async *all(filters: PurchaseFilters): AsyncGenerator<Purchase[]> {
      for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_BATCH) {
        const batch = await page(filters, Math.min(CSV_BATCH, CSV_MAX_ROWS - offset), offset);
        if (batch.length > 0) yield batch;
        if (batch.length < CSV_BATCH) return;
      }
    },

    get,

    /** Hides a purchase from the list; nothing is deleted. Archiving twice keeps the first date. */
    async archive(id: string): Promise<void> {
      const [row] = UUID_RE.test(id)
        ? await db
            .update(orders)
            .set({ archivedAt: sql`coalesce(${orders.archivedAt}, now())` })
            .where(eq(orders.id, id))
            .returning({ id: orders.id })
        : [];
      if (!row) throw notFound(PURCHASE_NOT_FOUND);
    },

    async restore(id: string): Promise<Purchase> {
      const [row] = UUID_RE.test(id)
        ? await db.update(orders).set({ archivedAt: null }).where(eq(orders.id, id)).returning({ id: orders.id })
        : [];
      if (!row) throw notFound(PURCHASE_NOT_FOUND);
      return get(id);
    },

    /**
     * An old client's purchase. Priced from the catalogue; pending unless the payload carries a
     * reference the provider confirms for the exact amount, or an admin (the point of sale's
     * per-line form) sends it, which records a paid point-of-sale order.
     */
    async createLegacy(user: UserRow, body: PurchaseCreateBody): Promise<OrderWithLines> {
      const lines = await resolveLines(body);
      await orderService.expirePending();
      const givenName = [body.fname, body.lname].filter(Boolean).join(' ');

      if (user.role === 'admin') {
        const email = body.email ?? user.email;
        const [customer] = await db.select().from(customers).where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
        const method = POS_PAYMENT_METHODS.find((m) => m === body.paymentMethod);
        return orderService.create({
          channel: 'pos',
          status: 'paid',
          customerId: customer?.id ?? null,
          contact: {
            email,
            name: customer ? `${customer.firstName} ${customer.lastName}` : givenName,
            phone: body.phone || customer?.phone,
            address: body.address ?? undefined,
            city: body.city ?? undefined,
            state: body.state ?? undefined,
            country: body.country ?? undefined,
          },
          lines,
          paymentProvider: 'pos',
          paymentMethod: method,
        });
      }

      const reference = body.reference?.trim();
      if (reference && (await orderService.getByReference(reference))) throw conflict(REFERENCE_USED);
      const order = await orderService.create({
        channel: 'legacy',
        status: 'pending',
        userId: user.id,
        contact: {
          email: body.email ?? user.email,
          name: givenName || `${user.firstName} ${user.lastName}`,
          phone: body.phone || user.phone,
          address: body.address || user.address,
          city: body.city || user.city,
          state: body.state || user.state,
          country: body.country || user.country,
        },
        lines,
        paymentProvider: payments?.name,
      });
      if (!reference || !payments) return order;
      return settleByReference(order, reference, payments);
    },
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
