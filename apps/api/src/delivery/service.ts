/**
 * Delivery zones and their methods: the one writer of `delivery_zones`,
 * `delivery_zone_states` and `delivery_methods`, and the price of delivering an order to a
 * state. A state belongs to one zone at most (the states table's primary key), so two
 * admins adding the same state to two zones at once cannot both succeed.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  DELIVERY_STATES,
  type DeliveryKind,
  type DeliveryMethodView,
  type DeliveryZoneView,
  type deliveryZoneInput,
  isUuid,
  koboToNaira,
  nairaToKobo,
} from '@shop/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import {
  type DeliveryMethodRow,
  type DeliveryZoneRow,
  deliveryMethods,
  deliveryZoneStates,
  deliveryZones,
} from '../db/schema/index.ts';
import { conflict, notFound } from '../lib/http-error.ts';

type Q = Db | Tx;
export type ZoneSpec = z.output<typeof deliveryZoneInput>;

/** `withCost`: the back office's view, with what the method costs the shop (never the storefront's). */
function methodView(m: DeliveryMethodRow, withCost: boolean): DeliveryMethodView {
  return {
    id: m.id,
    name: m.name,
    kind: m.kind,
    fee: koboToNaira(m.fee),
    ...(withCost && { cost: koboToNaira(m.cost) }),
    freeOver: m.freeOver === null ? null : koboToNaira(m.freeOver),
    pickupAddress: m.pickupAddress,
    pickupHours: m.pickupHours,
    etaDays: m.etaDays,
    payOnDelivery: m.payOnDelivery,
    enabled: m.enabled,
    position: m.position,
  };
}

const byPosition = <T extends { position: number; name: string }>(a: T, b: T) =>
  a.position - b.position || a.name.localeCompare(b.name);

/** Zones in their order with their states (in the list's order) and methods; enabled ones only unless `all`. */
export async function listZones(db: Q, { all = false } = {}): Promise<DeliveryZoneView[]> {
  // One after the other: `db` may be a transaction's client, which runs one query at a time.
  const zones = await db.select().from(deliveryZones);
  const states = await db.select().from(deliveryZoneStates);
  const methods = await db.select().from(deliveryMethods);
  const order = new Map<string, number>(DELIVERY_STATES.map((s, i) => [s, i]));
  return zones
    .filter((z) => all || z.enabled)
    .sort(byPosition)
    .map((zone) => ({
      id: zone.id,
      name: zone.name,
      enabled: zone.enabled,
      position: zone.position,
      states: states
        .filter((s) => s.zoneId === zone.id)
        .map((s) => s.state)
        .sort((a, b) => (order.get(a) ?? 99) - (order.get(b) ?? 99)),
      methods: methods
        .filter((m) => m.zoneId === zone.id && (all || m.enabled))
        .sort(byPosition)
        .map((m) => methodView(m, all)),
    }));
}

/** Writes the zone's states and methods (replacing what it had); the caller holds a transaction. */
async function writeContents(tx: Tx, zone: DeliveryZoneRow, spec: ZoneSpec) {
  const [taken] = await tx
    .select({ state: deliveryZoneStates.state, zone: deliveryZones.name })
    .from(deliveryZoneStates)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneStates.zoneId))
    .where(and(inArray(deliveryZoneStates.state, spec.states), ne(deliveryZoneStates.zoneId, zone.id)))
    .limit(1);
  if (taken) throw conflict(`${taken.state} is already in the zone “${taken.zone}”`);
  await tx.delete(deliveryZoneStates).where(eq(deliveryZoneStates.zoneId, zone.id));
  try {
    await tx.insert(deliveryZoneStates).values(spec.states.map((state) => ({ state, zoneId: zone.id })));
  } catch (error) {
    // Another admin put one of these states in another zone meanwhile.
    if (isUniqueViolation(error)) throw conflict('One of these states is already in another zone');
    throw error;
  }

  const keep = spec.methods.filter((m) => m.id).map((m) => m.id!);
  const existing = await tx.select({ id: deliveryMethods.id }).from(deliveryMethods).where(eq(deliveryMethods.zoneId, zone.id));
  const existingIds = new Set(existing.map((m) => m.id));
  const gone = existing.filter((m) => !keep.includes(m.id)).map((m) => m.id);
  if (gone.length > 0) await tx.delete(deliveryMethods).where(inArray(deliveryMethods.id, gone));
  for (const [position, m] of spec.methods.entries()) {
    const values = {
      zoneId: zone.id,
      name: m.name,
      kind: m.kind,
      fee: m.kind === 'pickup' ? 0 : nairaToKobo(m.fee),
      ...(m.cost !== undefined && { cost: nairaToKobo(m.cost) }),
      freeOver: m.kind === 'free_over' && m.freeOver != null ? nairaToKobo(m.freeOver) : null,
      pickupAddress: m.kind === 'pickup' ? m.pickupAddress : '',
      pickupHours: m.kind === 'pickup' ? m.pickupHours : '',
      etaDays: m.etaDays,
      payOnDelivery: m.payOnDelivery,
      enabled: m.enabled,
      position,
    };
    if (m.id && existingIds.has(m.id)) {
      await tx.update(deliveryMethods).set(values).where(eq(deliveryMethods.id, m.id));
    } else if (m.id) {
      throw notFound('Unknown delivery method');
    } else {
      await tx.insert(deliveryMethods).values(values);
    }
  }
}

async function zoneView(db: Q, id: string): Promise<DeliveryZoneView> {
  const zone = (await listZones(db, { all: true })).find((z) => z.id === id);
  if (!zone) throw notFound('Delivery zone not found');
  return zone;
}

export async function createZone(db: Q, spec: ZoneSpec): Promise<DeliveryZoneView> {
  const id = await db.transaction(async (tx) => {
    const [zone] = await tx
      .insert(deliveryZones)
      .values({ name: spec.name, enabled: spec.enabled, position: spec.position })
      .returning();
    await writeContents(tx, zone!, spec);
    return zone!.id;
  });
  return zoneView(db, id);
}

export async function updateZone(db: Db, id: string, spec: ZoneSpec): Promise<DeliveryZoneView> {
  if (!isUuid(id)) throw notFound('Delivery zone not found');
  await db.transaction(async (tx) => {
    const [zone] = await tx
      .update(deliveryZones)
      .set({ name: spec.name, enabled: spec.enabled, position: spec.position, updatedAt: sql`now()` })
      .where(eq(deliveryZones.id, id))
      .returning();
    if (!zone) throw notFound('Delivery zone not found');
    await writeContents(tx, zone, spec);
  });
  return zoneView(db, id);
}

export async function deleteZone(db: Db, id: string): Promise<void> {
  const [gone] = isUuid(id) ? await db.delete(deliveryZones).where(eq(deliveryZones.id, id)).returning() : [];
  if (!gone) throw notFound('Delivery zone not found');
}

/** A delivery method as priced for one order. */
export interface PricedMethod {
  id: string;
  name: string;
  kind: DeliveryKind;
  /** Kobo, for this order. */
  fee: number;
  /** Kobo: what the shop pays for it (copied onto the order as delivery_cost); never shown to shoppers. */
  cost: number;
  freeOver: number | null;
  etaDays: number;
  pickupAddress: string;
  pickupHours: string;
  payOnDelivery: boolean;
}

/** What a method costs for goods worth `goodsKobo` (after discounts). */
export function methodFee(m: Pick<DeliveryMethodRow, 'kind' | 'fee' | 'freeOver'>, goodsKobo: number): number {
  if (m.kind === 'pickup') return 0;
  if (m.kind === 'free_over' && m.freeOver !== null && goodsKobo >= m.freeOver) return 0;
  return m.fee;
}

/** The enabled methods of the enabled zone holding `state`, priced for the goods, in the zone's order. */
export async function methodsForState(db: Q, state: string, goodsKobo: number): Promise<PricedMethod[]> {
  const rows = await db
    .select({ method: deliveryMethods })
    .from(deliveryZoneStates)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneStates.zoneId))
    .innerJoin(deliveryMethods, eq(deliveryMethods.zoneId, deliveryZones.id))
    .where(sql`${deliveryZoneStates.state} = ${state} and ${deliveryZones.enabled} and ${deliveryMethods.enabled}`)
    .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.name));
  return rows.map(({ method: m }) => ({
    id: m.id,
    name: m.name,
    kind: m.kind,
    fee: methodFee(m, goodsKobo),
    cost: m.cost,
    freeOver: m.freeOver,
    etaDays: m.etaDays,
    pickupAddress: m.pickupAddress,
    pickupHours: m.pickupHours,
    payOnDelivery: m.payOnDelivery,
  }));
}

/** Whether the shop has set up delivery at all (an enabled zone). Until it has, orders carry no delivery charge. */
export async function deliveryConfigured(db: Q): Promise<boolean> {
  const [zone] = await db.select({ id: deliveryZones.id }).from(deliveryZones).where(eq(deliveryZones.enabled, true)).limit(1);
  return zone !== undefined;
}
