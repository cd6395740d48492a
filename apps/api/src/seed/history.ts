/**
 * A demo shop with a past: about 250 orders over the last 90 days, so the overview, the
 * purchases, coupons and customers screens show what they are for on a first look. The
 * orders go through the same services as real ones (checkout pricing with delivery and
 * coupons, the point of sale, card settlement, recorded transfers and cash, refunds), so
 * stock, coupon uses and invoice numbers agree with them (and so do their costs: the variants'
 * cost prices on the lines, each payment's fee, each delivery's cost); only their dates are moved into
 * the past afterwards. Deterministic (a seeded generator), written once, and only into a shop
 * that has no orders yet.
 */
import { DEFAULT_POD_CONFIRM_HOURS, DELIVERY_COUNTRY } from '@shop/shared';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { HttpError } from '../lib/http-error.ts';
import { createImageService } from '../media/index.ts';
import { localDiskStorage } from '../media/index.ts';
import { createOrderService, type OrderService, type OrderWithLines, paystackLocalFee } from '../orders/index.ts';
import { sellAtPos } from '../pos/index.ts';
import { findUserByEmail, insertAccountsWithoutPassword } from '../users/index.ts';
import type { Db } from '../db/client.ts';
import {
  appMeta,
  couponRedemptions,
  orderPayments,
  orderRefunds,
  orders,
  products,
  productVariants,
  type UserRow,
} from '../db/schema/index.ts';
import { DEMO_SHOPPER } from './demo-accounts.ts';
import { createRandom, type Random } from './random.ts';

const HISTORY_KEY = 'demo_history_seeded_at';
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Orders planned; a few fall through (a size sold out meanwhile) and are skipped. */
const PLANNED_ORDERS = 250;
const DAYS = 90;

const FIRST_NAMES = [
  'Adaeze',
  'Bukola',
  'Chinedu',
  'Damilola',
  'Efosa',
  'Funmilayo',
  'Gbenga',
  'Halima',
  'Ifeoma',
  'Jide',
  'Kemi',
  'Lanre',
  'Musa',
  'Nneka',
  'Obinna',
  'Precious',
  'Rukayat',
  'Segun',
  'Temitope',
  'Uche',
  'Yetunde',
  'Zainab',
  'Emeka',
  'Aisha',
];
const LAST_NAMES = [
  'Okonkwo',
  'Adebayo',
  'Eze',
  'Balogun',
  'Ibrahim',
  'Nwosu',
  'Ogunleye',
  'Bello',
  'Okoro',
  'Adeyemi',
  'Danjuma',
  'Olawale',
];
/** Where the past customers live: Lagos most, then the South-West, Abuja and the rest. */
const STATES = ['Lagos', 'Lagos', 'Lagos', 'Lagos Island', 'Lagos', 'Oyo', 'Ogun', 'FCT', 'Rivers', 'Enugu', 'Kano', 'Edo'];
const CODES = ['WELCOME10', 'LAGOSFREE', 'ANKARA5000'];

export async function isHistorySeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, HISTORY_KEY));
  return row !== undefined;
}

interface Sellable {
  productId: string;
  variantId: string;
}

/** What is on sale now, one entry per variant with stock (products not paused). */
async function sellable(db: Db): Promise<Sellable[]> {
  return db
    .select({ productId: productVariants.productId, variantId: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(isNull(productVariants.archivedAt), sql`${productVariants.counter} > 0`, eq(products.paused, false)))
    .orderBy(productVariants.id);
}

/** The past customers (accounts that cannot sign in), and the demo shopper. */
async function customers(db: Db, random: Random): Promise<UserRow[]> {
  const people = FIRST_NAMES.map((firstName, i) => {
    const lastName = LAST_NAMES[i % LAST_NAMES.length]!;
    const state = STATES[i % STATES.length]!;
    return {
      firstName,
      lastName,
      email: `${firstName}.${lastName}@customers.demo.shop`.toLowerCase(),
      phone: `+234 80${random.int(1, 9)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
      address: `${random.int(1, 80)} ${random.pick(['Allen Avenue', 'Bode Thomas Street', 'Ring Road', 'Aminu Kano Crescent', 'Ogui Road', 'Sapele Road'])}`,
      city: state.startsWith('Lagos') ? 'Lagos' : state === 'FCT' ? 'Abuja' : state,
      state,
      country: DELIVERY_COUNTRY,
    };
  });
  return insertAccountsWithoutPassword(db, people);
}

/** When each order was placed: more of them lately, between 8am and 9pm in Lagos (UTC+1). */
function placedAt(random: Random, now: number): number[] {
  const today = Math.floor((now + HOUR_MS) / DAY_MS) * DAY_MS - HOUR_MS;
  const times: number[] = [];
  for (let i = 0; i < PLANNED_ORDERS; i++) {
    // The last dozen in the last day and a half: some still wait for a transfer or a rider.
    const daysAgo = i < PLANNED_ORDERS - 12 ? Math.floor(DAYS * random.next() ** 1.3) : Math.floor(random.next() * 1.5);
    const at = today - daysAgo * DAY_MS + (8 + random.next() * 13) * HOUR_MS;
    times.push(Math.min(at, now - 20 * 60 * 1000));
  }
  return times.sort((a, b) => a - b);
}

function pickLines(random: Random, stock: Sellable[]) {
  const count = random.pick([1, 1, 1, 2, 2, 3]);
  const chosen = new Map<string, Sellable>();
  for (let i = 0; i < count && stock.length > 0; i++) {
    const s = random.pick(stock);
    chosen.set(s.productId, s);
  }
  return [...chosen.values()].map((s) => ({ ...s, quantity: random.chance(0.8) ? 1 : 2 }));
}

/** Moves an order and what happened to it into the past: placed at `at`, paid and refunded after. */
async function backdate(db: Db, order: OrderWithLines, at: number): Promise<void> {
  const placed = new Date(at);
  const later = (hours: number) => new Date(at + hours * HOUR_MS);
  // The moments are kept apart as they were: paid within the hour, refunds days later.
  await db
    .update(orders)
    .set({
      createdAt: placed,
      updatedAt: later(order.status === 'delivered' ? 72 : 1),
      paidAt: order.paidAt ? later(0.2) : null,
      expiresAt: order.expiresAt ? new Date(at + (order.expiresAt.getTime() - order.createdAt.getTime())) : null,
      shopConfirmedAt: order.shopConfirmedAt ? later(2) : null,
    })
    .where(eq(orders.id, order.id));
  await db
    .update(orderPayments)
    .set({ createdAt: later(0.2) })
    .where(eq(orderPayments.orderId, order.id));
  await db
    .update(orderRefunds)
    .set({
      createdAt: later(96),
      processedAt: sql`case when ${orderRefunds.processedAt} is null then null else ${later(97).toISOString()}::timestamptz end`,
    })
    .where(eq(orderRefunds.orderId, order.id));
  await db.update(couponRedemptions).set({ createdAt: placed }).where(eq(couponRedemptions.orderId, order.id));
}

/** What became of a web order placed `age` days ago: paid, sent, delivered, refunded, or let go. */
async function playOut(
  service: OrderService,
  order: OrderWithLines,
  age: number,
  random: Random,
  { happy = false } = {},
): Promise<OrderWithLines> {
  const id = order.id;
  const send = async (delivered: boolean) => {
    await service.transition(id, 'fulfilled');
    if (delivered) await service.transition(id, 'delivered');
  };
  const method = order.paymentMethod;
  if (method === 'pod') {
    // The last two days' wait for the shop's call (they expire unconfirmed after a day).
    if (age < 2) return order;
    await service.confirm(id);
    if (random.chance(0.1)) {
      await send(false);
      return (await service.refusedAtDelivery(id)).after;
    }
    await send(true);
    await service.recordPayment(id, { method: 'pod', amount: order.total });
  } else if (method === 'transfer') {
    if (age < 2 && random.chance(0.7)) return order;
    if (random.chance(0.15)) return (await service.transition(id, 'cancelled', 'Payment was not completed in time')).after;
    await service.recordPayment(id, {
      method: 'transfer',
      amount: order.total,
      reference: `TRF${random.int(100000, 999999)}`,
    });
    if (age >= 2) await send(age >= 6);
  } else {
    const roll = happy ? 1 : random.next();
    if (roll < 0.06) {
      return (
        await service.settle(order.paymentReference!, {
          status: 'failed',
          amount: 0,
          currency: 'NGN',
          reason: 'Declined by the card issuer',
          raw: null,
        })
      ).order;
    }
    if (roll < 0.1) return (await service.transition(id, 'cancelled', 'Payment was not completed in time')).after;
    await service.settle(
      order.paymentReference!,
      // The sandbox's fee, as its verify answers it: Paystack's local rate.
      { status: 'success', amount: order.total, currency: 'NGN', fee: paystackLocalFee(order.total), raw: null },
      'sandbox',
    );
    if (age >= 2) await send(age >= 6);
  }
  // A few come back: all of it, or one line, with the goods back on sale.
  if (!happy && age >= 8 && random.chance(0.08)) {
    const [line] = order.lines;
    const whole = random.chance(0.5) || !line;
    await service.refund(id, {
      reason: whole ? 'Returned: did not fit' : 'One item arrived damaged',
      restock: true,
      ...(whole ? {} : { lines: [{ lineId: line.id, quantity: 1 }] }),
      method: method === 'paystack' ? 'sandbox' : 'manual',
    });
  }
  return (await service.get(id))!;
}

export async function seedSalesHistory(
  db: Db,
  { log, uploadsDir, now = Date.now() }: { log: (line: string) => void; uploadsDir: string; now?: number },
): Promise<void> {
  // One process writes it; a shop that already sells has its own history.
  const [claimed] = await db
    .insert(appMeta)
    .values({ key: HISTORY_KEY, value: { startedAt: new Date(now).toISOString() } })
    .onConflictDoNothing()
    .returning();
  if (!claimed) return;
  const [existing] = await db.select({ n: count() }).from(orders);
  if ((existing?.n ?? 0) > 0) return;

  const random = createRandom('history-v1');
  const images = createImageService(localDiskStorage(uploadsDir));
  const imageUrl = (id: string) => images.url(id);
  const people = await customers(db, random);
  const demoShopper = await findUserByEmail(db, DEMO_SHOPPER.email);
  let stock = await sellable(db);
  const started = Date.now();
  let made = 0;

  const times = placedAt(random, now);
  for (const [i, at] of times.entries()) {
    if (stock.length === 0) break;
    // Each order draws from its own generator: what befalls one (an age past a threshold
    // between two runs) never changes the others.
    const dice = createRandom(`history-v1-${i}`);
    const age = (now - at) / DAY_MS;
    const lines = pickLines(dice, stock);
    // The last dozen (the last day and a half) are web orders of each way to pay, some still waiting.
    const recent = i >= times.length - 12;
    try {
      // Each order in one transaction: one commit instead of one per statement (about ten),
      // and an order that falls through leaves nothing behind.
      await db.transaction(async (tx) => {
        const service = createOrderService(tx, imageUrl);
        let order: OrderWithLines;
        if (!recent && dice.chance(0.25)) {
          // The counter: a walk-in, or a customer the shop keeps on record.
          const known = dice.chance(0.4) ? dice.pick(people) : undefined;
          ({ order } = await sellAtPos(tx, service, {
            lines,
            paymentMethod: dice.pick(['cash', 'cash', 'transfer', 'card'] as const),
            ...(known && { customer: { firstName: known.firstName, lastName: known.lastName, email: known.email } }),
          }));
        } else {
          // The demo shopper has a few past orders, all of them delivered.
          const buyer = demoShopper && i % 40 === 5 ? demoShopper : dice.pick(people);
          const own = buyer === demoShopper;
          const paymentMethod = own
            ? 'paystack'
            : recent
              ? (['transfer', 'pod', 'paystack'] as const)[i % 3]!
              : dice.pick(['paystack', 'paystack', 'transfer', 'pod'] as const);
          const couponCode = dice.chance(0.2) ? dice.pick(CODES) : undefined;
          const contact = {
            email: buyer.email,
            name: `${buyer.firstName} ${buyer.lastName}`,
            phone: buyer.phone,
            address: buyer.address,
            city: buyer.city,
            state: buyer.state,
            country: DELIVERY_COUNTRY,
          };
          const place = (code: string | undefined, method: typeof paymentMethod) =>
            service.create({
              channel: 'web',
              userId: buyer.id,
              contact,
              lines,
              status: method === 'pod' ? 'confirmed' : 'pending',
              paymentProvider: method === 'paystack' ? 'sandbox' : method,
              paymentMethod: method,
              pendingMs:
                method === 'transfer' ? 48 * HOUR_MS : method === 'pod' ? DEFAULT_POD_CONFIRM_HOURS * HOUR_MS : undefined,
              checkout: { couponCode: code, payOnDelivery: method === 'pod' },
            });
          // A code refused (below its minimum, used up) or no pay on delivery there: as the shopper would, try without.
          order = await place(couponCode, paymentMethod).catch((error) => {
            if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
            return place(undefined, paymentMethod === 'pod' ? 'paystack' : paymentMethod);
          });
          order = await playOut(service, order, own ? 30 : age, dice, { happy: own });
        }
        await backdate(tx, order, at);
      });
      made++;
    } catch (error) {
      // A size sold out by earlier orders: that order did not happen.
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      stock = await sellable(db);
    }
  }
  await db
    .update(appMeta)
    .set({ value: { orders: made, at: new Date(now).toISOString() } })
    .where(eq(appMeta.key, HISTORY_KEY));
  log(`demo sales history: ${made} orders over ${DAYS} days (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
