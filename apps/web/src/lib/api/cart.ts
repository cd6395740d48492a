/**
 * The server cart (issue 32, decision 0030): /api/cart and its lines. Same origin, so fetch
 * sends the `cart` cookie by default ('same-origin' credentials); the bearer token, when signed
 * in, names the account's cart. Types only from @shop/shared/server-cart (no zod in the bundle).
 */
import type { ServerCart } from '@shop/shared/server-cart';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const readServerCart = () => apiRequest<ServerCart>('/api/cart', { ownRefusals: true });

/** The server cart as a page rendered on the server for its shopper shows it (lib/own-page.tsx). */
export const serverCartOptions = queryOptions({ queryKey: ['cart', 'server'] as const, queryFn: readServerCart });

export const addServerLine = (variantId: string, quantity: number) =>
  apiRequest<ServerCart>('/api/cart/lines', { method: 'POST', body: { variantId, quantity }, ownRefusals: true });

export const setServerLine = (variantId: string, quantity: number) =>
  apiRequest<ServerCart>(`/api/cart/lines/${encodeURIComponent(variantId)}`, {
    method: 'PATCH',
    body: { quantity },
    ownRefusals: true,
  });

export const removeServerLine = (variantId: string) =>
  apiRequest<ServerCart>(`/api/cart/lines/${encodeURIComponent(variantId)}`, { method: 'DELETE', ownRefusals: true });
