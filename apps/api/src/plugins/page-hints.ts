/**
 * The HTML of a storefront page. Its public pages come server-rendered when the renderer
 * could render them (server-render.ts): the page's markup in #root and the data it was
 * rendered with beside it. Every storefront page also names, in <link> tags, the code it
 * will load (from Vite's manifest), and a product page its main image (and, when not
 * server-rendered, its data), so the browser fetches them in parallel with the app's code
 * instead of one after another. On a slow phone network this removes two or three round
 * trips before the main image shows. Nothing here is required for correctness: a page the
 * table does not know gets the plain index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HERO_WIDTHS } from '@shop/shared/constants';
import { storefrontPageFor } from '@shop/shared/storefront-pages';
import { IMAGE_WIDTHS } from '../media/index.ts';
import type { Rendered } from './server-render.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The app's entry in Vite's manifest (apps/web/vite.config.ts). */
const APP_ENTRY = 'src/main.tsx';

/** The storefront's pages: which module each loads, which the server renders (shared with the web app). */
const pageFor = storefrontPageFor;

/**
 * Must match the sizes of the images the pages render (hero-carousel, product-gallery). The
 * hero's photo is preloaded in AVIF, the format its <picture> offers first; a browser without
 * AVIF skips the preload (its `type`) and fetches the WebP when it meets the <img>.
 */
const HERO = {
  srcset: HERO_WIDTHS.map((w) => `/img/hero-adire-${w}.avif ${w}w`).join(', '),
  sizes: '(min-width: 640px) 50vw, 100vw',
};
const PRODUCT_MAIN_SIZES = '(min-width: 1024px) 50vw, 100vw';
const UPLOAD_WIDTH = /-(320|480|640|1280)\.webp$/;

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

/**
 * The storefront's pages register the service worker (apps/web/public/register-sw.js, after
 * `load`; decision 0032): repeat visits and offline. The back office's do not: the worker
 * leaves them to the network, and would only add a step to each of their requests. A
 * server-rendered page names it in the template its code waits in, so it is not fetched beside
 * the main image (on HTTP/1.1 a phone has six connections; the page, its stylesheet, its two
 * first photos and boot.ts already use five).
 */
const REGISTER_WORKER = '<script src="/register-sw.js" defer></script>';

/** Code fetched ahead of need, all at once instead of import after import. */
const preloadLinks = (files: string[]) =>
  files
    .filter((file) => file.endsWith('.js'))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(file)}">`)
    .join('');

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

interface ProductHint {
  id: string;
  imageUrl: string | null;
}

interface PageParts {
  /** In the head before the entry script: the main image's preloads. */
  early?: string;
  /** At the end of the head: the page's own code and data. */
  late?: string;
  root: string;
  afterRoot?: string;
  title?: string;
  /** The page's own <meta> and <link> tags, after the title (a description replaces index.html's). */
  head?: string;
}

export function createPageHints(webRoot: string) {
  const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const manifestPath = path.join(webRoot, '.vite/manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};

  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const child of chunk.imports ?? []) collect(child, into);
  };
  /** Files every page names already: the entry (src/boot.ts), then the app's too. */
  const inEntry = new Set<string>();
  collect('index.html', inEntry);
  /** The app (src/main.tsx, an entry of its own): boot.ts or a script tag starts it. */
  const app = manifest[APP_ENTRY];
  const inApp = new Set<string>();
  collect(APP_ENTRY, inApp);
  const appLinks = preloadLinks([...inApp].filter((file) => !inEntry.has(file)));
  const appScript = app ? `<script type="module" crossorigin src="/${escapeAttr(app.file)}"></script>` : '';
  for (const file of inApp) inEntry.add(file);

  const moduleLinks = new Map<string, string>();
  function modulePreloads(key: string): string {
    let links = moduleLinks.get(key);
    if (links === undefined) {
      const files = new Set<string>();
      collect(key, files);
      links = preloadLinks([...files].filter((file) => !inEntry.has(file)));
      moduleLinks.set(key, links);
    }
    return links;
  }

  // The head in the order a slow connection needs it: the stylesheet (it blocks the first
  // paint), then the page's main image (preloads go here), then the code. Vite writes the
  // entry script first; on a phone's few connections that delays the image.
  const firstScript = indexHtml.indexOf('<script type="module"');
  const stylesheets = indexHtml.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  const headStart = firstScript < 0 ? indexHtml : indexHtml.slice(0, firstScript);
  const headRest =
    firstScript < 0 ? '' : stylesheets.reduce((html, link) => html.replace(link, ''), indexHtml.slice(firstScript));
  const plainHtml = page({ late: appScript + appLinks, root: '' });

  /** `early`: image preloads, before the code; `late`: the code and data, at the end of the head. */
  function page({ early = '', late = '', root, afterRoot = '', title, head = '' }: PageParts) {
    let html =
      firstScript < 0
        ? headStart.replace('</head>', () => `${early}</head>`)
        : `${headStart}${stylesheets.join('')}${early}${headRest}`;
    if (head.includes('<meta name="description"')) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
    if (title !== undefined || head) {
      html = html.replace(/<title>([\s\S]*?)<\/title>/, (_, own: string) => `<title>${title ?? own}</title>${head}`);
    }
    return html
      .replace('</head>', () => `${late}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${root}</div>${afterRoot}`);
  }

  return {
    /** index.html, with the app's code named for early download. */
    indexHtml: plainHtml,
    /** Whether the page at `pathname` is one the server renders. */
    rendersOnServer: (pathname: string) => pageFor(pathname)?.render === true,
    /**
     * The HTML for a path. `product` is the product when the path is a product page and the
     * caller could look it up; `rendered` the server's rendering of the page, if any.
     */
    htmlFor(
      pathname: string,
      { product, rendered, own = false }: { product?: ProductHint; rendered?: Rendered; own?: boolean } = {},
    ): string {
      const found = pageFor(pathname);
      if (!found) return plainHtml;
      const code = modulePreloads(found.module);
      if (rendered && own) {
        // A shopper's own page (her cart, her orders, a form with her token) works without
        // JavaScript as sent. With it, the app renders the page afresh from the browser's session
        // and cart, as before (no server data: main.tsx renders rather than hydrates), so the
        // code loads at once; the markup shows meanwhile.
        const { html, title, head } = rendered.page;
        return page({ late: appScript + appLinks + code + REGISTER_WORKER, root: html, title, head });
      }
      if (rendered) {
        // React put preloads for the page's high-priority images at the start of its markup.
        // The page shows without its code, so the code waits, inert in a template, until
        // the main image has loaded (boot.ts): on a phone's slow connection the image
        // does not share the bandwidth with 130 kB of JavaScript.
        const { html, data, title, head } = rendered.page;
        const preloads = /^(?:<link rel="preload"[^>]*>)+/.exec(html)?.[0] ?? '';
        return page({
          early: preloads,
          root: html.slice(preloads.length),
          afterRoot:
            `<script type="application/json" id="${rendered.dataId}">${data}</script>` +
            `<template data-app="/${escapeAttr(app?.file ?? '')}">${appLinks}${code}${REGISTER_WORKER}</template>`,
          title,
          head,
        });
      }
      let images = '';
      let data = '';
      if (found.module.endsWith('home.tsx')) {
        images += `<link rel="preload" as="image" type="image/avif" imagesrcset="${HERO.srcset}" imagesizes="${HERO.sizes}" fetchpriority="high">`;
      }
      if (product) {
        // Same URL, mode and credentials as the app's fetch, so the browser reuses it.
        data = `<link rel="preload" as="fetch" href="/api/products/${encodeURIComponent(product.id)}" crossorigin="anonymous">`;
        if (product.imageUrl && UPLOAD_WIDTH.test(product.imageUrl)) {
          const srcset = IMAGE_WIDTHS.map((w) => `${product.imageUrl!.replace(UPLOAD_WIDTH, `-${w}.webp`)} ${w}w`).join(', ');
          images += `<link rel="preload" as="image" imagesrcset="${escapeAttr(srcset)}" imagesizes="${PRODUCT_MAIN_SIZES}" fetchpriority="high">`;
        }
      }
      return page({ early: images, late: appScript + appLinks + data + code + REGISTER_WORKER, root: STOREFRONT_SHELL });
    },
  };
}

export type PageHints = ReturnType<typeof createPageHints>;
