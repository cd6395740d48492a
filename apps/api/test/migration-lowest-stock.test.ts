/**
 * Migration 0010 (lowest_stock) on a shop with products: a database migrated up to 0009,
 * filled with products and variants, then migrated to the end. Every existing product gets
 * the fewest units of its variants on sale that have any (null when none has stock), and
 * the variants' triggers keep it from then on.
 * Runs on PGlite (`npm test`) and on PostgreSQL (`npm run test:pg`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { emptyDatabase, migrateBefore } from './migration-support.ts';

type Row = Record<string, unknown>;

const product = (n: number) => `50000000-0000-4000-8000-00000000000${n}`;

describe('migration 0010: each product carries its lowest stock', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const lowest = async () => rows(sql`select right(id::text, 1) as n, counter, lowest_stock from products order by id`);

  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase());
    await migrateBefore(database, '0010_lowest_stock');
    await database.db.execute(sql`
      insert into products (id, title, price, paused) values
        (${product(1)}, 'Ankara Dress', 2500000, false),
        (${product(2)}, 'Adire Shirt', 1500000, false),
        (${product(3)}, 'Sold-out Gele', 1000000, false),
        (${product(4)}, 'Paused Wrapper', 800000, true),
        (${product(5)}, 'Beaded Bag', 1200000, false)`);
    // Sizes at 0, 2 and 40; at 0 and 40; all sold out; a paused one with 1 left; an archived
    // variant with 1 (no longer on sale) beside one with 7.
    await database.db.execute(sql`
      insert into product_variants (product_id, sku, size, counter, position, archived_at) values
        (${product(1)}, 'M10-1S', 'small', 0, 0, null),
        (${product(1)}, 'M10-1M', 'medium', 2, 1, null),
        (${product(1)}, 'M10-1L', 'large', 40, 2, null),
        (${product(2)}, 'M10-2S', 'small', 0, 0, null),
        (${product(2)}, 'M10-2M', 'medium', 40, 1, null),
        (${product(3)}, 'M10-3', '', 0, 0, null),
        (${product(4)}, 'M10-4', '', 1, 0, null),
        (${product(5)}, 'M10-5A', 'small', 1, 0, now()),
        (${product(5)}, 'M10-5B', 'medium', 7, 1, null)`);
    await database.migrate();
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('gives every existing product the fewest units of its variants on sale that have any', async () => {
    expect(await lowest()).toEqual([
      { n: '1', counter: 42, lowest_stock: 2 },
      { n: '2', counter: 40, lowest_stock: 40 },
      { n: '3', counter: 0, lowest_stock: null },
      // Stock only: whether a paused product is "low" is the filter's to say (not paused and ≤ threshold).
      { n: '4', counter: 1, lowest_stock: 1 },
      { n: '5', counter: 7, lowest_stock: 7 },
    ]);
  });

  it('keeps it by trigger after the migration, as stock moves', async () => {
    await database.db.execute(sql`update product_variants set counter = 3 where sku = 'M10-2S'`);
    await database.db.execute(sql`update product_variants set counter = 0 where sku = 'M10-1M'`);
    await database.db.execute(sql`update product_variants set counter = 0 where sku = 'M10-5B'`);
    expect(await lowest()).toEqual([
      { n: '1', counter: 40, lowest_stock: 40 },
      { n: '2', counter: 43, lowest_stock: 3 },
      { n: '3', counter: 0, lowest_stock: null },
      { n: '4', counter: 1, lowest_stock: 1 },
      { n: '5', counter: 0, lowest_stock: null },
    ]);
  });
});
