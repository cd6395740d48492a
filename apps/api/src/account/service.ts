/**
 * A shopper's address book: the one writer of `addresses`. Each change runs in a
 * transaction holding the shopper's row, so two tabs saving at once cannot leave two
 * defaults or more than the maximum; the first address is the default.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { type AddressView, type addressInput, DELIVERY_COUNTRY, isUuid, MAX_ADDRESSES } from '@shop/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { type AddressRow, addresses, users } from '../db/schema/index.ts';
import { conflict, notFound } from '../lib/http-error.ts';

export type AddressSpec = z.output<typeof addressInput>;

const view = (a: AddressRow): AddressView => ({
  id: a.id,
  label: a.label,
  name: a.name,
  phone: a.phone,
  address: a.address,
  city: a.city,
  state: a.state,
  country: DELIVERY_COUNTRY,
  isDefault: a.isDefault,
});

/** The default first, then oldest first. */
export async function listAddresses(db: Db | Tx, userId: string): Promise<AddressView[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
  return rows.map(view);
}

const lockShopper = (tx: Tx, userId: string) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');

async function clearDefault(tx: Tx, userId: string, except?: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), except ? ne(addresses.id, except) : undefined));
}

/** Makes the oldest address the default when none is. */
async function ensureDefault(tx: Tx, userId: string) {
  await tx.execute(sql`
    update ${addresses} set is_default = true
    where id = (select id from ${addresses} where user_id = ${userId} order by created_at, id limit 1)
      and not exists (select 1 from ${addresses} where user_id = ${userId} and is_default)`);
}

export async function addAddress(db: Db, userId: string, spec: AddressSpec): Promise<AddressView> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (n >= MAX_ADDRESSES) throw conflict(`You can keep up to ${MAX_ADDRESSES} addresses; remove one first`);
    if (spec.isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ ...spec, userId, isDefault: spec.isDefault || n === 0 })
      .returning();
    return view(row!);
  });
}

export async function updateAddress(db: Db, userId: string, id: string, spec: AddressSpec): Promise<AddressView> {
  if (!isUuid(id)) throw notFound('Address not found');
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    if (spec.isDefault) await clearDefault(tx, userId, id);
    const [row] = await tx
      .update(addresses)
      .set(spec)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!row) throw notFound('Address not found');
    await ensureDefault(tx, userId);
    const [now] = await tx.select().from(addresses).where(eq(addresses.id, id));
    return view(now!);
  });
}

export async function removeAddress(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Address not found');
  await db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ id: addresses.id });
    if (!gone) throw notFound('Address not found');
    await ensureDefault(tx, userId);
  });
}
