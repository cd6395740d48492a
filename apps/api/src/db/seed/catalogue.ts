/**
 * The demo catalogue: taxonomy, brands, 200 products, banners and blog posts, with their
 * pictures. Safe to run again and from several processes at once: the picture pool is
 * content-addressed, names are inserted with ON CONFLICT DO NOTHING, and the products,
 * banners and posts are written once, in one transaction holding an advisory lock, and
 * recorded in app_meta.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { slugify } from '@shop/shared';
import { createImageService, IMAGE_WIDTHS } from '../../media/images.ts';
import { localDiskStorage } from '../../media/storage.ts';
import type { Db, Tx } from '../client.ts';
import { appMeta, banners, brands, categories, posts, products, subs, subsubs } from '../schema/index.ts';
import { type ArtKind, type ArtSpec, renderAll } from './art.ts';
import { ART_POOL, BANNERS, BRANDS, CATEGORIES, POSTS, SUBS, SUBSUBS } from './catalogue-data.ts';
import { generateProduct, type ImagePool, type Named, type NewProduct, type Taxonomy } from './generate.ts';
import { createRandom } from './random.ts';

const CATALOGUE_KEY = 'demo_catalogue_seeded_at';
const POOL_KEY = 'demo_image_pool';
/** Bump when the art or the pool changes, so the pool is rendered again. */
const POOL_VERSION = 1;
/** pg_advisory_xact_lock key: "demo" in ASCII. */
const SEED_LOCK = 0x64656d6f;
const DAY_MS = 24 * 60 * 60 * 1000;

type Log = (line: string) => void;

export interface Pictures {
  pool: ImagePool;
  /** One landscape picture per blog post, in the order of POSTS. */
  posts: string[];
}

export async function isCatalogueSeeded(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, CATALOGUE_KEY));
  return row !== undefined;
}

function poolSpecs(): { category: string; kind: ArtKind; spec: ArtSpec }[] {
  return CATEGORIES.flatMap((c) =>
    Object.entries(ART_POOL[c.name] ?? {}).flatMap(([kind, count]) =>
      Array.from({ length: count ?? 0 }, (_, variant) => ({
        category: c.name,
        kind: kind as ArtKind,
        spec: { theme: c.theme, kind: kind as ArtKind, seed: `v${variant + 1}`, variant },
      })),
    ),
  );
}

/**
 * The picture pool, rendered once and remembered in app_meta. Rendered again (same art,
 * so the same ids) when the files are missing, e.g. a new DATA_DIR on a shared database.
 */
export async function ensurePictures(db: Db, uploadsDir: string, log: Log): Promise<Pictures> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, POOL_KEY));
  const saved = row?.value as (Pictures & { version?: number }) | undefined;
  if (saved?.version === POOL_VERSION) {
    const ids = [...Object.values(saved.pool).flatMap((kinds) => Object.values(kinds).flat()), ...saved.posts];
    if (ids.every((id) => IMAGE_WIDTHS.every((w) => existsSync(path.join(uploadsDir, `${id}-${w}.webp`))))) return saved;
  }
  const started = performance.now();
  const images = createImageService(localDiskStorage(uploadsDir));
  const entries = poolSpecs();
  const postSpecs: ArtSpec[] = POSTS.map((p, i) => ({ theme: p.theme, kind: p.art, seed: `post${i}`, layout: 'landscape' }));
  const ids = await renderAll([...entries.map((e) => e.spec), ...postSpecs], images, 2);
  const pool: ImagePool = {};
  entries.forEach((e, i) => {
    const kinds = pool[e.category] ?? {};
    kinds[e.kind] = [...(kinds[e.kind] ?? []), ids[i] as string];
    pool[e.category] = kinds;
  });
  const pictures: Pictures = { pool, posts: ids.slice(entries.length) };
  const value = { version: POOL_VERSION, ...pictures };
  await db
    .insert(appMeta)
    .values({ key: POOL_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
  log(`${ids.length} demo pictures rendered in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return pictures;
}

const lowerIn = (column: AnyPgColumn, names: string[]) =>
  inArray(
    sql`lower(${column})`,
    names.map((n) => n.toLowerCase()),
  );

/** Rows keyed by the names of catalogue-data.ts, matched case-insensitively, so an existing name is reused. */
function byName(rows: Named[], names: string[]): Map<string, Named> {
  const found = new Map(rows.map((r) => [r.name.toLowerCase(), r]));
  const out = new Map<string, Named>();
  for (const name of names) {
    const row = found.get(name.toLowerCase());
    if (row) out.set(name, row);
  }
  return out;
}

/** Categories, sub-categories, sub-sub-categories and brands; existing names are kept as they are. */
export async function upsertTaxonomy(tx: Db | Tx, pool?: ImagePool): Promise<Taxonomy> {
  await tx
    .insert(categories)
    .values(CATEGORIES.map((c) => ({ name: c.name, slug: c.slug, image: pool?.[c.name]?.[c.cover]?.[0] ?? null })))
    .onConflictDoNothing();
  const catNames = CATEGORIES.map((c) => c.name);
  const cats = byName(
    await tx.select({ id: categories.id, name: categories.name }).from(categories).where(lowerIn(categories.name, catNames)),
    catNames,
  );
  await tx
    .insert(subs)
    .values(SUBS.map((s) => ({ name: s.name, categoryId: cats.get(s.category)?.id ?? null })))
    .onConflictDoNothing();
  const subNames = SUBS.map((s) => s.name);
  const subRows = byName(
    await tx.select({ id: subs.id, name: subs.name }).from(subs).where(lowerIn(subs.name, subNames)),
    subNames,
  );
  await tx
    .insert(subsubs)
    .values(SUBSUBS.map((s) => ({ name: s.name, subId: subRows.get(s.sub)?.id ?? null })))
    .onConflictDoNothing();
  await tx
    .insert(brands)
    .values(BRANDS.map((b) => ({ name: b.name, slug: slugify(b.name) })))
    .onConflictDoNothing();
  const subsubNames = SUBSUBS.map((s) => s.name);
  const brandNames = BRANDS.map((b) => b.name);
  return {
    categories: cats,
    subs: subRows,
    subsubs: byName(
      await tx.select({ id: subsubs.id, name: subsubs.name }).from(subsubs).where(lowerIn(subsubs.name, subsubNames)),
      subsubNames,
    ),
    brands: byName(
      await tx.select({ id: brands.id, name: brands.name }).from(brands).where(lowerIn(brands.name, brandNames)),
      brandNames,
    ),
  };
}

/** The 200 demo products: exactly a quarter on sale, a few out of stock, spread over 90 days. */
export function demoProducts(taxonomy: Taxonomy, pool: ImagePool, now: number): NewProduct[] {
  const rng = createRandom('adire-demo-catalogue');
  const total = SUBS.reduce((sum, s) => sum + s.count, 0);
  const order = rng.shuffle(Array.from({ length: total }, (_, i) => i));
  const onSale = new Set(order.slice(0, Math.round(total / 4)));
  const outOfStock = new Set(order.slice(Math.round(total / 4), Math.round(total / 4) + Math.max(1, Math.round(total / 25))));
  const rows: NewProduct[] = [];
  const titles = new Set<string>();
  for (const sub of SUBS) {
    for (let k = 0; k < sub.count; k++) {
      const index = rows.length;
      const options = {
        rng,
        sub,
        taxonomy,
        pool,
        onSale: onSale.has(index),
        outOfStock: outOfStock.has(index),
        now,
        spreadDays: 90,
      };
      let row = generateProduct(options);
      // Demo titles are distinct; after a few tries, the colour makes one so.
      for (let attempt = 0; titles.has(row.title) && attempt < 20; attempt++) row = generateProduct(options);
      if (titles.has(row.title)) row = generateProduct({ ...options, colourInTitle: true });
      titles.add(row.title);
      rows.push(row);
    }
  }
  return rows;
}

export interface SeedCatalogueResult {
  seeded: boolean;
  reason?: string;
}

/** Writes the demo catalogue unless it was already written (or the shop already has products). */
export async function seedCatalogue(db: Db, pictures: Pictures, log: Log, now = Date.now()): Promise<SeedCatalogueResult> {
  return db.transaction(async (tx) => {
    // Several API processes may start at once on one PostgreSQL: one seeds, the others wait and skip.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await isCatalogueSeeded(tx)) return { seeded: false, reason: 'already seeded' };
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
    if ((existing?.count ?? 0) > 0) {
      await tx
        .insert(appMeta)
        .values({ key: CATALOGUE_KEY, value: { skipped: 'the shop already had products', at: new Date(now).toISOString() } })
        .onConflictDoNothing();
      log('the shop already has products: demo catalogue skipped');
      return { seeded: false, reason: 'products exist' };
    }
    const taxonomy = await upsertTaxonomy(tx, pictures.pool);
    const rows = demoProducts(taxonomy, pictures.pool, now);
    await tx.insert(products).values(rows);
    await tx.insert(banners).values(BANNERS.map((title, position) => ({ title, position, active: true })));
    await tx.insert(posts).values(
      POSTS.map((p, i) => {
        const createdAt = new Date(now - p.daysAgo * DAY_MS);
        return {
          title: p.title,
          heading: p.heading,
          text: p.text,
          image: pictures.posts[i] ?? null,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    await tx
      .insert(appMeta)
      .values({ key: CATALOGUE_KEY, value: new Date(now).toISOString() })
      .onConflictDoNothing();
    log(
      `demo catalogue: ${taxonomy.categories.size} categories, ${taxonomy.brands.size} brands, ${rows.length} products, ${BANNERS.length} banners, ${POSTS.length} posts`,
    );
    return { seeded: true };
  });
}
