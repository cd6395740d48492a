/**
 * Orders: a shopper's own (My orders, cancelling an unpaid one), one order (its owner or an
 * admin), and an admin's status changes, payments and refunds. The back office's purchases
 * table and overview are other views of the same orders, so every change refreshes them.
 */
import type { OrderStatus, OrderView, RecordPaymentBody, RefundBody } from '@shop/shared/orders';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { productKeys } from './products.ts';

export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

export const myOrdersOptions = queryOptions({
  queryKey: orderKeys.mine(),
  queryFn: ({ signal }) => apiRequest<OrderView[]>('/api/orders/mine', { signal }),
  staleTime: 0,
});

export const orderOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => apiRequest<OrderView>(orderPath(id), { signal }) });

/** After a change to one order: it is set from the answer, and every list that shows orders reloads. */
const changed = (id: string) => ({
  onSuccess: (order: OrderView, _input: unknown, _result: unknown, { client }: { client: QueryClient }) =>
    client.setQueryData(orderKeys.detail(id), order),
  onSettled: (_order: unknown, _error: Error | null, _input: unknown, _result: unknown, { client }: { client: QueryClient }) =>
    Promise.all([client.invalidateQueries({ queryKey: ['admin'] }), client.invalidateQueries({ queryKey: orderKeys.all })]),
});

/** As `changed`, for a change that also moves stock (units back on sale): product lists reload too. */
const changedWithStock = (id: string) => ({
  onSuccess: changed(id).onSuccess,
  onSettled: (order: unknown, error: Error | null, input: unknown, result: unknown, context: { client: QueryClient }) =>
    Promise.all([
      changed(id).onSettled(order, error, input, result, context),
      context.client.invalidateQueries({ queryKey: productKeys.all }),
    ]),
});

export const changeOrderStatusMutation = (id: string) =>
  mutationOptions({
    mutationFn: (status: OrderStatus) => apiRequest<OrderView>(`${orderPath(id)}/status`, { method: 'PATCH', body: { status } }),
    ...changed(id),
  });

/** The shop called the shopper and confirms a pay-on-delivery order: it no longer expires. */
export const confirmOrderMutation = (id: string) =>
  mutationOptions({
    mutationFn: () => apiRequest<OrderView>(`${orderPath(id)}/confirm`, { method: 'POST' }),
    ...changed(id),
  });

/** The shopper refused a sent pay-on-delivery order at the door: cancelled, its units back on sale (stock shows change too). */
export const refusedAtDeliveryMutation = (id: string) =>
  mutationOptions({
    mutationFn: () => apiRequest<OrderView>(`${orderPath(id)}/refused`, { method: 'POST' }),
    ...changedWithStock(id),
  });

/** A shopper cancels their own unpaid order. */
export const cancelMyOrderMutation = (id: string) =>
  mutationOptions({
    mutationFn: () => apiRequest<OrderView>(`${orderPath(id)}/cancel`, { method: 'POST' }),
    ...changed(id),
  });

/** An admin records money received (transfer, cash, pay on delivery, card at the counter). */
export const recordPaymentMutation = (id: string) =>
  mutationOptions({
    mutationFn: (body: RecordPaymentBody) => apiRequest<OrderView>(`${orderPath(id)}/payments`, { method: 'POST', body }),
    ...changed(id),
  });

/**
 * An admin refunds all or part of a paid order, optionally putting units back on sale (stock shows change too).
 * `ownRefusals`: a refund the member's till policy decides, whose 403 the form shows (it is no sign the role changed).
 */
export const refundOrderMutation = (id: string, { ownRefusals = false }: { ownRefusals?: boolean } = {}) =>
  mutationOptions({
    mutationFn: (body: RefundBody) => apiRequest<OrderView>(`${orderPath(id)}/refunds`, { method: 'POST', body, ownRefusals }),
    ...changedWithStock(id),
  });
