/**
 * Early hints for the single-page app: the HTML of a storefront page names, in <link>
 * tags, the code that page will load (from Vite's manifest), and for a product page the
 * product's data and main image, so the browser fetches them in parallel with the app's
 * code instead of one after another. On a slow phone network this removes two or three
 * round trips before the main image shows. Nothing here is required for correctness: a
 * page the table does not know gets the plain index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** Which route module each storefront path loads (keys of Vite's manifest). */
const PAGES: [RegExp, string][] = [
  [/^\/$/, 'src/app/routes/storefront/home.tsx'],
  [/^\/productdetails\/[^/]+$/, 'src/app/routes/storefront/product-details.tsx'],
  [/^\/(search|sales|women|men|beauty|homedecor|jewellery|new|brand)$/, 'src/app/routes/storefront/listings.tsx'],
  [/^\/(dressescategory|beautycategory|homedecorcategory)$/, 'src/app/routes/storefront/category-landing.tsx'],
  [/^\/cart$/, 'src/app/routes/storefront/cart.tsx'],
];

/** Must match the sizes of the images the pages render (hero-carousel, product-gallery). */
const HERO = { srcset: '/img/hero-adire-400.webp 400w, /img/hero-adire-800.webp 800w', sizes: '(min-width: 640px) 50vw, 100vw' };
const PRODUCT_MAIN_SIZES = '(min-width: 1024px) 50vw, 100vw';
const UPLOAD_WIDTH = /-(320|640|1280)\.webp$/;

/**
 * What a storefront page shows before its code runs: the announcement bar and the header
 * bar with the shop's name, with the header's own classes and sizes. React replaces it on
 * its first render (nothing moves: same heights), and the shopper sees the shop at once.
 */
const STOREFRONT_SHELL =
  '<div class="h-9 bg-ink"></div>' +
  '<header class="sticky top-0 z-30 border-b border-line bg-white/95"><div class="mx-auto flex h-16 max-w-7xl items-center gap-2 px-2 sm:px-4 lg:h-[4.5rem] lg:px-6">' +
  '<span class="ml-1 font-display text-xl tracking-[0.22em] text-ink sm:text-2xl sm:tracking-[0.28em] lg:mr-6 lg:ml-0 lg:text-[1.7rem]">ADIRE</span>' +
  '</div></header>';

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function createPageHints(webRoot: string) {
  const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const manifestPath = path.join(webRoot, '.vite/manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);

  /** Files a chunk needs, minus those the entry already loads (the HTML names those). */
  const inEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const child of chunk.imports ?? []) collect(child, into);
  };
  if (entryKey) collect(entryKey, inEntry);

  const moduleLinks = new Map<string, string>();
  function modulePreloads(key: string): string {
    let links = moduleLinks.get(key);
    if (links === undefined) {
      const files = new Set<string>();
      collect(key, files);
      links = [...files]
        .filter((file) => !inEntry.has(file) && file.endsWith('.js'))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(file)}">`)
        .join('');
      moduleLinks.set(key, links);
    }
    return links;
  }

  const withHead = (links: string) =>
    indexHtml.replace('</head>', `${links}</head>`).replace('<div id="root"></div>', `<div id="root">${STOREFRONT_SHELL}</div>`);

  return {
    indexHtml,
    /**
     * The HTML for a path. `productImage` is the product's first image URL when the path is
     * a product page and the caller could look it up.
     */
    htmlFor(pathname: string, product?: { id: string; imageUrl: string | null }): string {
      const page = PAGES.find(([pattern]) => pattern.test(pathname));
      if (!page) return indexHtml;
      let links = modulePreloads(page[1]);
      if (page[1].endsWith('home.tsx')) {
        links += `<link rel="preload" as="image" imagesrcset="${HERO.srcset}" imagesizes="${HERO.sizes}" fetchpriority="high">`;
      }
      if (product) {
        // Same URL, mode and credentials as the app's fetch, so the browser reuses it.
        links += `<link rel="preload" as="fetch" href="/api/products/${encodeURIComponent(product.id)}" crossorigin="anonymous">`;
        if (product.imageUrl && UPLOAD_WIDTH.test(product.imageUrl)) {
          const srcset = [320, 640, 1280].map((w) => `${product.imageUrl!.replace(UPLOAD_WIDTH, `-${w}.webp`)} ${w}w`).join(', ');
          links += `<link rel="preload" as="image" imagesrcset="${escapeAttr(srcset)}" imagesizes="${PRODUCT_MAIN_SIZES}" fetchpriority="high">`;
        }
      }
      return withHead(links);
    },
  };
}

export type PageHints = ReturnType<typeof createPageHints>;
