/**
 * The demo shop's delivery, promo codes and bank account, as the home page's banner promises them:
 * "Free delivery in Lagos on orders over ₦50,000". Written once (when the shop has no
 * delivery zone and no coupon yet), through the same services the back office uses.
 */
import { couponInput, DELIVERY_STATES, type DeliveryState, deliveryZoneInput } from '@shop/shared';
import { createCoupon } from '../coupons/index.ts';
import { createZone } from '../delivery/index.ts';
import { updateSettings } from '../content/index.ts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { coupons, deliveryZones } from '../db/schema/index.ts';
import { SEED_LOCK } from './catalogue.ts';

const SOUTH_WEST: DeliveryState[] = ['Ogun', 'Oyo', 'Osun', 'Ondo', 'Ekiti'];
const LAGOS: DeliveryState[] = ['Lagos Mainland', 'Lagos Island'];

const PICKUP = {
  name: 'Pickup at our Yaba shop',
  kind: 'pickup',
  pickupAddress: '24 Herbert Macaulay Way, Yaba, Lagos',
  pickupHours: 'Mon–Sat, 10am–6pm',
  etaDays: 1,
  cost: 0,
} as const;

export const DEMO_ZONES = [
  {
    name: 'Lagos Mainland',
    states: ['Lagos Mainland'],
    methods: [
      { name: 'Standard delivery', kind: 'free_over', fee: 2500, cost: 2000, freeOver: 50000, etaDays: 2, payOnDelivery: true },
      PICKUP,
    ],
  },
  {
    name: 'Lagos Island',
    states: ['Lagos Island'],
    methods: [
      { name: 'Standard delivery', kind: 'free_over', fee: 3000, cost: 2500, freeOver: 50000, etaDays: 2, payOnDelivery: true },
      PICKUP,
    ],
  },
  { name: 'South-West', states: SOUTH_WEST, methods: [{ name: 'Courier', kind: 'flat', fee: 4500, cost: 3500, etaDays: 3 }] },
  {
    name: 'Other states',
    states: DELIVERY_STATES.filter((s) => !SOUTH_WEST.includes(s) && !LAGOS.includes(s)),
    methods: [{ name: 'Courier', kind: 'flat', fee: 6000, cost: 5000, etaDays: 5 }],
  },
];

/**
 * Where the demo shop takes bank transfers (a made-up account), what its invoices print, and
 * what its ways of being paid cost it (issue 30): a transfer's bank charge, the rider's cut of
 * cash collected on delivery, the card terminal's rate; cash in the shop is free.
 */
export const DEMO_SHOP_SETTINGS = {
  address: '24 Herbert Macaulay Way, Yaba, Lagos',
  vatIncluded: true,
  bankName: 'Zenith Bank',
  bankAccountName: 'Adire Stores Ltd',
  bankAccountNumber: '1012345678',
  paymentFees: {
    transfer: { percent: 0, fixed: 50 },
    cash: { percent: 0, fixed: 0 },
    pod: { percent: 1, fixed: 0 },
    card: { percent: 0.5, fixed: 0 },
    terminal: { percent: 0.5, fixed: 0 },
  },
} as const;

export const DEMO_COUPONS = [
  { code: 'WELCOME10', type: 'percent', value: 10 },
  { code: 'LAGOSFREE', type: 'free_delivery', minSubtotal: 20000 },
  { code: 'ANKARA5000', type: 'fixed', value: 5000, minSubtotal: 40000, usageLimit: 50, perCustomerLimit: 1 },
];

export async function isCheckoutSeeded(db: Db | Tx): Promise<boolean> {
  const [zone] = await db.select({ id: deliveryZones.id }).from(deliveryZones).limit(1);
  const [coupon] = await db.select({ id: coupons.id }).from(coupons).limit(1);
  return zone !== undefined || coupon !== undefined;
}

export async function seedCheckout(db: Db, log: (line: string) => void): Promise<void> {
  const seeded = await db.transaction(async (tx) => {
    // Several API processes may start at once: one writes, the others wait for it and skip.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await isCheckoutSeeded(tx)) return false;
    for (const [position, zone] of DEMO_ZONES.entries()) {
      await createZone(tx, deliveryZoneInput.parse({ ...zone, position }));
    }
    for (const coupon of DEMO_COUPONS) await createCoupon(tx, couponInput.parse(coupon));
    await updateSettings(tx, DEMO_SHOP_SETTINGS);
    return true;
  });
  if (!seeded) return;
  log(`demo delivery: ${DEMO_ZONES.length} zones; coupons ${DEMO_COUPONS.map((c) => c.code).join(', ')}`);
}
