/**
 * What a thing looks like in the database, for an audit entry's before and after: its row
 * (field names as the schema's, money in kobo) with the rows that belong to it (an order's
 * lines, payments and refunds; a product's variants; a zone's states and methods). Read in
 * the transaction of the change, never through the API (a cached answer would be read from
 * outside it, and computed from what the change has not committed yet). Columns that are
 * secrets, copies kept for search, or bookkeeping for the tills' sync (xact) are left out.
 *
 * An order is read with its row locked (FOR UPDATE): every writer of an order locks that row
 * first, so the lock taken earlier changes no order of locks, and nobody else's change can
 * land between this read and the change. Other things are read without a lock: a product's
 * writers lock its brand before it, and a lock here would reverse that order; what another
 * transaction commits in the few milliseconds between this read and the change would show in
 * the entry's difference (decision 22).
 */
import { asc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgTable, PgColumn } from 'drizzle-orm/pg-core';
import { isUuid } from '@shop/shared';
import type { Tx } from '../db/client.ts';
import {
  banners,
  brands,
  categories,
  coupons,
  customers,
  deliveryMethods,
  deliveryZoneStates,
  deliveryZones,
  messages,
  orderLines,
  orderPayments,
  orderRefunds,
  orders,
  posDrawerMovements,
  posDrawers,
  posts,
  productVariants,
  products,
  roles,
  staffInvitations,
  staffPins,
  subs,
  subsubs,
  tills,
  users,
} from '../db/schema/index.ts';

export type Snapshot = Record<string, unknown>;
/** The thing as it is now in the transaction, or null when there is none (not yet, or no more). */
export type Loader = (tx: Tx, id: string) => Promise<Snapshot | null>;

const omit = (row: Record<string, unknown> | undefined, keys: readonly string[]): Snapshot | null =>
  row ? Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key))) : null;

async function rowOf(
  tx: Tx,
  table: AnyPgTable,
  idColumn: PgColumn,
  id: string,
  lock = false,
): Promise<Record<string, unknown> | undefined> {
  const query = tx.select().from(table).where(eq(idColumn, id));
  const [row] = await (lock ? query.for('update') : query);
  return row as Record<string, unknown> | undefined;
}

async function childRows(tx: Tx, table: AnyPgTable, where: SQL, order: PgColumn[], hidden: readonly string[] = []) {
  const found = (await tx
    .select()
    .from(table)
    .where(where)
    .orderBy(...order.map((c) => asc(c)))) as Record<string, unknown>[];
  return found.map((row) => omit(row, hidden)!);
}

const simple =
  (table: AnyPgTable & { id: PgColumn }, hidden: readonly string[] = []): Loader =>
  async (tx, id) =>
    omit(await rowOf(tx, table, table.id, id), hidden);

const order: Loader = async (tx, id) => {
  const row = await rowOf(tx, orders, orders.id, id, true);
  if (!row) return null;
  return {
    ...row,
    lines: await childRows(tx, orderLines, eq(orderLines.orderId, id), [orderLines.id]),
    payments: await childRows(tx, orderPayments, eq(orderPayments.orderId, id), [orderPayments.createdAt, orderPayments.id]),
    refunds: await childRows(tx, orderRefunds, eq(orderRefunds.orderId, id), [orderRefunds.createdAt, orderRefunds.id]),
  };
};

const product: Loader = async (tx, id) => {
  const row = omit(await rowOf(tx, products, products.id, id), ['searchText', 'searchVector', 'xact']);
  if (!row) return null;
  const variants = await childRows(
    tx,
    productVariants,
    eq(productVariants.productId, id),
    [productVariants.position, productVariants.id],
    ['stockVersion', 'xact'],
  );
  return { ...row, variants };
};

/**
 * A category, sub, subsub or brand: the original clients rename a sub through the category
 * route (the taxonomy routes' `alsoUpdate`), so the id is looked for in each table.
 */
const taxonomy: Loader = async (tx, id) => {
  for (const [kind, table] of [
    ['category', categories],
    ['sub', subs],
    ['subsub', subsubs],
    ['brand', brands],
  ] as const) {
    const row = await rowOf(tx, table, table.id, id);
    if (row) return { kind, ...row };
  }
  return null;
};

const zone: Loader = async (tx, id) => {
  const row = await rowOf(tx, deliveryZones, deliveryZones.id, id);
  if (!row) return null;
  const states = await childRows(tx, deliveryZoneStates, eq(deliveryZoneStates.zoneId, id), [deliveryZoneStates.state]);
  return {
    ...row,
    states: states.map((s) => s.state),
    methods: await childRows(tx, deliveryMethods, eq(deliveryMethods.zoneId, id), [deliveryMethods.position, deliveryMethods.id]),
  };
};

/** A member: their account (no password, no token version) and whether and when their PIN was set. */
const staff: Loader = async (tx, id) => {
  const row = omit(await rowOf(tx, users, users.id, id), ['passwordHash', 'tokenVersion']);
  if (!row) return null;
  const pin = await rowOf(tx, staffPins, staffPins.userId, id);
  // Not `pin`: a key the trail never keeps (admin/audit.ts, SECRET_KEYS).
  const tillPin = pin ? { setAt: pin.updatedAt, failedAttempts: pin.failedAttempts, lockedUntil: pin.lockedUntil } : null;
  return { ...row, tillPin };
};

/** A till's cash drawer with its pay-ins and pay-outs. */
const drawer: Loader = async (tx, id) => {
  const row = await rowOf(tx, posDrawers, posDrawers.id, id);
  if (!row) return null;
  const movements = await childRows(tx, posDrawerMovements, eq(posDrawerMovements.drawerId, id), [
    posDrawerMovements.createdAt,
    posDrawerMovements.id,
  ]);
  return { ...row, movements };
};

/** The loaders by entity (the `entity` of audit-actions.ts). Ids that are not uuids name nothing. */
const LOADERS: Record<string, Loader> = {
  orders: order,
  products: product,
  categories: taxonomy,
  subs: taxonomy,
  subsubs: taxonomy,
  brands: taxonomy,
  banners: simple(banners),
  posts: simple(posts),
  coupons: simple(coupons),
  customers: simple(customers, ['xact']),
  delivery_zones: zone,
  // The props hold the message's facts, links sealed; what changes is its state.
  messages: simple(messages, ['props']),
  roles: simple(roles),
  staff,
  invitations: simple(staffInvitations, ['tokenHash']),
  pos_drawers: drawer,
  tills: simple(tills, ['deviceTokenHash']),
};

/** As JSON keeps it (a time as its ISO text), so that two states compare, and store, as they read. */
const asJson = (value: Snapshot | null): Snapshot | null => (value === null ? null : JSON.parse(JSON.stringify(value)));

/** Reads the entity's state in `tx`; null when nothing can be read for it. */
export async function snapshot(tx: Tx, entity: string, id: string | null): Promise<Snapshot | null> {
  const load = LOADERS[entity];
  if (!load || id === null || !isUuid(id)) return null;
  return asJson(await load(tx, id));
}

/** Whether the entity has a way to be read (otherwise the answer to the change is its after). */
export const hasSnapshot = (entity: string) => entity in LOADERS;
