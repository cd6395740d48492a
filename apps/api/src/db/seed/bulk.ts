/**
 * Bulk products for benchmarks (`npm run seed -- --products 100000`): generated from the
 * same word lists and picture pool as the demo catalogue, inserted in multi-row INSERTs
 * of `batchSize` rows, one transaction per batch.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { products } from '../schema/index.ts';
import type { Pictures } from './catalogue.ts';
import { upsertTaxonomy } from './catalogue.ts';
import { SUBS } from './catalogue-data.ts';
import { generateProduct, type NewProduct } from './generate.ts';
import { createRandom } from './random.ts';

export interface BulkOptions {
  count: number;
  /** Rows per INSERT; 2,000 rows × 17 columns stays well under PostgreSQL's 65,535 parameters. */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export async function seedBulkProducts(
  db: Db,
  pictures: Pictures,
  { count, batchSize = 2_000, onProgress = () => {} }: BulkOptions,
): Promise<void> {
  const taxonomy = await upsertTaxonomy(db, pictures.pool);
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  // A different stream per run, so running it twice does not insert the same rows again.
  const rng = createRandom(`bulk:${existing?.count ?? 0}`);
  const weights = SUBS.map((s) => s.count);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickSub = () => {
    let r = rng.next() * totalWeight;
    for (const sub of SUBS) {
      r -= sub.count;
      if (r < 0) return sub;
    }
    return SUBS[SUBS.length - 1] as (typeof SUBS)[number];
  };
  const now = Date.now();
  onProgress(0, count);
  // One batch is written while the next is generated.
  let writing: Promise<void> = Promise.resolve();
  let done = 0;
  for (let generated = 0; generated < count; ) {
    const size = Math.min(batchSize, count - generated);
    const rows: NewProduct[] = new Array(size);
    for (let i = 0; i < size; i++) {
      rows[i] = generateProduct({
        rng,
        sub: pickSub(),
        taxonomy,
        pool: pictures.pool,
        colourInTitle: rng.chance(0.5),
        onSale: rng.chance(0.25),
        outOfStock: rng.chance(0.04),
        now,
        spreadDays: 365,
      });
    }
    generated += size;
    await writing;
    writing = db
      .insert(products)
      .values(rows)
      .then(() => {
        done += size;
        onProgress(done, count);
      });
  }
  await writing;
  // Fresh statistics, so the planner picks the right indexes straight away.
  await db.execute(sql`analyze products`);
}
