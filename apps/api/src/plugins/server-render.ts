/**
 * Loads the web app's server-side renderer (apps/web/dist-server/entry-server.js, built
 * next to the browser's build) and lets it read the API in this process through
 * app.inject: no socket, the same routes, validation and read cache a browser gets. It
 * renders with the shop's public address (PUBLIC_URL), so canonical and sharing URLs are the
 * shop's, not the address the request came in on. Without the file (an API-only deployment,
 * the tests) pages are rendered in the browser.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** What entry-server.tsx renders for a page. */
export interface RenderedPage {
  html: string;
  data: string;
  title: string | undefined;
  /** The page's <meta> and <link> tags (description, canonical, robots, Open Graph), for <head>. */
  head?: string;
  /** 404: the page shows the app's Not Found (a deleted product, an unknown brand); 200 otherwise. */
  status?: number;
}

/** What entry-server.tsx renders with, besides the URL. */
export interface RenderOptions {
  /** The shop's public address, no trailing slash (config.publicUrl). */
  origin: string;
  /** The low-data rendering (issue 32): Save-Data or the shopper's "Lite mode". */
  lite?: boolean;
  /** A shopper's own page (RenderRequest.own): rendered for her, with her form's CSRF token. */
  own?: OwnPage;
}

/** What a shopper's own page is rendered with besides her API reads (decision 0033). */
export interface OwnPage {
  /** The CSRF token its forms carry (`_csrf`), issued with this answer's secret cookie. */
  csrf: string;
}

/** What one page's rendering depends on besides its URL. */
export interface RenderRequest {
  /** The low-data rendering (RenderOptions.lite). */
  lite?: boolean;
  /**
   * Headers added to every API read of this rendering: a shopper's own page (her cart, her
   * orders) reads the API as her (`authorization`); a public page sends none, so it is the
   * same for everyone and may be cached.
   */
  headers?: Record<string, string>;
  /** Set for a shopper's own page (app.sendOwnPage): its forms' token. */
  own?: OwnPage;
}

interface RendererModule {
  render(url: string, options: RenderOptions): Promise<RenderedPage | undefined>;
  setTransport(send: typeof fetch): void;
  SERVER_DATA_ID: string;
}

/** A page the renderer rendered, and the id of the script tag its data goes in. */
export interface Rendered {
  page: RenderedPage;
  dataId: string;
}

export interface Renderer {
  /** Undefined: the page is left to the browser. */
  render(url: string, request?: RenderRequest): Promise<Rendered | undefined>;
}

/** The renderer's file for a web build in `webRoot` (dist/ → dist-server/). */
export const rendererPath = (webRoot: string) => path.resolve(webRoot, '..', 'dist-server', 'entry-server.js');

/**
 * Pages rendered at once, at most. Rendering costs a few tens of milliseconds of CPU; past
 * this many (a burst of never-seen URLs, say) the page is left to the browser instead, which
 * costs the server nothing, so the API's own answers keep their speed.
 */
export const MAX_RENDERS_AT_ONCE = 4;

/** Fresh renders started in one second, at most (SSR_MAX_RENDERS_PER_SECOND); past it, the same fallback. */
const RENDER_WINDOW_MS = 1000;

/**
 * The renderer of the web build in `webRoot`, if it has one. Its code (React and the app)
 * is loaded on the first page it renders, so a process that only answers the API never
 * holds it in memory.
 */
export function createRenderer(app: FastifyInstance, webRoot: string): Renderer | undefined {
  const file = rendererPath(webRoot);
  if (!existsSync(file)) return undefined;
  const origin = app.config.publicUrl;
  let rendering = 0;
  let windowStart = 0;
  let renderedInWindow = 0;
  let loading: Promise<RendererModule> | undefined;
  const load = () =>
    (loading ??= import(pathToFileURL(file).href).then((mod: RendererModule) => {
      mod.setTransport(injectFetch(app));
      return mod;
    }));
  return {
    async render(url, request = {}) {
      if (rendering >= MAX_RENDERS_AT_ONCE) return undefined;
      const now = Date.now();
      if (now - windowStart >= RENDER_WINDOW_MS) {
        windowStart = now;
        renderedInWindow = 0;
      }
      if (renderedInWindow >= app.config.ssrMaxRendersPerSecond) return undefined;
      renderedInWindow += 1;
      rendering += 1;
      try {
        const mod = await load();
        const page = await renderingFor.run(request, () =>
          mod.render(url, { origin, lite: request.lite === true, ...(request.own && { own: request.own }) }),
        );
        return page && { page, dataId: mod.SERVER_DATA_ID };
      } finally {
        rendering -= 1;
      }
    },
  };
}

/**
 * The rendering a read belongs to: the renderer's module is loaded once and renders several
 * pages at a time, so each page's own headers travel with its asynchronous work, not in a
 * variable the next page would overwrite.
 */
const renderingFor = new AsyncLocalStorage<RenderRequest>();

/** A read-only fetch answered by this app's routes, as the page being rendered reads them. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`The server-side renderer only reads (${method} ${url.pathname})`);
    const res = await app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { ...Object.fromEntries(new Headers(init?.headers)), ...renderingFor.getStore()?.headers },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}
