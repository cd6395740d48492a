/**
 * The till's calls to the API. Registration is made by the signed-in member of staff (the
 * app's client and token); everything after it with the till's own device token, which does
 * not expire, so a till offline for days still syncs, and a member's sign-out never stops it.
 */
import type {
  DrawerCloseAnswer,
  DrawerCloseBody,
  DrawerMovementBody,
  DrawerMovementView,
  DrawerOpenBody,
  DrawerView,
  PosReturnAnswer,
  TillSaleView,
} from '@shop/shared/pos-drawers';
import type { SyncAnswer, SyncBody, TillCatalogue, TillCreated, TillReturnBody } from '@shop/shared/pos-till';
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

export function postDrawer(deviceToken: string, body: DrawerOpenBody): Promise<DrawerView> {
  return tillRequest<DrawerView>('/api/pos/drawers', deviceToken, { method: 'POST', body });
}

export function postDrawerMovement(deviceToken: string, drawerId: string, body: DrawerMovementBody) {
  return tillRequest<DrawerMovementView>(`/api/pos/drawers/${drawerId}/movements`, deviceToken, { method: 'POST', body });
}

export function postDrawerClose(deviceToken: string, drawerId: string, body: DrawerCloseBody) {
  return tillRequest<DrawerCloseAnswer>(`/api/pos/drawers/${drawerId}/close`, deviceToken, { method: 'POST', body });
}

/** Till sales by receipt number, customer name or phone (newest first), with what came back already. */
export function searchSales(deviceToken: string, q: string): Promise<TillSaleView[]> {
  return tillRequest<TillSaleView[]>(`/api/pos/sales?q=${encodeURIComponent(q)}`, deviceToken);
}

export function postReturn(deviceToken: string, body: TillReturnBody): Promise<PosReturnAnswer> {
  return tillRequest<PosReturnAnswer>('/api/pos/returns', deviceToken, { method: 'POST', body });
}

/**
 * Whether the server refused the request for good (a 4xx it will answer the same way again),
 * rather than the network or the server failing (worth sending again later). 401 stays worth
 * retrying: a revoked till keeps what it made until a manager sees it.
 */
export function refusedForGood(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}
