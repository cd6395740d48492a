/**
 * Migration 0026 (a till sale's discount holds its till discount) on a shop that recorded till
 * sales before it: migrated up to 0025, filled, then migrated to the end. A till sale stored
 * with its till discount outside `discount` is brought in line (its total unchanged); a sale
 * already in line and a web order with a coupon are left alone. Runs on PGlite (`npm test`) and
 * on PostgreSQL (`npm run test:pg`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { emptyDatabase, migrateBefore } from './migration-support.ts';

const OLD_TILL_SALE = '50000000-0000-4000-8000-000000000261';
const IN_LINE_TILL_SALE = '50000000-0000-4000-8000-000000000262';
const WEB_ORDER = '50000000-0000-4000-8000-000000000263';

describe('migration 0026: the till discount counted in the order’s discount', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase());
    await migrateBefore(database, '0026_till_discount_in_discount');
    await database.db.execute(sql`
      insert into orders (id, number, email, channel, subtotal, discount, coupon_discount, till_discount, delivery_fee, total) values
        (${OLD_TILL_SALE}, 'T1-000001', 'till@example.com', 'pos', 2000000, 100000, 0, 500000, 0, 1400000),
        (${IN_LINE_TILL_SALE}, 'T1-000002', 'till@example.com', 'pos', 2000000, 600000, 0, 500000, 0, 1400000),
        (${WEB_ORDER}, 'NG-000001', 'shopper@example.com', 'web', 2000000, 300000, 200000, 0, 150000, 1850000)`);
    await database.migrate();
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('adds the till discount to an old till sale’s discount, so total = subtotal − discount + delivery fee for every order', async () => {
    const { rows } = (await database.db.execute(
      sql`select number, discount::int, till_discount::int, total::int, (subtotal - discount + delivery_fee)::int as computed
          from orders order by number`,
    )) as unknown as { rows: { number: string; discount: number; till_discount: number; total: number; computed: number }[] };
    expect(rows).toEqual([
      { number: 'NG-000001', discount: 300000, till_discount: 0, total: 1850000, computed: 1850000 },
      { number: 'T1-000001', discount: 600000, till_discount: 500000, total: 1400000, computed: 1400000 },
      { number: 'T1-000002', discount: 600000, till_discount: 500000, total: 1400000, computed: 1400000 },
    ]);
  });
});
