/**
 * The order service as the app uses it (`app.orders`, plugins/orders.ts): one object over the
 * modules that each do one job. Making an order is create.ts; reading orders is queries.ts;
 * where an order is, every status change and its guard, is lifecycle.ts; its money (card
 * payments settled, payments recorded, refunds) is settlement.ts, over the ledger that writes
 * the money rows (ledger.ts). Every change locks or conditionally updates the order's row, so
 * concurrent requests, webhook replays and several API processes never apply one twice.
 */
import type { Db } from '../db/client.ts';
import { createOrderMaking } from './create.ts';
import { noEvents, type OrderEvents } from './events.ts';
import { createLifecycle } from './lifecycle.ts';
import { createOrderQueries } from './queries.ts';
import { type CardRefunds, createSettlement } from './settlement.ts';

export interface OrderServiceOptions {
  /** What happens that someone should hear about (messages/notifier.ts queues e-mails); nothing by default. */
  events?: OrderEvents;
  /** How card payments go back (the payment provider, payments/card-refunds.ts); without it refunds are recorded by the shop. */
  cardRefunds?: CardRefunds;
}

export function createOrderService(
  db: Db,
  imageUrl: (imageId: string) => string,
  { events = noEvents, cardRefunds }: OrderServiceOptions = {},
) {
  return {
    ...createOrderMaking(db, imageUrl, events),
    ...createOrderQueries(db),
    ...createLifecycle(db, events),
    ...createSettlement(db, events, cardRefunds),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
