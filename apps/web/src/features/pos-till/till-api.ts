/**
 * The till's calls to the API. Registration is made by the signed-in member of staff (the
 * app's client and token); everything after it with the till's own device token, which does
 * not expire, so a till offline for days still syncs, and a member's sign-out never stops it.
 */
import type { SyncAnswer, SyncBody, TillCatalogue, TillCreated } from '@shop/shared/pos-till';
import { ApiError, apiRequest } from '@/lib/api-client.ts';

export function registerTill(name: string): Promise<TillCreated> {
  return apiRequest<TillCreated>('/api/pos/tills', { method: 'POST', body: { name } });
}

async function tillRequest<T>(path: string, deviceToken: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(new URL(path, window.location.origin), {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${deviceToken}`,
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    cache: 'no-store',
  });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!res.ok) throw new ApiError(res.status, typeof data.msg === 'string' ? data.msg : `The server answered ${res.status}`);
  return data as T;
}

export function fetchCatalogue(deviceToken: string, since?: string): Promise<TillCatalogue> {
  const query = since ? `?since=${encodeURIComponent(since)}` : '';
  return tillRequest<TillCatalogue>(`/api/pos/catalogue${query}`, deviceToken);
}

export function postSales(deviceToken: string, body: SyncBody): Promise<SyncAnswer> {
  return tillRequest<SyncAnswer>('/api/pos/sales/sync', deviceToken, { method: 'POST', body });
}
