/**
 * The demo catalogue: taxonomy, brands, 200 products, banners and blog posts, with their
 * pictures (each product drawn in its own colour). Safe to run again and from several
 * processes at once: pictures are content-addressed, names are inserted with ON CONFLICT DO NOTHING, and the products,
 * banners and posts are written once, in one transaction holding an advisory lock, and
 * recorded in app_meta.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { slugify } from '@shop/shared';
import { createImageService, IMAGE_WIDTHS } from '../media/index.ts';
import { localDiskStorage } from '../media/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { appMeta, banners, brands, categories, posts, products, productVariants, subs, subsubs } from '../db/schema/index.ts';
import { type ArtSpec, renderAll } from './art.ts';
import { BANNERS, BRANDS, CATEGORIES, POSTS, SUBS, SUBSUBS } from './catalogue-data.ts';
import {
  draftVariants,
  generateProduct,
  type Named,
  type PictureIds,
  type ProductDraft,
  parsePictureKey,
  pictureKey,
  type Taxonomy,
  withPictureIds,
} from './generate.ts';
import { createRandom } from './random.ts';

const CATALOGUE_KEY = 'demo_catalogue_seeded_at';
/** Picture ids by key (generate.ts pictureKey). Bump the version when the art changes, so pictures are drawn again. */
const PICTURES_KEY = 'demo_pictures_v2';
/** pg_advisory_xact_lock key: "demo" in ASCII. */
export const SEED_LOCK = 0x64656d6f;
const DAY_MS = 24 * 60 * 60 * 1000;

type Log = (line: string) => void;

export async function isCatalogueSeeded(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, CATALOGUE_KEY));
  return row !== undefined;
}

const postKey = (index: number) => `post|${index}`;

function specFor(key: string): ArtSpec {
  if (key.startsWith('post|')) {
    const index = Number(key.slice(5));
    const post = POSTS[index];
    if (!post) throw new Error(`no post ${index}`);
    return { theme: post.theme, kind: post.art, seed: `post${index}`, layout: 'landscape' };
  }
  const { category, kind, colour } = parsePictureKey(key);
  const theme = CATEGORIES.find((c) => c.name === category)?.theme;
  if (!theme) throw new Error(`no category ${category} for picture ${key}`);
  return { theme, kind, colour, seed: 'v2' };
}

/** The category tiles' pictures: each category's cover kind in its first colour. */
const coverKey = (c: (typeof CATEGORIES)[number]) => pictureKey(c.name, c.cover, c.colours[0] ?? 'Natural');

/**
 * The ids of the pictures named by `keys`, drawing those not drawn yet (or whose files are
 * missing, e.g. a new DATA_DIR on a shared database). The ids are content hashes, so two
 * processes drawing the same picture store the same files, and their maps merge.
 */
export async function ensurePictures(
  db: Db,
  uploadsDir: string,
  log: Log,
  keys: Iterable<string>,
  cacheDir?: string,
): Promise<PictureIds> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, PICTURES_KEY));
  const saved = (row?.value ?? {}) as PictureIds;
  const onDisk = (id: string) => IMAGE_WIDTHS.every((w) => existsSync(path.join(uploadsDir, `${id}-${w}.webp`)));
  const missing = [...new Set(keys)].filter((key) => !saved[key] || !onDisk(saved[key]));
  if (missing.length === 0) return saved;
  const started = performance.now();
  const cache = cacheDir === undefined ? undefined : pictureCache(cacheDir);
  const copied = cache?.copyTo(uploadsDir, missing) ?? {};
  const toDraw = missing.filter((key) => !copied[key]);
  const images = createImageService(localDiskStorage(uploadsDir));
  const ids = await renderAll(toDraw.map(specFor), images, 2);
  const drawn: PictureIds = { ...copied, ...Object.fromEntries(toDraw.map((key, i) => [key, ids[i] as string])) };
  if (toDraw.length > 0) cache?.keep(uploadsDir, Object.fromEntries(toDraw.map((key) => [key, drawn[key] as string])));
  await db
    .insert(appMeta)
    .values({ key: PICTURES_KEY, value: drawn })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: sql`${appMeta.value} || excluded.value`, updatedAt: new Date() },
    });
  const reused = missing.length - toDraw.length;
  log(
    `${toDraw.length} demo pictures drawn${reused ? `, ${reused} copied from ${cacheDir}` : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { ...saved, ...drawn };
}

/**
 * DEMO_PICTURES_CACHE: the drawn pictures' files kept in a folder, for the next empty data
 * folder to copy instead of drawing them again (about 14 s of two cores' work for the 118
 * pictures). The tests and CI seed the demo several times a run (the seed's tests on both
 * databases, the browser tests' server); a shop seeds it once and leaves this unset. The
 * files are content-addressed (their id is a hash of the picture), kept under PICTURES_KEY,
 * whose version is bumped when the art changes; `pictures.json` maps a picture's key to its id.
 * Several processes may fill it at once: each file is written under a temporary name and
 * renamed, so a reader sees a whole file or none, and a key is listed only once its files are.
 */
function pictureCache(cacheDir: string) {
  const dir = path.join(cacheDir, PICTURES_KEY);
  const mapFile = path.join(dir, 'pictures.json');
  const readMap = (): PictureIds => {
    try {
      return JSON.parse(readFileSync(mapFile, 'utf8')) as PictureIds;
    } catch {
      return {};
    }
  };
  const filesOf = (folder: string, id: string) => readdirSync(folder).filter((name) => name.startsWith(`${id}-`));
  const atomicCopy = (from: string, to: string) => {
    const temporary = `${to}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    copyFileSync(from, temporary);
    renameSync(temporary, to);
  };
  return {
    /** Copies the cached pictures of `keys` into `uploadsDir`; their ids by key. */
    copyTo(uploadsDir: string, keys: string[]): PictureIds {
      if (!existsSync(dir)) return {};
      const map = readMap();
      const copied: PictureIds = {};
      mkdirSync(uploadsDir, { recursive: true });
      for (const key of keys) {
        const id = map[key];
        if (!id) continue;
        const files = filesOf(dir, id);
        if (!IMAGE_WIDTHS.every((w) => files.includes(`${id}-${w}.webp`))) continue;
        for (const name of files) copyFileSync(path.join(dir, name), path.join(uploadsDir, name));
        copied[key] = id;
      }
      return copied;
    },
    /** Keeps the files of pictures just drawn into `uploadsDir`. */
    keep(uploadsDir: string, drawn: PictureIds): void {
      mkdirSync(dir, { recursive: true });
      for (const id of Object.values(drawn)) {
        for (const name of filesOf(uploadsDir, id)) atomicCopy(path.join(uploadsDir, name), path.join(dir, name));
      }
      const temporary = `${mapFile}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ ...readMap(), ...drawn }));
      renameSync(temporary, mapFile);
    },
  };
}

/** Every picture the demo catalogue shows: its products', the categories' and the blog posts'. */
export function demoPictureKeys(): string[] {
  const none: Taxonomy = { categories: new Map(), subs: new Map(), subsubs: new Map(), brands: new Map() };
  return [
    ...new Set([
      ...demoProducts(none, 0).flatMap((p) => p.pictures),
      ...CATEGORIES.map(coverKey),
      ...POSTS.map((_, i) => postKey(i)),
    ]),
  ];
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
export async function upsertTaxonomy(tx: Db | Tx, pictures?: PictureIds): Promise<Taxonomy> {
  await tx
    .insert(categories)
    .values(CATEGORIES.map((c) => ({ name: c.name, slug: c.slug, image: pictures?.[coverKey(c)] ?? null, ...c.feed })))
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
export function demoProducts(taxonomy: Taxonomy, now: number): ProductDraft[] {
  const rng = createRandom('adire-demo-catalogue');
  const total = SUBS.reduce((sum, s) => sum + s.count, 0);
  const order = rng.shuffle(Array.from({ length: total }, (_, i) => i));
  const onSale = new Set(order.slice(0, Math.round(total / 4)));
  const outOfStock = new Set(order.slice(Math.round(total / 4), Math.round(total / 4) + Math.max(1, Math.round(total / 25))));
  const rows: ProductDraft[] = [];
  const titles = new Set<string>();
  for (const sub of SUBS) {
    for (let k = 0; k < sub.count; k++) {
      const index = rows.length;
      const options = {
        rng,
        sub,
        taxonomy,
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
export async function seedCatalogue(db: Db, pictures: PictureIds, log: Log, now = Date.now()): Promise<SeedCatalogueResult> {
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
    const taxonomy = await upsertTaxonomy(tx, pictures);
    const drafts = demoProducts(taxonomy, now);
    const inserted = await tx
      .insert(products)
      .values(drafts.map((draft) => withPictureIds(draft, pictures)))
      .returning({ id: products.id });
    const variants = drafts.flatMap((draft, i) =>
      draftVariants(draft, pictures, 'DM', i + 1).map((v) => ({ ...v, productId: inserted[i]!.id })),
    );
    await tx.insert(productVariants).values(variants);
    await tx.insert(banners).values(BANNERS.map((title, position) => ({ title, position, active: true })));
    await tx.insert(posts).values(
      POSTS.map((p, i) => {
        const createdAt = new Date(now - p.daysAgo * DAY_MS);
        return {
          title: p.title,
          heading: p.heading,
          text: p.text,
          image: pictures[postKey(i)] ?? null,
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
      `demo catalogue: ${taxonomy.categories.size} categories, ${taxonomy.brands.size} brands, ${drafts.length} products (${variants.length} variants), ${BANNERS.length} banners, ${POSTS.length} posts`,
    );
    return { seeded: true };
  });
}
