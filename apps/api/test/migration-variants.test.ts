/**
 * Migration 0006 (variants) on a copy of a shop that has products and orders: a database
 * migrated up to 0005, filled the way the shop filled it then, then migrated to the end.
 * Runs on PGlite (`npm test`) and on PostgreSQL (`npm run test:pg`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { emptyDatabase, migrateBefore } from './migration-support.ts';

type Row = Record<string, unknown>;

describe('migration 0006: every product becomes variants', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase());
    await migrateBefore(database, '0006_variants');

    // The shop as it was: sizes as a list, one colour, one stock counter, availability set by hand.
    await database.db.execute(sql`
      insert into products (id, title, price, color, sizes, counter, availability) values
        ('10000000-0000-4000-8000-000000000001', 'Indigo Wrap Dress', 2500000, 'Indigo', '{small,medium,large}', 7, 'In Stock'),
        ('10000000-0000-4000-8000-000000000002', 'Raffia Bag', 1200000, '', '{}', 3, 'In Stock'),
        ('10000000-0000-4000-8000-000000000003', 'Gold Hoops', 900000, 'Gold', '{"one size"}', 0, 'Out of Stock'),
        ('10000000-0000-4000-8000-000000000004', 'Paused Kaftan', 4000000, 'Wine', '{medium,large}', 5, 'Out of Stock'),
        ('10000000-0000-4000-8000-000000000005', 'Sold Out Skirt', 1500000, 'Teal', '{small}', 0, 'In Stock')`);
    await database.db.execute(sql`
      insert into users (id, first_name, last_name, email, password_hash) values
        ('20000000-0000-4000-8000-000000000001', 'Ada', 'Obi', 'ada@example.com', 'x')`);
    await database.db.execute(sql`
      insert into orders (id, user_id, email, channel, status, subtotal, discount, total) values
        ('30000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', 'ada@example.com', 'web', 'paid', 5000000, 0, 5000000),
        ('30000000-0000-4000-8000-000000000002', '20000000-0000-4000-8000-000000000001', 'ada@example.com', 'web', 'pending', 1200000, 0, 1200000)`);
    await database.db.execute(sql`
      insert into order_lines (order_id, product_id, title, color, size, unit_price, quantity) values
        ('30000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 'Indigo Wrap Dress', 'Indigo', 'medium', 2500000, 2),
        ('30000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000002', 'Raffia Bag', '', '', 1200000, 1),
        ('30000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000004', 'Paused Kaftan', 'Wine', 'extra-large', 4000000, 1)`);

    await database.migrate();
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('keeps every unit of stock: the whole counter goes to the first size, the others start at 0', async () => {
    const variants = await rows(sql`
      select p.title, v.size, v.color, v.counter, v.sku
      from product_variants v join products p on p.id = v.product_id
      order by p.id, v.position`);
    expect(variants.map((v) => [v.title, v.size, v.color, v.counter])).toEqual([
      ['Indigo Wrap Dress', 'small', 'Indigo', 7],
      ['Indigo Wrap Dress', 'medium', 'Indigo', 0],
      ['Indigo Wrap Dress', 'large', 'Indigo', 0],
      ['Raffia Bag', '', '', 3],
      ['Gold Hoops', 'one size', 'Gold', 0],
      ['Paused Kaftan', 'medium', 'Wine', 5],
      ['Paused Kaftan', 'large', 'Wine', 0],
      ['Sold Out Skirt', 'small', 'Teal', 0],
    ]);
    // SKUs are the shop's own, unique, with size and colour codes.
    expect(variants.map((v) => v.sku)).toEqual([
      'AD-000001-S-INDIGO',
      'AD-000001-M-INDIGO',
      'AD-000001-L-INDIGO',
      'AD-000002',
      'AD-000003-OS-GOLD',
      'AD-000004-M-WINE',
      'AD-000004-L-WINE',
      'AD-000005-S-TEAL',
    ]);
  });

  it('keeps what every client reads of a product: stock, sizes, colour, and a pause set by hand', async () => {
    const products = await rows(sql`select title, counter, sizes, color, colors, paused, availability from products order by id`);
    expect(products.map((p) => [p.title, p.counter, p.sizes, p.color, p.paused, p.availability])).toEqual([
      ['Indigo Wrap Dress', 7, ['small', 'medium', 'large'], 'Indigo', false, 'In Stock'],
      ['Raffia Bag', 3, [], '', false, 'In Stock'],
      ['Gold Hoops', 0, ['one size'], 'Gold', false, 'Out of Stock'],
      // "Out of Stock" with 5 on the shelf was an admin's pause, and stays one.
      ['Paused Kaftan', 5, ['medium', 'large'], 'Wine', true, 'Out of Stock'],
      ['Sold Out Skirt', 0, ['small'], 'Teal', false, 'Out of Stock'],
    ]);
  });

  it('points each past order line at the variant it sold (same size and colour, else the first)', async () => {
    const lines = await rows(sql`
      select l.title, l.size, v.size as variant_size, v.sku, l.sku as line_sku
      from order_lines l left join product_variants v on v.id = l.variant_id
      order by l.title`);
    expect(lines.map((l) => [l.title, l.size, l.variant_size, l.line_sku === l.sku])).toEqual([
      ['Indigo Wrap Dress', 'medium', 'medium', true],
      // No extra-large kaftan was ever listed: the line points at the product's first variant.
      ['Paused Kaftan', 'extra-large', 'medium', true],
      ['Raffia Bag', '', '', true],
    ]);
  });

  it('numbers the SKUs the shop makes up next after the migrated ones', async () => {
    const [next] = await rows(sql`select nextval('product_sku_seq')::int as n`);
    expect(next?.n).toBe(6);
  });
});
