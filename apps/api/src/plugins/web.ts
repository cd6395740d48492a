/**
 * Serves the built web app from the API's port. Hashed assets are cached for a year;
 * pages are revalidated. The storefront's public pages are rendered on the server when
 * the web build includes its renderer (server-render.ts); other non-API GETs get
 * index.html (the SPA routes them); unknown /api paths get a JSON 404. A rendered page of
 * something that does not exist (a deleted product, an unknown brand) is sent with 404 and
 * not kept. Pages are rendered, and cached, for their path and their own query parameters
 * (storefrontPageUrl): no other parameter can force a fresh render; and for one spelling of
 * the path: any other (`/women/`, `/w%6Fmen`) is answered 301 to it (lib/canonical-path.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@shop/shared';
import { storefrontPageFor, storefrontPageUrl } from '@shop/shared/storefront-pages';
import { serverRenders } from '../metrics/registry.ts';
import { createPageHints, type PageHints } from './page-hints.ts';
import { createRenderer, type Renderer, type RenderRequest } from './server-render.ts';

/** Where the build's hashed files (scripts, styles) are served; never shed under load (readiness.ts). */
export const ASSETS_PREFIX = '/assets/';

/** What a page's answer depends on besides its URL: the encoding, and lite mode's two switches. */
export const PAGE_VARY = 'Accept-Encoding, Save-Data, Cookie';

/** Lite mode (decision 0031): the browser asks to save data, or the shopper chose it (the `lite=1` cookie). */
export function isLite(request: FastifyRequest): boolean {
  if (
    String(request.headers['save-data'] ?? '')
      .trim()
      .toLowerCase() === 'on'
  )
    return true;
  const cookie = request.headers.cookie ?? '';
  return /(?:^|;\s*)lite=1(?:;|$)/.test(cookie);
}

/** A year's `lite=1`, or its removal. Not HttpOnly: the footer's switch flips it at once too. */
export function liteCookie(on: boolean, secure: boolean): string {
  const attrs = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return on ? `lite=1; Max-Age=31536000; ${attrs}` : `lite=; Max-Age=0; ${attrs}`;
}

/**
 * A rendered page without its render times: the moments React Query's dehydrated state says its
 * data was fetched and dehydrated (apps/web/src/entry-server.tsx), which differ from one API
 * process to the next, and from one rendering to the next, for the same content. What the
 * page's ETag is made from (read-cache.ts `sameAs`): with two processes behind one port, a
 * repeat visit's If-None-Match named the other process's rendering half the time and got the
 * whole page again (the bytes step on PostgreSQL, 2026-11-30).
 */
export function withoutRenderTimes(html: string): string {
  return html.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');
}

/** `back` when it is a path on this site (`/sales?page=2`), else `/`: never another site (`//evil`, `/\\evil`). */
export function sameSitePath(back: unknown): string {
  if (typeof back !== 'string' || !back.startsWith('/') || back.startsWith('//') || /[\\\s]/.test(back)) return '/';
  return back.length > 2000 ? '/' : back;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sends a shopper's own page (her cart, her orders, a form carrying her CSRF token):
     * rendered on the server for her alone (`as.headers` are added to the page's API reads,
     * e.g. her session), never kept in the read cache, `Cache-Control: private, no-store`. A
     * page the renderer cannot draw is sent as the app, as any page is. Without a web build:
     * a JSON 404.
     */
    sendOwnPage(request: FastifyRequest, reply: FastifyReply, as: RenderRequest): Promise<FastifyReply>;
  }
}

export default fp(
  async function web(app: FastifyInstance, opts: { root: string | undefined }) {
    const root = opts.root;
    const hasWeb = root !== undefined && existsSync(path.join(root, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        // Pages are answered by sendPage below ('/' with the home page's hints).
        index: false,
        allowedPath: (pathName) => pathName !== '/index.html',
        // The build writes .br/.gz beside each text asset (apps/web/vite.config.ts).
        preCompressed: true,
        setHeaders(reply) {
          reply.header('Cache-Control', 'no-cache');
        },
      });
      // The build's hashed files never change under their name: kept for a year and never
      // revalidated, so they need no ETag, Last-Modified or Accept-Ranges. A first view loads
      // some 40 of them; those headers were 4 KB of it (issue 32's budget).
      await app.register(fastifyStatic, {
        root: path.join(root, 'assets'),
        prefix: ASSETS_PREFIX,
        decorateReply: false,
        index: false,
        preCompressed: true,
        etag: false,
        lastModified: false,
        acceptRanges: false,
        setHeaders(reply) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      });
    }
    const hints = hasWeb && root ? createPageHints(root) : undefined;
    const renderer = hasWeb && root ? createRenderer(app, root) : undefined;

    /**
     * The page rendered on the server, or undefined: the browser renders it. Rendered for the
     * page's own URL (`pageUrl`, storefrontPageUrl), which the read cache keys it by; the
     * browser drops tracking parameters before it hydrates (main.tsx).
     */
    async function tryRender(request: FastifyRequest, render: Renderer, pageUrl: string, as?: RenderRequest) {
      try {
        return await render.render(pageUrl, as);
      } catch (err) {
        request.log.error({ err }, 'server-side rendering failed; sending the app to render in the browser');
        return undefined;
      }
    }

    /** The app's HTML for a page the browser renders; a product page names its data and image. */
    async function appHtml(pathname: string, pages: PageHints) {
      let product: { id: string; imageUrl: string | null } | undefined;
      const productId = /^\/productdetails\/([^/]+)$/.exec(pathname)?.[1];
      if (productId) {
        // Through the API's own (cached) route, so the hints match what the page will show.
        const res = await app.inject({ method: 'GET', url: `/api/products/${productId}` });
        if (res.statusCode === 200) product = res.json();
      }
      return pages.htmlFor(pathname, { product });
    }

    async function sendPage(request: FastifyRequest, reply: FastifyReply, pages: PageHints) {
      const pathname = request.url.split('?')[0] ?? '/';
      // Another spelling of a storefront page's path (`/women//`, `/%77omen`), which app.ts's
      // rewriteUrl made canonical: sent to the one spelling, with its query, so that a page has
      // one address and one cache entry (lib/canonical-path.ts).
      if (request.originalUrl !== request.url && storefrontPageFor(pathname)) return reply.redirect(request.url, 301);
      if (renderer && pages.rendersOnServer(pathname)) {
        // A rendered page is the same for every shopper and depends only on the catalogue and
        // the content: it is rendered once per change and served compressed, with an ETag,
        // like the API's answers. A page that fell back to the browser is not kept.
        // Lite mode (decision 0031) is a second rendering of the page: its own cache entry,
        // and the answer varies on what turns it on.
        const pageUrl = storefrontPageUrl(request.url);
        const lite = isLite(request);
        const headers = { Vary: PAGE_VARY };
        // boot.ts waits for the shopper's first interaction before it loads the app.
        const mark = (html: string) => (lite ? html.replace(/<html\b/, '<html data-lite') : html);
        return app.readCache.serve(
          request,
          reply,
          ['catalog', 'content'],
          async () => {
            const rendered = await tryRender(request, renderer, pageUrl, { lite });
            serverRenders.inc({ result: !rendered ? 'browser' : rendered.page.status === 404 ? 'not_found' : 'rendered' });
            if (rendered?.page.status === 404) {
              // Not kept: the cache only holds pages that exist (and answers them with 200).
              reply.status(404);
              return { html: mark(pages.htmlFor(pathname, { rendered })), headers, keep: false };
            }
            if (rendered) {
              const html = mark(pages.htmlFor(pathname, { rendered }));
              return { html, headers, sameAs: withoutRenderTimes(html) };
            }
            return { html: mark(await appHtml(pathname, pages)), headers, keep: false };
          },
          `${pageUrl}|${lite ? 'lite' : 'normal'}`,
        );
      }
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', PAGE_VARY)
        .type('text/html; charset=utf-8')
        .send(await appHtml(pathname, pages));
    }

    app.decorate('sendOwnPage', async (request: FastifyRequest, reply: FastifyReply, as: RenderRequest) => {
      if (!hints) return reply.status(404).header('X-Request-Id', request.id).send({ msg: MESSAGES.notFound });
      const pathname = request.url.split('?')[0] ?? '/';
      // One spelling of a page's path, as for every page (sendPage).
      if (request.originalUrl !== request.url && storefrontPageFor(pathname)) return reply.redirect(request.url, 301);
      const rendered = renderer ? await tryRender(request, renderer, request.url, as) : undefined;
      serverRenders.inc({ result: rendered ? 'rendered' : 'browser' });
      if (rendered?.page.status === 404) reply.status(404);
      return reply
        .header('Cache-Control', 'private, no-store')
        .type('text/html; charset=utf-8')
        .send(rendered ? hints.htmlFor(pathname, { rendered, own: true }) : await appHtml(pathname, hints));
    });

    /**
     * The footer's "Lite mode" switch without JavaScript: sets (`on=1`) or clears the `lite`
     * cookie and answers 303 back to `back`, a path on this site (anything else goes home).
     */
    app.get('/lite', { schema: { hide: true }, config: { access: 'public' } }, (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const on = query.on === '1';
      reply.header('Set-Cookie', liteCookie(on, app.config.env === 'production'));
      return reply.redirect(sameSitePath(query.back), 303);
    });

    if (hints) app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, hints));
    app.setNotFoundHandler(async (request, reply) => {
      // API, image and build-file paths never fall back to the app's HTML (a missing script
      // answered with a page would fail in the browser as a MIME-type error, not a 404).
      const isApi = /^\/(api|uploads|assets|img)(\/|$|\?)/.test(request.url);
      if (!isApi && hints && (request.method === 'GET' || request.method === 'HEAD')) return sendPage(request, reply, hints);
      return reply.status(404).header('X-Request-Id', request.id).send({ msg: MESSAGES.notFound });
    });
  },
  { name: 'web' },
);
