/**
 * Image ids are content hashes, so the same picture uploaded twice (for two products, or
 * for a product and a category) is one stored file. A file is deleted only once nothing
 * refers to it any more.
 */
import { arrayOverlaps, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, categories, posts, products } from '../../db/schema/index.ts';
import type { ImageService } from '../../media/index.ts';

/** The ids among `ids` that a product, category, brand or post still uses. */
export async function imagesInUse(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sql<string>`unnest(${products.images})` })
    .from(products)
    .where(arrayOverlaps(products.images, ids))
    .union(
      db
        .select({ id: sql<string>`${categories.image}` })
        .from(categories)
        .where(inArray(categories.image, ids)),
    )
    .union(
      db
        .select({ id: sql<string>`${brands.image}` })
        .from(brands)
        .where(inArray(brands.image, ids)),
    )
    .union(
      db
        .select({ id: sql<string>`${posts.image}` })
        .from(posts)
        .where(inArray(posts.image, ids)),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Deletes the stored files of the images nothing uses any more. Called after the write
 * that dropped them has committed; a failure leaves an orphan file, which is harmless,
 * rather than failing a request whose write already happened.
 */
export async function removeUnusedImages(db: Db, images: ImageService, ids: Iterable<string | null | undefined>) {
  const candidates = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  if (candidates.length === 0) return;
  try {
    const used = await imagesInUse(db, candidates);
    await Promise.all(candidates.filter((id) => !used.has(id)).map((id) => images.remove(id)));
  } catch {
    // Best effort, see above.
  }
}
