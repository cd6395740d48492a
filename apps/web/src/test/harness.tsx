/**
 * Helpers for the back office's component tests: render inside a router and a fresh
 * query client, and a fetch stand-in that records every request the screen makes.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

export function renderWithProviders(element: ReactNode, { path = '/', url = path }: { path?: string; url?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Responder = (request: RecordedRequest) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** Replaces fetch; `respond` answers each request (JSON), and every request is kept in `requests`. */
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
