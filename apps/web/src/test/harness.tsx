/**
 * The web tests' one harness: a screen rendered as the app renders it (inside a memory
 * router and a query client of its own), and a fetch stand-in that answers the screen's
 * requests and records them. Storefront and back-office tests alike use it, so a screen is
 * never tested under providers set up another way. Fixtures are beside it (products.ts,
 * orders.ts, staff.ts); nothing outside tests imports this folder.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';

/** A query client for one test: a refused request fails at once, without retries. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export interface ProvidersOptions {
  /** The route the element is at ('/productdetails/:id'; '*' keeps it on screen wherever it navigates); '/' unless given. */
  path?: string;
  /** The entry the router opens (a URL, or a location with its state); the path unless given. */
  url?: string | { pathname: string; search?: string; state?: unknown };
  /** Other routes the screen may go to (before the catch-all, which shows "Elsewhere"). */
  routes?: RouteObject[];
  /** Routes rendered in the element's <Outlet> (a layout's pages), under its path. */
  children?: RouteObject[];
  /** The query client (to fill the cache first, or share it between renders); a fresh one unless given. */
  client?: QueryClient;
}

/**
 * The element inside its router and query client, not yet rendered: what renderWithProviders
 * renders, and what a server-rendering test passes to renderToString and hydrateRoot.
 */
export function withProviders(
  element: ReactNode,
  { path = '/', url = path, routes = [], children, client }: ProvidersOptions = {},
) {
  const queryClient = client ?? testQueryClient();
  const router = createMemoryRouter([{ path, element, children }, ...routes, { path: '*', element: <p>Elsewhere</p> }], {
    initialEntries: [url],
  });
  const ui: ReactElement = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  return { ui, router, queryClient };
}

export function renderWithProviders(element: ReactNode, options: ProvidersOptions = {}) {
  const { ui, router, queryClient } = withProviders(element, options);
  return { ...render(ui), router, queryClient };
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Responder = (request: RecordedRequest) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** Replaces fetch; `respond` answers each request (JSON; 404 when it returns nothing), and every request is kept in `requests`. */
export function mockFetch(respond: Responder) {
  const requests: RecordedRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const request = { method: init?.method ?? 'GET', url, body };
    requests.push(request);
    const answer = respond(request) ?? { status: 404, body: { msg: 'Not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  return { requests, spy, last: (pathname: string) => requests.filter((r) => r.url.pathname === pathname).at(-1) };
}

/**
 * Replaces fetch with one that answers every request with `status` and `body` (JSON), but
 * only once `release()` is called: the screen can be read while its request is on its way.
 */
export function heldFetch(status: number, body: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    await gate;
    return new Response(JSON.stringify(body), { status });
  });
  return { release, fetch };
}
