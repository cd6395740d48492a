/**
 * The sitemap (https://www.sitemaps.org/protocol.html): every public storefront page, as the
 * storefront routes it, with absolute URLs on the shop's PUBLIC_URL. In order: the pages
 * without a parameter (home, listings, category landings, the brand directory, the blog;
 * crawl-rules.ts), the brand pages (/brand?brand=<name>, brands with products), the posts,
 * then the products; posts and products with their updated_at as <lastmod>.
 *
 * Past `maxUrls` URLs (50,000, the protocol's limit) /sitemap.xml is an index of
 * /sitemap-1.xml, /sitemap-2.xml, ...: the n-th run of `maxUrls` URLs. A file reads only its
 * own slice of rows (one query per table, products newest first along products_latest_idx,
 * dates formatted by the database), so it holds at most `maxUrls` rows at once whatever the
 * size of the catalogue, and does not count the products (only the index does).
 *
 * It reads the catalogue's and the blog's tables directly (read-only: ids, names, dates).
 */
import { postPath, productPath } from '@shop/shared/paths';
import { type AnyColumn, asc, count, desc, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { brands, posts, products } from '../db/schema/index.ts';
import { PUBLIC_ROW_PAGES, PUBLIC_STATIC_PAGES } from './crawl-rules.ts';

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

export const SITEMAP_TYPE = 'application/xml; charset=utf-8';

/** A page in the sitemap: its path and query, and when it last changed (W3C datetime). */
interface SitemapUrl {
  path: string;
  lastmod?: string;
}

/** A run of sitemap URLs: how many, and a slice of them. */
interface Section {
  count(): Promise<number>;
  slice(offset: number, limit: number): Promise<SitemapUrl[]>;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** updated_at as W3C datetime in UTC, to the second ('2025-03-01T09:30:00Z'), by the database. */
const w3cDate = (column: SQL | AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A section held in memory (a few dozen pages at most). */
const listed = (load: () => Promise<SitemapUrl[]>): Section => {
  let urls: Promise<SitemapUrl[]> | undefined;
  const all = () => (urls ??= load());
  return {
    count: async () => (await all()).length,
    slice: async (offset, limit) => (await all()).slice(offset, offset + limit),
  };
};

export function createSitemapService(db: Db, publicUrl: string, maxUrls = SITEMAP_MAX_URLS) {
  const origin = escapeXml(publicUrl);

  /** The pages with a parameter, each read from its table (one per row). */
  const rowSections: Record<string, () => Section> = {
    'productdetails/:id': () => ({
      count: async () => (await db.select({ n: count() }).from(products))[0]?.n ?? 0,
      slice: async (offset, limit) => {
        // Newest first, as products_latest_idx orders them; the dates are formatted for the
        // slice only (outside the subquery), not for every row the sort reads.
        const page = db
          .select({ id: products.id, createdAt: products.createdAt, updatedAt: products.updatedAt })
          .from(products)
          .orderBy(sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`)
          .limit(limit)
          .offset(offset)
          .as('page');
        const rows = await db
          .select({ id: page.id, lastmod: w3cDate(page.updatedAt) })
          .from(page)
          .orderBy(desc(page.createdAt), desc(page.id));
        return rows.map((row) => ({ path: productPath(row.id), lastmod: row.lastmod }));
      },
    }),
    'blogdetails/:id': () => ({
      count: async () => (await db.select({ n: count() }).from(posts))[0]?.n ?? 0,
      slice: async (offset, limit) => {
        const rows = await db
          .select({ id: posts.id, lastmod: w3cDate(posts.updatedAt) })
          .from(posts)
          .orderBy(desc(posts.createdAt), desc(posts.id))
          .limit(limit)
          .offset(offset);
        return rows.map((row) => ({ path: postPath(row.id), lastmod: row.lastmod }));
      },
    }),
  };
  const missing = PUBLIC_ROW_PAGES.filter((page) => !rowSections[page]);
  if (missing.length > 0) throw new Error(`The sitemap does not know where the rows of ${missing.join(', ')} come from`);

  /** Brand pages as the storefront links them (brand-directory.tsx): by name, for brands with products. */
  const brandPages = () =>
    listed(async () => {
      const rows = await db
        .select({ name: brands.name })
        .from(brands)
        .where(exists(db.select({ one: sql`1` }).from(products).where(eq(products.brandId, brands.id))))
        .orderBy(sql`lower(${brands.name})`, asc(brands.id));
      return rows.map((row) => ({ path: `/brand?${new URLSearchParams({ brand: row.name })}` }));
    });

  /** Every section, in the sitemap's order; created per request (they hold what they read). */
  const sections = (): Section[] => [
    listed(async () => PUBLIC_STATIC_PAGES.map((path) => ({ path: `/${path}` }))),
    brandPages(),
    ...PUBLIC_ROW_PAGES.map((page) => rowSections[page]!()),
  ];

  /**
   * The URLs from `start`, at most `limit`, across the sections. The last section (the
   * products) is not counted: its slice is simply what is left.
   */
  async function urls(start: number, limit: number): Promise<SitemapUrl[]> {
    const all = sections();
    const out: SitemapUrl[] = [];
    let offset = start;
    for (const [i, section] of all.entries()) {
      if (i < all.length - 1) {
        const n = await section.count();
        if (offset >= n) {
          offset -= n;
          continue;
        }
      }
      out.push(...(await section.slice(offset, limit - out.length)));
      offset = 0;
      if (out.length >= limit) break;
    }
    return out;
  }

  const urlset = (list: SitemapUrl[]) => {
    const parts = [XML_HEAD, `<urlset xmlns="${NS}">\n`];
    for (const url of list) {
      parts.push(`<url><loc>${origin}${escapeXml(url.path)}</loc>`);
      if (url.lastmod) parts.push(`<lastmod>${url.lastmod}</lastmod>`);
      parts.push('</url>\n');
    }
    parts.push('</urlset>\n');
    return parts.join('');
  };

  const index = (files: number) => {
    const parts = [XML_HEAD, `<sitemapindex xmlns="${NS}">\n`];
    for (let n = 1; n <= files; n++) parts.push(`<sitemap><loc>${origin}/sitemap-${n}.xml</loc></sitemap>\n`);
    parts.push('</sitemapindex>\n');
    return parts.join('');
  };

  return {
    /**
     * How many files the sitemap is: 1 while its URLs fit in one, else the number of
     * /sitemap-<n>.xml files its index lists. Counts every section, the products too.
     */
    async files(): Promise<number> {
      const counts = await Promise.all(sections().map((section) => section.count()));
      return Math.max(1, Math.ceil(counts.reduce((sum, n) => sum + n, 0) / maxUrls));
    },

    /** /sitemap.xml, for a sitemap of `files` files (files()): every URL, or the index of the numbered files. */
    async sitemap(files: number): Promise<string> {
      return files > 1 ? index(files) : urlset(await urls(0, maxUrls));
    },

    /**
     * /sitemap-<n>.xml (from 1): the n-th run of `maxUrls` URLs, while there is one; undefined:
     * no such file. (Unsplit, /sitemap-1.xml holds what /sitemap.xml does; nothing links to it.)
     * Ask files() first: a file past the last would read, and skip, every product.
     */
    async file(n: number): Promise<string | undefined> {
      if (!Number.isSafeInteger(n) || n < 1) return undefined;
      const list = await urls((n - 1) * maxUrls, maxUrls);
      return list.length > 0 ? urlset(list) : undefined;
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
