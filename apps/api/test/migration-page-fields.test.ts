/**
 * Migration 0017 (page fields) on a shop with products: a database migrated up to 0016,
 * filled with a category, sub, subsub and products with variants, then migrated to the end.
 * Every existing product gets its category's, sub's and subsub's names and its only variant;
 * the triggers keep them from then on.
 * Runs on PGlite (`npm test`) and on PostgreSQL (`npm run test:pg`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { emptyDatabase, migrateBefore } from './migration-support.ts';

type Row = Record<string, unknown>;

const product = (n: number) => `50000000-0000-4000-8000-00000000017${n}`;
const variant = (n: number) => `60000000-0000-4000-8000-00000000017${n}`;
const CATEGORY = '70000000-0000-4000-8000-000000000171';
const SUB = '70000000-0000-4000-8000-000000000172';
const SUBSUB = '70000000-0000-4000-8000-000000000173';

describe('migration 0017: each product carries the names and the only variant a page shows', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const fields = async () =>
    rows(sql`select right(id::text, 1) as n, category_name, sub_name, subsub_name, only_variant_id from products order by id`);

  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase());
    await migrateBefore(database, '0017_page_fields');
    await database.db.execute(sql`insert into categories (id, name, slug) values (${CATEGORY}, 'Women', 'women')`);
    await database.db.execute(sql`insert into subs (id, name, category_id) values (${SUB}, 'Dresses', ${CATEGORY})`);
    await database.db.execute(sql`insert into subsubs (id, name, sub_id) values (${SUBSUB}, 'Maxi', ${SUB})`);
    await database.db.execute(sql`
      insert into products (id, title, price, category_id, sub_id, subsub_id) values
        (${product(1)}, 'Ankara Maxi', 2500000, ${CATEGORY}, ${SUB}, ${SUBSUB}),
        (${product(2)}, 'Adire Shirt', 1500000, ${CATEGORY}, null, null),
        (${product(3)}, 'Coral Beads', 1000000, null, null, null)`);
    // Two variants on sale; one on sale beside an archived one; none.
    await database.db.execute(sql`
      insert into product_variants (id, product_id, sku, size, counter, position, archived_at) values
        (${variant(1)}, ${product(1)}, 'M17-1S', 'small', 1, 0, null),
        (${variant(2)}, ${product(1)}, 'M17-1M', 'medium', 2, 1, null),
        (${variant(3)}, ${product(2)}, 'M17-2S', 'small', 0, 0, now()),
        (${variant(4)}, ${product(2)}, 'M17-2M', 'medium', 4, 1, null)`);
    await database.migrate();
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('gives every existing product its names and its only variant', async () => {
    expect(await fields()).toEqual([
      { n: '1', category_name: 'Women', sub_name: 'Dresses', subsub_name: 'Maxi', only_variant_id: null },
      { n: '2', category_name: 'Women', sub_name: null, subsub_name: null, only_variant_id: variant(4) },
      { n: '3', category_name: null, sub_name: null, subsub_name: null, only_variant_id: null },
    ]);
  });

  it('keeps them from then on: a rename, a product written with other ids, a variant archived', async () => {
    await database.db.execute(sql`update categories set name = 'Ladies' where id = ${CATEGORY}`);
    await database.db.execute(sql`update products set sub_id = ${SUB}, category_id = null where id = ${product(3)}`);
    await database.db.execute(sql`update product_variants set archived_at = now() where id = ${variant(2)}`);
    expect(await fields()).toEqual([
      { n: '1', category_name: 'Ladies', sub_name: 'Dresses', subsub_name: 'Maxi', only_variant_id: variant(1) },
      { n: '2', category_name: 'Ladies', sub_name: null, subsub_name: null, only_variant_id: variant(4) },
      { n: '3', category_name: null, sub_name: 'Dresses', subsub_name: null, only_variant_id: null },
    ]);
  });
});
