/**
 * Loads the web app's server-side renderer (apps/web/dist-server/entry-server.js, built
 * next to the browser's build) and lets it read the API in this process through
 * app.inject: no socket, the same routes, validation and read cache a browser gets.
 * Without the file (an API-only deployment, the tests) pages are rendered in the browser.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** What entry-server.tsx renders for a page. */
export interface RenderedPage {
  html: string;
  data: string;
  title: string | undefined;
}

interface RendererModule {
  render(url: string): Promise<RenderedPage | undefined>;
  setTransport(send: typeof fetch): void;
  SERVER_DATA_ID: string;
}

export interface Renderer {
  render(url: string): Promise<RenderedPage | undefined>;
  dataId: string;
}

/** The renderer's file for a web build in `webRoot` (dist/ → dist-server/). */
export const rendererPath = (webRoot: string) => path.resolve(webRoot, '..', 'dist-server', 'entry-server.js');

export async function loadRenderer(app: FastifyInstance, webRoot: string): Promise<Renderer | undefined> {
  const file = rendererPath(webRoot);
  if (!existsSync(file)) return undefined;
  const mod = (await import(pathToFileURL(file).href)) as RendererModule;
  mod.setTransport(injectFetch(app));
  return { render: (url) => mod.render(url), dataId: mod.SERVER_DATA_ID };
}

/** A read-only fetch answered by this app's routes. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`The server-side renderer only reads (${method} ${url.pathname})`);
    const res = await app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers)),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}
