/** Announcement banners: the titles the storefront's top bar rotates through. */
import { asc, eq } from 'drizzle-orm';
import type { Banner, BannerCreateBody, BannerUpdateBody } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { banners } from '../db/schema/index.ts';
import { notFound } from '../lib/http-error.ts';
import { isUuid } from '@shop/shared';

type BannerRow = typeof banners.$inferSelect;

const BANNER_NOT_FOUND = 'Banner not found';
const order = [asc(banners.position), asc(banners.createdAt), asc(banners.id)];

function toBanner(row: BannerRow): Banner {
  return { id: row.id, title: row.title, active: row.active, position: row.position, createdAt: row.createdAt.toISOString() };
}

/** Banners in display order: by position, then oldest first. Only active ones unless `all`. */
export async function listBanners(db: Db, { all = false } = {}): Promise<Banner[]> {
  const rows = all
    ? await db
        .select()
        .from(banners)
        .orderBy(...order)
    : await db
        .select()
        .from(banners)
        .where(eq(banners.active, true))
        .orderBy(...order);
  return rows.map(toBanner);
}

export async function createBanner(db: Db, input: BannerCreateBody): Promise<Banner> {
  const [row] = await db.insert(banners).values(input).returning();
  if (!row) throw new Error('insert returned no row');
  return toBanner(row);
}

export async function updateBanner(db: Db, id: string, patch: BannerUpdateBody): Promise<Banner> {
  if (!isUuid(id)) throw notFound(BANNER_NOT_FOUND);
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const [row] =
    Object.keys(changes).length > 0
      ? await db.update(banners).set(changes).where(eq(banners.id, id)).returning()
      : await db.select().from(banners).where(eq(banners.id, id));
  if (!row) throw notFound(BANNER_NOT_FOUND);
  return toBanner(row);
}

export async function deleteBanner(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(BANNER_NOT_FOUND);
  const deleted = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  if (deleted.length === 0) throw notFound(BANNER_NOT_FOUND);
}
