/**
 * What happens to orders that someone should hear about. The order service calls these inside
 * the transaction of the change, so whatever they queue (messages/notifier.ts queues e-mails)
 * exists exactly when the change committed. `noEvents` says nothing: the demo's past orders
 * and the tests that do not care use it.
 */
import type { TakenStock } from '../catalog/index.ts';
import type { Tx } from '../db/client.ts';
import type { OrderRefundRow, OrderRow } from '../db/schema/index.ts';
import type { OrderWithLines } from './queries.ts';

export interface OrderEvents {
  /** A bank-transfer or pay-on-delivery order was placed online. */
  placed(tx: Tx, order: OrderWithLines): Promise<void>;
  /** The order's payments reached its total. */
  paid(tx: Tx, order: OrderWithLines): Promise<void>;
  shipped(tx: Tx, order: OrderWithLines, note: string | null): Promise<void>;
  delivered(tx: Tx, order: OrderWithLines): Promise<void>;
  /** Let go unpaid: cancelled by the shopper or the shop, or its hold ran out. */
  cancelled(tx: Tx, order: OrderWithLines): Promise<void>;
  /** Money went back (a refund processed). */
  refunded(tx: Tx, order: OrderWithLines, refund: OrderRefundRow): Promise<void>;
  /** A payment that does not check out, or a refund the provider could not pay. */
  paymentProblem(tx: Tx, order: OrderRow, kind: 'verification' | 'refund', reason: string): Promise<void>;
  /** Stock was taken: variants that fell to the shop's low-stock threshold are worth a word. */
  stockTaken(tx: Tx, taken: TakenStock[]): Promise<void>;
}

const nothing = async () => {};

export const noEvents: OrderEvents = {
  placed: nothing,
  paid: nothing,
  shipped: nothing,
  delivered: nothing,
  cancelled: nothing,
  refunded: nothing,
  paymentProblem: nothing,
  stockTaken: nothing,
};
