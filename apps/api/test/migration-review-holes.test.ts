/**
 * Migration 0018 (the holes a review found) on a shop with orders: a database migrated up to
 * 0017, filled with a cancelled order, a pay-on-delivery order and a paid one, then migrated
 * to the end. Cancelled orders' lines count their units as back on sale (a later refund puts
 * nothing back twice), pay-on-delivery orders made before it count as confirmed by the shop,
 * and a variant's stock version moves with its stock from then on.
 * Runs on PGlite (`npm test`) and on PostgreSQL (`npm run test:pg`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { emptyDatabase, migrateBefore } from './migration-support.ts';

type Row = Record<string, unknown>;

const PRODUCT = '50000000-0000-4000-8000-000000000181';
const VARIANT = '60000000-0000-4000-8000-000000000181';
const order = (n: number) => `80000000-0000-4000-8000-00000000018${n}`;

describe('migration 0018: the past brought in line with the new rules', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase());
    await migrateBefore(database, '0018_review_holes');
    await database.db.execute(sql`insert into products (id, title, price) values (${PRODUCT}, 'Kente Stole', 1000000)`);
    await database.db.execute(
      sql`insert into product_variants (id, product_id, sku, counter) values (${VARIANT}, ${PRODUCT}, 'M18-1', 5)`,
    );
    await database.db.execute(sql`
      insert into orders (id, email, channel, status, subtotal, total, payment_method, created_at) values
        (${order(1)}, 'a@example.com', 'web', 'cancelled', 2000000, 2000000, 'paystack', now() - interval '3 days'),
        (${order(2)}, 'b@example.com', 'web', 'confirmed', 1000000, 1000000, 'pod', now() - interval '2 days'),
        (${order(3)}, 'c@example.com', 'web', 'paid', 1000000, 1000000, 'paystack', now() - interval '1 day')`);
    await database.db.execute(sql`
      insert into order_lines (order_id, product_id, variant_id, title, unit_price, quantity) values
        (${order(1)}, ${PRODUCT}, ${VARIANT}, 'Kente Stole', 1000000, 2),
        (${order(2)}, ${PRODUCT}, ${VARIANT}, 'Kente Stole', 1000000, 1),
        (${order(3)}, ${PRODUCT}, ${VARIANT}, 'Kente Stole', 1000000, 1)`);
    await database.migrate();
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("counts a cancelled order's units as back on sale, and only its", async () => {
    expect(
      await rows(sql`select right(order_id::text, 1) as n, quantity, restocked_quantity from order_lines order by order_id`),
    ).toEqual([
      { n: '1', quantity: 2, restocked_quantity: 2 },
      { n: '2', quantity: 1, restocked_quantity: 0 },
      { n: '3', quantity: 1, restocked_quantity: 0 },
    ]);
  });

  it('counts pay-on-delivery orders made before it as confirmed by the shop, so none expires', async () => {
    const [pod] = await rows(sql`select shop_confirmed_at, created_at, expires_at from orders where id = ${order(2)}`);
    expect(pod!.shop_confirmed_at).toEqual(pod!.created_at);
    expect(pod!.expires_at).toBeNull();
    expect((await rows(sql`select shop_confirmed_at from orders where id = ${order(3)}`))[0]!.shop_confirmed_at).toBeNull();
  });

  it("moves a variant's stock version with its stock, and only with it", async () => {
    const version = async () =>
      (await rows(sql`select stock_version from product_variants where id = ${VARIANT}`))[0]!.stock_version;
    expect(await version()).toBe(1);
    await database.db.execute(sql`update product_variants set counter = counter - 1 where id = ${VARIANT}`);
    expect(await version()).toBe(2);
    await database.db.execute(sql`update product_variants set color = 'gold' where id = ${VARIANT}`);
    expect(await version()).toBe(2);
    await database.db.execute(sql`update product_variants set counter = counter where id = ${VARIANT}`);
    expect(await version()).toBe(2);
  });
});
