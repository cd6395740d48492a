/**
 * Bulk products for benchmarks (`npm run seed -- --products 100000`): generated from the
 * same word lists and pictures as the demo catalogue, with their variants, inserted in
 * multi-row INSERTs of `batchSize` rows, one transaction per batch.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/index.ts';
import { ensurePictures, upsertTaxonomy } from './catalogue.ts';
import { SUBS } from './catalogue-data.ts';
import { draftVariants, generateProduct, type PictureIds, type ProductDraft, withPictureIds } from './generate.ts';
import { createRandom } from './random.ts';

export interface BulkOptions {
  count: number;
  /** Where pictures are drawn (DATA_DIR/uploads), for colours the demo catalogue does not show. */
  uploadsDir: string;
  log?: (line: string) => void;
  /** Rows per INSERT; 2,000 rows × 17 columns stays well under PostgreSQL's 65,535 parameters. */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export async function seedBulkProducts(
  db: Db,
  { count, uploadsDir, log = () => {}, batchSize = 2_000, onProgress = () => {} }: BulkOptions,
): Promise<void> {
  let pictures: PictureIds = await ensurePictures(db, uploadsDir, log, []);
  const taxonomy = await upsertTaxonomy(db, pictures);
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  // A different stream per run, so running it twice does not insert the same rows again.
  const existingCount = existing?.count ?? 0;
  const rng = createRandom(`bulk:${existingCount}`);
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
    const drafts: ProductDraft[] = new Array(size);
    for (let i = 0; i < size; i++) {
      drafts[i] = generateProduct({
        rng,
        sub: pickSub(),
        taxonomy,
        colourInTitle: rng.chance(0.5),
        onSale: rng.chance(0.25),
        outOfStock: rng.chance(0.04),
        now,
        spreadDays: 365,
      });
    }
    generated += size;
    // Pictures are drawn once per kind and colour; after the first batches, none is missing.
    pictures = await ensurePictures(
      db,
      uploadsDir,
      log,
      drafts.flatMap((d) => d.pictures),
    );
    const ids = pictures;
    const first = existingCount + generated - size + 1;
    await writing;
    writing = db.transaction(async (tx) => {
      const inserted = await tx
        .insert(products)
        .values(drafts.map((draft) => withPictureIds(draft, ids)))
        .returning({ id: products.id });
      // Bulk SKUs are numbered after the products already in the shop, so a second run adds new ones.
      const variants = drafts.flatMap((draft, i) =>
        draftVariants(draft, ids, 'BK', first + i).map((v) => ({ ...v, productId: inserted[i]!.id })),
      );
      for (let start = 0; start < variants.length; start += batchSize) {
        await tx.insert(productVariants).values(variants.slice(start, start + batchSize));
      }
      done += size;
      onProgress(done, count);
    });
  }
  await writing;
  // Fresh statistics, so the planner picks the right indexes straight away.
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze product_variants`);
}
