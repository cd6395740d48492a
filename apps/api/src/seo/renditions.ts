/**
 * The one-off job that gives every image stored before a rendition existed its missing ones:
 * the sharing JPEG (issue 31), the 480 px WebP (decision 0006), made from its largest WebP: the
 * images of products, categories, brands and posts. Idempotent (an image with them all is left
 * alone), so it runs at every start in the background (server.ts) and by hand as
 * `npm run images:renditions`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { brands, categories, posts, products } from '../db/schema/index.ts';
import type { ImageService } from '../media/index.ts';

/** Every image id the shop's rows name. */
async function storedImageIds(db: Db): Promise<string[]> {
  const lists = await Promise.all([
    db.selectDistinct({ id: sql<string>`unnest(${products.images})` }).from(products),
    db.select({ id: categories.image }).from(categories),
    db.select({ id: brands.image }).from(brands),
    db.select({ id: posts.image }).from(posts),
  ]);
  return [...new Set(lists.flat().flatMap((row) => (row.id ? [row.id] : [])))];
}

/** Makes the missing renditions, a few images at a time; how many images it completed and how many it looked at. */
export async function makeMissingRenditions(db: Db, images: ImageService): Promise<{ made: number; images: number }> {
  const ids = await storedImageIds(db);
  let made = 0;
  let next = 0;
  // Two at a time: sharp uses the other cores' threads already, and requests go on meanwhile.
  const worker = async () => {
    while (next < ids.length) {
      if (await images.ensureRenditions(ids[next++]!)) made++;
    }
  };
  await Promise.all([worker(), worker()]);
  return { made, images: ids.length };
}
