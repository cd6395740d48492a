/**
 * Abandoned checkout recovery (issue 31). A checkout is recorded when a shopper prices her cart
 * at checkout having ticked the marketing box (the quote), or when her unpaid card order runs
 * out and she has consent: a snapshot of the lines and what they came to, with a random token
 * for the restore link. One open checkout per account and cart (the partial unique index); a
 * newer cart replaces her open ones no reminder went about, so changing a quantity at checkout
 * does not send two sets of reminders.
 *
 * A sweep (server.ts runs it every minute, beside the price drops) does the rest, reading the
 * database so it needs no hook in the orders' code: it records the card orders that expired,
 * ends the checkouts whose account paid an order since (recovered, with the order's total, when
 * a reminder had gone and the payment came within 7 days of the last one), then sends the
 * reminders due at the shop's recoveryDelays. Each reminder is claimed by a conditional UPDATE
 * of `reminders_sent` in the transaction that queues it, with the outbox's dedupe key per
 * reminder, so several API processes sweeping at once send it once. It also reminds transfer
 * orders' shoppers to pay before their hold ends (an order message, once per order).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import { koboToNaira, RECOVERY_WINDOW_MS, type StoreSettings } from '@shop/shared';
import { getSettings } from '../content/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { abandonedCheckouts, orderLines, orders, type RecoveryLine, users } from '../db/schema/index.ts';
import { type OrderWithLines, PAYMENT_NOT_IN_TIME } from '../orders/index.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** An expired card order is recorded by a sweep within this long of its expiry (a server down for longer misses it). */
const EXPIRED_LOOKBACK_MS = 24 * HOUR_MS;

/** What the sweep needs from the rest of the API: marketing's consent, the outbox, the orders' details. */
export interface RecoveryDeps {
  hasConsent(tx: Db | Tx, userId: string): Promise<boolean>;
  /** Queues the `reminder`th reminder of a checkout inside `tx` (once per checkout and reminder). */
  queueReminder(tx: Tx, reminder: RecoveryReminder): Promise<void>;
  /** Queues a transfer order's payment reminder (once per order). */
  queueTransferReminder(db: Db, order: OrderWithLines): Promise<void>;
  /** The orders with their lines and payments, for the transfer reminder. */
  withLines(rows: (typeof orders.$inferSelect)[]): Promise<OrderWithLines[]>;
}

export interface RecoveryReminder {
  to: string;
  checkoutId: string;
  token: string;
  firstName: string;
  reminder: number;
  /** Naira. */
  lines: { title: string; label: string; quantity: number; price: number }[];
  total: number;
}

export interface NewCheckout {
  userId: string;
  email: string;
  phone: string;
  firstName: string;
  source: 'quote' | 'expired';
  expiredOrderId?: string;
  lines: RecoveryLine[];
  /** Kobo. */
  value: number;
}

/** The cart as one string: each line's variant and quantity, sorted, so the same cart is the same key. */
export const cartKeyOf = (lines: Pick<RecoveryLine, 'productId' | 'variantId' | 'size' | 'color' | 'quantity'>[]) =>
  lines
    .map((l) => `${l.variantId ?? `${l.productId}|${l.size}|${l.color}`}x${l.quantity}`)
    .sort()
    .join(',');

/** A priced line (the quote's) as the snapshot keeps it: its price after the markdown. */
export const snapshotLine = <Id extends string | null>({
  productId,
  variantId,
  title,
  size,
  color,
  quantity,
  unitPrice,
  unitDiscount,
}: Omit<RecoveryLine, 'productId'> & { productId: Id; unitDiscount: number }) => ({
  productId,
  variantId,
  title,
  size,
  color,
  quantity,
  unitPrice: unitPrice - unitDiscount,
});

/** Records a checkout (nothing when the account's same cart is open already); whether it was recorded. */
export async function recordCheckout(db: Db, input: NewCheckout, now = new Date()): Promise<boolean> {
  if (input.lines.length === 0) return false;
  const cartKey = cartKeyOf(input.lines);
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(abandonedCheckouts)
      .values({
        userId: input.userId,
        email: input.email,
        phone: input.phone,
        firstName: input.firstName,
        source: input.source,
        expiredOrderId: input.expiredOrderId ?? null,
        cartKey,
        lines: input.lines,
        value: input.value,
        token: randomBytes(16).toString('base64url'),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: abandonedCheckouts.id });
    if (!made) return false;
    // Her earlier carts that no reminder went about give way to this one.
    await tx
      .delete(abandonedCheckouts)
      .where(
        and(
          eq(abandonedCheckouts.userId, input.userId),
          isNull(abandonedCheckouts.endedAt),
          eq(abandonedCheckouts.remindersSent, 0),
          sql`${abandonedCheckouts.id} <> ${made.id}`,
        ),
      );
    return true;
  });
}

/** What the sweep did, for tests and logs. */
export interface RecoverySweep {
  expired: number;
  ended: number;
  reminders: number;
  transferReminders: number;
}

/** One sweep at `now`: expired card orders recorded, paid checkouts ended, reminders due queued. */
export async function sweepRecovery(db: Db, deps: RecoveryDeps, now = new Date()): Promise<RecoverySweep> {
  const settings = await getSettings(db);
  const expired = await recordExpiredOrders(db, deps, now);
  const ended = await endPaidCheckouts(db, now);
  const reminders = await sendDueReminders(db, deps, settings.recoveryDelays, now);
  const transferReminders = await sendTransferReminders(db, deps, settings, now);
  return { expired, ended, reminders, transferReminders };
}

/** Unpaid card orders that ran out (cancelled by the expiry sweep, nothing paid), of accounts with consent. */
async function recordExpiredOrders(db: Db, deps: RecoveryDeps, now: Date): Promise<number> {
  const rows = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      phone: orders.phone,
      total: orders.total,
      email: users.email,
      firstName: users.firstName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(abandonedCheckouts, eq(abandonedCheckouts.expiredOrderId, orders.id))
    .where(
      and(
        eq(orders.status, 'cancelled'),
        eq(orders.channel, 'web'),
        eq(orders.paymentMethod, 'paystack'),
        eq(orders.amountPaid, 0),
        lte(orders.expiresAt, now),
        gt(orders.expiresAt, new Date(now.getTime() - EXPIRED_LOOKBACK_MS)),
        eq(orders.failureReason, PAYMENT_NOT_IN_TIME),
        isNull(abandonedCheckouts.id),
      ),
    );
  let recorded = 0;
  for (const order of rows) {
    if (!(await deps.hasConsent(db, order.userId!))) continue;
    const lines = (
      await db
        .select({
          productId: orderLines.productId,
          variantId: orderLines.variantId,
          title: orderLines.title,
          size: orderLines.size,
          color: orderLines.color,
          quantity: orderLines.quantity,
          unitPrice: orderLines.unitPrice,
          unitDiscount: orderLines.unitDiscount,
        })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
    ).map(snapshotLine);
    const kept = lines.filter((l): l is RecoveryLine => l.productId !== null);
    const made = await recordCheckout(
      db,
      {
        userId: order.userId!,
        email: order.email,
        phone: order.phone,
        firstName: order.firstName,
        source: 'expired',
        expiredOrderId: order.id,
        lines: kept,
        value: order.total,
      },
      now,
    );
    if (made) recorded += 1;
  }
  return recorded;
}

/**
 * Ends the open checkouts whose account paid an order since they were recorded (the first such
 * payment): recovered, with that order's total, when a reminder had gone and it was paid within
 * 7 days of the last one. One statement, so two sweeps end each checkout once.
 */
async function endPaidCheckouts(db: Db, now: Date): Promise<number> {
  const ended = await db.execute(sql`
    update abandoned_checkouts c
    set ended_at = p.paid_at,
        paid_order_id = p.order_id,
        recovered_revenue = case
          when c.reminders_sent > 0 and p.paid_at <= c.last_reminder_at + make_interval(secs => ${RECOVERY_WINDOW_MS / 1000})
          then p.total end
    from (
      select distinct on (open.id) open.id as checkout_id, o.id as order_id, o.paid_at, o.total
      from abandoned_checkouts open
      join orders o on o.user_id = open.user_id
      where open.ended_at is null and o.paid_at is not null
        and o.paid_at >= open.created_at and o.paid_at <= ${now.toISOString()}::timestamptz
        and o.status not in ('cancelled', 'failed')
      order by open.id, o.paid_at, o.id
    ) p
    where c.id = p.checkout_id and c.ended_at is null
    returning c.id`);
  return rowsOf(ended).length;
}

/** The rows of a raw statement's result, as PGlite and node-postgres both give them. */
const rowsOf = (result: unknown): unknown[] => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []));

/**
 * The reminders due: for each open checkout of the last 7 days, the last of the delays that has
 * passed, if it has not gone yet (a sweep that missed one sends the latest, not every one).
 */
async function sendDueReminders(db: Db, deps: RecoveryDeps, delays: number[], now: Date): Promise<number> {
  const [first] = delays;
  if (first === undefined) return 0;
  const open = await db
    .select({
      id: abandonedCheckouts.id,
      userId: abandonedCheckouts.userId,
      createdAt: abandonedCheckouts.createdAt,
      sent: abandonedCheckouts.remindersSent,
    })
    .from(abandonedCheckouts)
    .where(
      and(
        isNull(abandonedCheckouts.endedAt),
        lt(abandonedCheckouts.remindersSent, delays.length),
        lte(abandonedCheckouts.createdAt, new Date(now.getTime() - first * MINUTE_MS)),
        gt(abandonedCheckouts.createdAt, new Date(now.getTime() - RECOVERY_WINDOW_MS)),
      ),
    )
    .orderBy(abandonedCheckouts.createdAt);
  let queued = 0;
  for (const checkout of open) {
    const due = delays.filter((d) => checkout.createdAt.getTime() + d * MINUTE_MS <= now.getTime()).length;
    if (due > checkout.sent && (await remind(db, deps, checkout, due, now))) queued += 1;
  }
  return queued;
}

/**
 * Claims the checkout's `reminder`th reminder (its count still what the sweep read) and queues
 * it, in one transaction; whether it went. Without consent now (withdrawn since), nothing.
 */
async function remind(
  db: Db,
  deps: RecoveryDeps,
  checkout: { id: string; userId: string; sent: number },
  reminder: number,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await deps.hasConsent(tx, checkout.userId))) return false;
    const [claimed] = await tx
      .update(abandonedCheckouts)
      .set({ remindersSent: reminder, lastReminderAt: now })
      .where(
        and(
          eq(abandonedCheckouts.id, checkout.id),
          eq(abandonedCheckouts.remindersSent, checkout.sent),
          isNull(abandonedCheckouts.endedAt),
        ),
      )
      .returning();
    if (!claimed) return false;
    await deps.queueReminder(tx, {
      to: claimed.email,
      checkoutId: claimed.id,
      token: claimed.token,
      firstName: claimed.firstName,
      reminder,
      lines: claimed.lines.map((l) => ({
        title: l.title,
        label: [l.size, l.color].filter(Boolean).join(' / '),
        quantity: l.quantity,
        price: koboToNaira(l.unitPrice),
      })),
      total: koboToNaira(claimed.value),
    });
    return true;
  });
}

/**
 * Transfer orders whose hold ends within transferReminderHours and that no reminder went about:
 * each gets one (the outbox's dedupe key), when its hold was longer than that (else the order's
 * own e-mail said as much a moment ago).
 */
async function sendTransferReminders(
  db: Db,
  deps: RecoveryDeps,
  settings: Pick<StoreSettings, 'transferReminderHours'>,
  now: Date,
): Promise<number> {
  const hours = settings.transferReminderHours;
  if (hours <= 0) return 0;
  const ahead = sql`make_interval(hours => ${hours})`;
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        eq(orders.channel, 'web'),
        eq(orders.paymentMethod, 'transfer'),
        sql`${orders.amountPaid} < ${orders.total}`,
        gt(orders.expiresAt, now),
        sql`${orders.expiresAt} <= ${now.toISOString()}::timestamptz + ${ahead}`,
        sql`${orders.createdAt} < ${orders.expiresAt} - ${ahead}`,
        sql`not exists (select 1 from messages m where m.dedupe_key = 'transfer-reminder:' || ${orders.id}::text)`,
      ),
    )
    .orderBy(orders.expiresAt);
  if (rows.length === 0) return 0;
  for (const order of await deps.withLines(rows)) await deps.queueTransferReminder(db, order);
  return rows.length;
}

/** A checkout's restore link stops working 7 days after its last reminder (or after it was recorded). */
export const restoreExpiry = (row: Pick<typeof abandonedCheckouts.$inferSelect, 'createdAt' | 'lastReminderAt'>) =>
  new Date((row.lastReminderAt ?? row.createdAt).getTime() + RECOVERY_WINDOW_MS);

export async function findByToken(db: Db, token: string) {
  const [row] = await db.select().from(abandonedCheckouts).where(eq(abandonedCheckouts.token, token));
  return row;
}

/** The latest checkouts and the figures over all of them, with each one's order number when paid. */
export async function recoveryFigures(db: Db, limit: number) {
  const [totals] = await db
    .select({
      checkouts: sql<number>`count(*)::int`,
      value: sql<number>`coalesce(sum(${abandonedCheckouts.value}), 0)`.mapWith(Number),
      remindersSent: sql<number>`coalesce(sum(${abandonedCheckouts.remindersSent}), 0)::int`,
      recoveredOrders: sql<number>`count(${abandonedCheckouts.recoveredRevenue})::int`,
      recoveredRevenue: sql<number>`coalesce(sum(${abandonedCheckouts.recoveredRevenue}), 0)`.mapWith(Number),
    })
    .from(abandonedCheckouts);
  const items = await db
    .select({ checkout: abandonedCheckouts, orderNumber: orders.number })
    .from(abandonedCheckouts)
    .leftJoin(orders, eq(orders.id, abandonedCheckouts.paidOrderId))
    .orderBy(desc(abandonedCheckouts.createdAt), desc(abandonedCheckouts.id))
    .limit(limit);
  return { totals: totals!, items };
}
