/**
 * The orders' public surface: what other features, the plugins and the app may use. The
 * modules behind it (create, queries, lifecycle, settlement, ledger, ...) are the orders' own;
 * lint refuses imports of them from outside this folder.
 */
export { default as orderRoutes } from './routes.ts';
export { type OrderServiceOptions, createOrderService, type OrderService } from './service.ts';
export {
  assertValidLines,
  type ContactInput,
  type CreateOrderInput,
  DEFAULT_PENDING_MS,
  INVALID_LINES,
  type LineInput,
} from './create.ts';
export { noEvents, type OrderEvents } from './events.ts';
export { PAYMENT_NOT_IN_TIME } from './lifecycle.ts';
export type { TillSale } from './till-sale.ts';
export { paystackLocalFee } from './fees.ts';
export { isVisibleTo, type OrderWithLines, type Viewer, viewerOf } from './queries.ts';
export {
  type CardRefundAnswer,
  type CardRefunds,
  noAnswerNote,
  type PaymentOutcome,
  REFERENCE_USED,
  REFUND_REFUSED,
  REFUND_UNCHECKED,
} from './settlement.ts';
export { awaitingConfirmation, toOrderView, transferInstructionsFor } from './view.ts';
