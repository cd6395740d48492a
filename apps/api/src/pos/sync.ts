/**
 * A till's sales synced (POST /api/pos/sales/sync, issue 29), each recorded exactly once: a
 * sale is an order whose id the till made, so the primary key decides. Each sale is its own
 * transaction, so a batch that fails halfway keeps what it recorded and a resend answers
 * `duplicate` for those; two syncs of one sale at once (two tills' batches, two API
 * processes) meet at the key, the second rolls back and answers `duplicate`. The order is
 * made by app.orders.create with the till's prices, tenders and stock rule (orders/till-sale.ts).
 *
 * Stock: an online sale never takes it below zero (conflict 'Only N left'). An offline sale
 * that finds too little follows settings.posOfflineStock: allow_negative records it taking
 * stock below zero (the variant is flagged) when the cashier's role allows negative stock or
 * a manager approved it, and holds it for review otherwise; hold_for_review records it held
 * (review 'held', no stock) for a manager to accept or void (conflicts.ts).
 */
import { type PosTillSettings, type SyncResult, type SyncSale, TILL_APPROVAL_POLICY, WALK_IN_CUSTOMER } from '@shop/shared';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { adjustStoreCredit, findCustomerById } from '../customers/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors.ts';
import { orders, productVariants, products, roles, storeCreditEntries, users } from '../db/schema/index.ts';
import { conflict, HttpError } from '../lib/http-error.ts';
import type { OrderService, TillSale } from '../orders/index.ts';
import { approved, type PolicyMember, policyRefusal } from './policies.ts';
import type { TillIdentity } from './till-auth.ts';
import { findTill, touchTill } from './tills.ts';

const STOCK_SHORT = /^Only -?\d+ left/;

interface SyncContext {
  db: Db;
  orders: OrderService;
  settings: PosTillSettings;
  till: TillIdentity;
  /** The till's last sync before this one: its offline sales since count against the till's limit. */
  lastSyncAt: Date | null;
}

/** Syncs a batch, oldest sale first; one result per sale, in the order sent. */
export async function syncSales(
  db: Db,
  orderService: OrderService,
  settings: PosTillSettings,
  till: TillIdentity,
  sales: SyncSale[],
): Promise<SyncResult[]> {
  const lastSyncAt = (await findTill(db, till.id))?.lastSyncAt ?? null;
  const context: SyncContext = { db, orders: orderService, settings, till, lastSyncAt };
  const results = new Map<string, SyncResult>();
  const oldestFirst = [...sales].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const sale of oldestFirst) {
    if (!results.has(sale.id)) results.set(sale.id, await syncSale(context, sale));
  }
  await touchTill(db, till.id);
  return sales.map((sale) => results.get(sale.id)!);
}

const refused = (sale: SyncSale, message: string): SyncResult => ({ id: sale.id, status: 'conflict', message });

/** The sale as recorded already: by its id (a duplicate) or, another sale, by its receipt number. */
async function recorded(db: Db, sale: SyncSale): Promise<SyncResult | undefined> {
  const found = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(or(eq(orders.id, sale.id), eq(orders.number, sale.receiptNumber)));
  if (found.some((o) => o.id === sale.id)) return { id: sale.id, status: 'duplicate', orderId: sale.id };
  if (found.length > 0) return refused(sale, `Receipt number ${sale.receiptNumber} is already another sale's`);
  return undefined;
}

async function syncSale(context: SyncContext, sale: SyncSale): Promise<SyncResult> {
  const { db, till } = context;
  const known = await recorded(db, sale);
  if (known) return known;
  if (!sale.receiptNumber.startsWith(`${till.prefix}-`)) {
    return refused(sale, `Receipt number ${sale.receiptNumber} is not this till's (${till.prefix})`);
  }
  const variants = await catalogueOf(db, sale);
  if (variants.size !== new Set(sale.lines.map((l) => l.variantId)).size) {
    return refused(sale, 'A product of this sale is no longer in the catalogue');
  }
  const salePrices = new Map([...variants].map(([id, v]) => [id, v.salePrice]));
  const staff = await staffOf(db, [sale.cashierId, ...sale.approvals.map((a) => a.managerId)]);
  const offlineSoFar = sale.offline ? await offlineTotal(db, till.id, context.lastSyncAt) : 0;
  const refusal = policyRefusal(sale, salePrices, staff, context.settings, offlineSoFar);
  if (refusal) return refused(sale, refusal);
  const customer = sale.customerId ? await findCustomerById(db, sale.customerId) : undefined;
  if (sale.customerId && !customer) return refused(sale, 'Unknown customer');
  if (!customer && sale.tenders.some((t) => t.type === 'store_credit')) {
    return refused(sale, 'Store credit is spent by a known customer: choose the customer');
  }

  const record = (stock: TillSale['stock']) =>
    db.transaction(async (tx) => {
      const made = await context.orders.create(
        {
          id: sale.id,
          till: tillSale(context, sale, stock),
          channel: 'pos',
          status: 'paid',
          customerId: customer?.id ?? null,
          contact: customer
            ? { email: customer.email, name: `${customer.firstName} ${customer.lastName}`, phone: customer.phone }
            : { email: '', name: WALK_IN_CUSTOMER },
          lines: sale.lines.map((l) => ({
            productId: variants.get(l.variantId)!.productId,
            variantId: l.variantId,
            quantity: l.quantity,
          })),
          paymentProvider: 'pos',
          paymentMethod: new Set(sale.tenders.map((t) => t.type)).size === 1 ? sale.tenders[0]!.type : 'split',
        },
        tx,
      );
      for (const tender of sale.tenders.filter((t) => t.type === 'store_credit'))
        await spendCredit(tx, customer!.id, tender.amount, made.id);
      return made;
    });

  const attempt = async (stock: TillSale['stock']): Promise<SyncResult> => {
    try {
      const made = await record(stock);
      return { id: sale.id, status: 'recorded', orderId: made.id, ...(made.review === 'held' && { message: 'Held for review' }) };
    } catch (error) {
      if (isUniqueViolation(error)) return (await recorded(db, sale)) ?? Promise.reject(error);
      // A drawer the server does not know (never opened through the API, or another shop's).
      if (isForeignKeyViolation(error)) return refused(sale, 'Unknown drawer: open the drawer on this till first');
      if (stock === 'take' && sale.offline && error instanceof HttpError && STOCK_SHORT.test(error.message)) {
        return attempt(whenShort(context, sale, staff));
      }
      if (error instanceof HttpError && error.statusCode < 500) return refused(sale, error.message);
      throw error;
    }
  };
  return attempt('take');
}

/** An offline sale that found too little stock: taken below zero, or held for a manager. */
function whenShort(context: SyncContext, sale: SyncSale, staff: ReadonlyMap<string, PolicyMember>): TillSale['stock'] {
  if (context.settings.posOfflineStock === 'hold_for_review') return 'none';
  const cashier = staff.get(sale.cashierId)!;
  const allowed = cashier.pos[TILL_APPROVAL_POLICY.negative_stock] === 'allow' || approved(sale, 'negative_stock', staff);
  return allowed ? 'allow_negative' : 'none';
}

function tillSale(context: SyncContext, sale: SyncSale, stock: TillSale['stock']): TillSale {
  return {
    number: sale.receiptNumber,
    createdAt: new Date(sale.createdAt),
    tillId: context.till.id,
    cashierId: sale.cashierId,
    drawerId: sale.drawerId ?? null,
    offline: sale.offline,
    tenders: sale.tenders.map((t) => ({
      type: t.type,
      amount: t.amount,
      tendered: t.tendered,
      reference: t.reference || undefined,
    })),
    approvals: sale.approvals.map((a) => ({ managerId: a.managerId, action: a.action, amount: a.amount, at: a.at })),
    stock,
    prices: new Map(sale.lines.map((l) => [l.variantId, { unitPrice: l.unitPrice, discount: l.discount }])),
  };
}

/** Store credit spent as a tender: 409 when the customer has not enough (the sale rolls back). */
async function spendCredit(tx: Tx, customerId: string, amount: number, orderId: string): Promise<void> {
  if ((await adjustStoreCredit(tx, customerId, -amount)) === undefined) {
    throw conflict('The customer does not have enough store credit');
  }
  await tx.insert(storeCreditEntries).values({ customerId, amount: -amount, orderId });
}

/** The sale's variants with their product and sale price (kobo, after the markdown). */
async function catalogueOf(db: Db, sale: SyncSale) {
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      salePrice: sql<number>`(coalesce(${productVariants.price}, ${products.price}) - least(coalesce(${productVariants.discount}, ${products.discount}), coalesce(${productVariants.price}, ${products.price})))::bigint`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...new Set(sale.lines.map((l) => l.variantId))]));
  return new Map(rows.map((r) => [r.id, { productId: r.productId, salePrice: Number(r.salePrice) }]));
}

/** The cashier and the approving managers, with their role's till policies. */
export async function staffOf(db: Db, ids: string[]): Promise<Map<string, PolicyMember>> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      active: users.active,
      roleName: roles.name,
      permissions: roles.permissions,
      pos: roles.pos,
      discountLimitPercent: roles.discountLimitPercent,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.staffRoleId))
    .where(and(inArray(users.id, [...new Set(ids)]), eq(users.role, 'admin')));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: `${r.firstName} ${r.lastName}`.trim(),
        active: r.active,
        roleName: r.roleName,
        canSell: r.permissions.includes('pos.sell'),
        pos: r.pos,
        discountLimitPercent: r.discountLimitPercent,
      },
    ]),
  );
}

/** Kobo of the till's offline sales recorded since its last sync. */
async function offlineTotal(db: Db, tillId: string, since: Date | null): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.total}), 0)::bigint` })
    .from(orders)
    .where(and(eq(orders.tillId, tillId), eq(orders.offline, true), since ? gt(orders.createdAt, since) : undefined));
  return Number(row?.total ?? 0);
}
