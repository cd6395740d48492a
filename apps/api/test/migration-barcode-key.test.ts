/**
 * Migration 0024 (a UPC-A and its EAN-13 are one barcode) on a shop whose variants already
 * hold both spellings of one code: migrated up to 0023, filled, then migrated to the end. The
 * variant saved later gives its barcode up, so the index is made; other barcodes stay as
 * typed. Runs on PGlite (`npm test`) and on PostgreSQL (`npm run test:pg`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { emptyDatabase, migrateBefore } from './migration-support.ts';

const PRODUCT = '50000000-0000-4000-8000-000000000241';

describe('migration 0024: the two spellings of one barcode brought to one variant', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase());
    await migrateBefore(database, '0024_barcode_key');
    await database.db.execute(sql`insert into products (id, title, price) values (${PRODUCT}, 'Ankara Tote', 1000000)`);
    await database.db.execute(sql`
      insert into product_variants (product_id, sku, size, color, barcode, created_at) values
        (${PRODUCT}, 'M24-UPC-FIRST', '', 'red', '036000291452', now() - interval '3 days'),
        (${PRODUCT}, 'M24-EAN-LATER', '', 'blue', '0036000291452', now() - interval '2 days'),
        (${PRODUCT}, 'M24-EAN-FIRST', '', 'green', '0012345678905', now() - interval '3 days'),
        (${PRODUCT}, 'M24-UPC-LATER', '', 'black', '012345678905', now() - interval '1 day'),
        (${PRODUCT}, 'M24-OWN', '', 'white', 'Shelf-9', now())`);
    await database.migrate();
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('keeps the barcode on the variant saved first, as typed, and clears the later one', async () => {
    const { rows } = (await database.db.execute(
      sql`select sku, barcode from product_variants where product_id = ${PRODUCT} order by sku`,
    )) as unknown as { rows: { sku: string; barcode: string | null }[] };
    expect(rows).toEqual([
      { sku: 'M24-EAN-FIRST', barcode: '0012345678905' },
      { sku: 'M24-EAN-LATER', barcode: null },
      { sku: 'M24-OWN', barcode: 'Shelf-9' },
      { sku: 'M24-UPC-FIRST', barcode: '036000291452' },
      { sku: 'M24-UPC-LATER', barcode: null },
    ]);
  });

  it('refuses from then on the other spelling of a barcode a variant holds', async () => {
    await expect(
      database.db.execute(
        sql`insert into product_variants (product_id, sku, size, color, barcode) values (${PRODUCT}, 'M24-NEW', '', 'grey', '0036000291452')`,
      ),
    ).rejects.toThrow();
  });
});
