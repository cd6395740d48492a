/**
 * The soak's shop, made the way a shop owner makes it: an admin signs in and creates the
 * categories, the products with their sizes and colours (some with a handful of units, so
 * shoppers race for the last ones), the delivery zones and two promo codes with limits, all
 * through the API. Only the admin account is written straight into the database (there is no
 * API to make the first admin).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { productVariants } from '../src/db/schema/index.ts';
import { DEMO_ZONES } from '../src/seed/checkout.ts';
import { upsertAdmin } from '../src/users/service.ts';
import type { Client, Target } from './client.ts';

export interface SeededVariant {
  id: string;
  size: string;
  color: string;
}

export interface SeededProduct {
  id: string;
  title: string;
  variants: SeededVariant[];
}

export interface SeededCoupon {
  code: string;
  usageLimit: number;
  perCustomerLimit: number;
}

export interface Shop {
  adminToken: string;
  products: SeededProduct[];
  coupons: SeededCoupon[];
  /** Every state a zone delivers to, with the zone's name. */
  states: string[];
  /** Each variant's stock before the load: what the stock invariant starts from. */
  initialStock: Map<string, number>;
}

const CATEGORIES = ['Dresses', 'Tops', 'Headwear', 'Accessories'] as const;

/** [title, category, price (naira), discount, sizes, colours]: 16 products, 1 to 12 variants each. */
const PRODUCTS: [string, (typeof CATEGORIES)[number], number, number, string[], string[]][] = [
  ['Ankara Maxi Dress', 'Dresses', 28_500, 0, ['small', 'medium', 'large'], ['Red', 'Indigo']],
  ['Adire Silk Wrap Dress', 'Dresses', 42_000, 4_000, ['small', 'medium', 'large', 'extra-large'], ['Indigo']],
  ['Kampala Shift Dress', 'Dresses', 19_900, 0, ['medium', 'large'], ['Green', 'Yellow', 'Blue']],
  ['Aso-Oke Wrapper Skirt', 'Dresses', 35_000, 0, ['one size'], ['Gold', 'Wine']],
  ['Lace Buba Blouse', 'Tops', 16_500, 1_500, ['small', 'medium', 'large'], ['White', 'Peach']],
  ['Kente Peplum Top', 'Tops', 14_000, 0, ['small', 'medium', 'large', 'extra-large'], ['Orange']],
  ['Tie-Dye Kaftan', 'Tops', 22_000, 0, ['one size'], ['Blue', 'Purple', 'Green']],
  ['Linen Agbada Shirt', 'Tops', 31_000, 0, ['medium', 'large', 'extra-large'], ['Cream', 'Black']],
  ['Aso-Oke Gele', 'Headwear', 12_000, 0, [], ['Gold', 'Silver', 'Coral']],
  ['Ankara Bucket Hat', 'Headwear', 6_500, 500, [], []],
  ['Beaded Fila Cap', 'Headwear', 9_000, 0, ['one size'], ['Navy']],
  ['Coral Bead Necklace', 'Accessories', 18_000, 0, [], ['Coral']],
  ['Brass Cuff Bangle', 'Accessories', 7_500, 0, [], []],
  ['Raffia Tote Bag', 'Accessories', 11_000, 1_000, [], ['Natural', 'Black']],
  ['Adire Silk Scarf', 'Accessories', 8_500, 0, [], ['Indigo', 'Rust']],
  ['Leather Sandals', 'Accessories', 24_000, 0, [], ['Tan', 'Black']],
];

/** Stock for the n-th variant: mostly a few dozen, every fifth one only 1 to 3 (the race for the last unit). */
const stockFor = (n: number) => (n % 5 === 0 ? 1 + (n % 3) : 12 + ((n * 7) % 30));

async function expect201(
  client: Client,
  target: Target,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const res = await client.call(target, 'POST', path, { body, token, route: `seed POST ${path}` });
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`seeding: POST ${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
  }
  return res.json;
}

export async function seedShop(db: Db, client: Client, target: Target): Promise<Shop> {
  const admin = { email: `soak-admin-${randomBytes(3).toString('hex')}@example.com`, password: 'soak admin password 1' };
  await upsertAdmin(db, admin);
  const login = await client.call(target, 'POST', '/api/auth/adminlogin', { body: admin, route: 'seed admin login' });
  const adminToken = login.json.accessToken as string | undefined;
  if (!adminToken) throw new Error(`seeding: admin login answered ${login.status}: ${JSON.stringify(login.json)}`);

  const categoryIds = new Map<string, string>();
  for (const name of CATEGORIES) {
    const created = await expect201(client, target, '/api/categories/create', { name }, adminToken);
    categoryIds.set(name, String(created.id));
  }

  let n = 0;
  const products: SeededProduct[] = [];
  for (const [index, [title, category, price, discount, sizes, colours]] of PRODUCTS.entries()) {
    const combos = (sizes.length ? sizes : ['']).flatMap((size) =>
      (colours.length ? colours : ['']).map((color) => ({ size, color })),
    );
    const variants = combos.map(({ size, color }, i) => ({
      sku: `SOAK-${index + 1}-${i + 1}`,
      size,
      color,
      counter: stockFor(n++),
    }));
    const created = await expect201(
      client,
      target,
      '/api/products/create',
      {
        title,
        price,
        discount,
        heading: `${category} made in Nigeria`,
        description: `${title}, hand-finished in Lagos.`,
        categoryId: categoryIds.get(category),
        variants,
      },
      adminToken,
    );
    const list = created.variants as { id: string; size: string; color: string }[];
    products.push({ id: String(created.id), title, variants: list.map(({ id, size, color }) => ({ id, size, color })) });
  }

  const states: string[] = [];
  for (const [position, zone] of DEMO_ZONES.entries()) {
    await expect201(client, target, '/api/delivery/zones', { ...zone, position }, adminToken);
    states.push(...zone.states);
  }

  // A percentage code that runs out (40 uses, one per shopper) and a free-delivery code.
  const coupons: SeededCoupon[] = [
    { code: 'SOAK20', usageLimit: 40, perCustomerLimit: 1 },
    { code: 'FREESHIP', usageLimit: 60, perCustomerLimit: 2 },
  ];
  await expect201(client, target, '/api/coupons', { ...coupons[0], type: 'percent', value: 20 }, adminToken);
  await expect201(client, target, '/api/coupons', { ...coupons[1], type: 'free_delivery', minSubtotal: 10_000 }, adminToken);

  const stock = await db.select({ id: productVariants.id, counter: productVariants.counter }).from(productVariants);
  return { adminToken, products, coupons, states, initialStock: new Map(stock.map((v) => [v.id, v.counter])) };
}
