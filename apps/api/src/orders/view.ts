/** The API's view of an order: money in naira, dates as ISO strings, what may happen next. */
import {
  koboToNaira,
  type OrderStatus,
  type OrderView,
  SHOPPER_CANCELLABLE,
  type StoreSettings,
  type TransferInstructions,
  transferEnabled,
} from '@shop/shared';
import type { OrderWithLines } from './queries.ts';
import { TRANSITIONS } from './lifecycle.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A pay-on-delivery order the shop has still to confirm with the shopper (it expires otherwise). */
export const awaitingConfirmation = (order: Pick<OrderWithLines, 'status' | 'paymentMethod' | 'shopConfirmedAt'>) =>
  order.status === 'confirmed' && order.paymentMethod === 'pod' && order.shopConfirmedAt === null;

type Bank = Pick<StoreSettings, 'bankName' | 'bankAccountName' | 'bankAccountNumber'>;

/** Where an unpaid bank-transfer order is to be paid, and by when; null for any other order. */
export function transferInstructionsFor(order: OrderWithLines, bank: Bank | undefined): TransferInstructions | null {
  if (!bank || order.paymentMethod !== 'transfer' || order.channel === 'pos') return null;
  if (order.status !== 'pending' || order.amountPaid >= order.total || !transferEnabled(bank)) return null;
  return {
    bankName: bank.bankName,
    accountName: bank.bankAccountName,
    accountNumber: bank.bankAccountNumber,
    amount: koboToNaira(order.total - order.amountPaid),
    reference: order.number,
    payBy: iso(order.expiresAt),
  };
}

/** `bank`: the shop's settings, for a transfer order's instructions. */
export function toOrderView(order: OrderWithLines, bank?: Bank): OrderView {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    channel: order.channel,
    email: order.email,
    contactEmail: order.contactEmail,
    name: order.name,
    phone: order.phone,
    address: order.address,
    city: order.city,
    state: order.state,
    country: order.country,
    subtotal: koboToNaira(order.subtotal),
    discount: koboToNaira(order.discount),
    couponDiscount: koboToNaira(order.couponDiscount),
    couponCode: order.couponCode,
    deliveryFee: koboToNaira(order.deliveryFee),
    delivery: order.deliveryMethod
      ? {
          method: order.deliveryMethod,
          kind: order.deliveryKind ?? 'flat',
          etaDays: order.deliveryEtaDays,
          pickupAddress: order.pickupAddress ?? '',
        }
      : null,
    total: koboToNaira(order.total),
    currency: order.currency,
    paymentStatus: order.paymentStatus,
    amountPaid: koboToNaira(order.amountPaid),
    amountRefunded: koboToNaira(order.amountRefunded),
    balanceDue: koboToNaira(Math.max(0, order.total - order.amountPaid)),
    invoiceNumber: order.invoiceNumber,
    payments: order.payments.map((p) => ({
      id: p.id,
      method: p.method,
      amount: koboToNaira(p.amount),
      reference: p.reference,
      createdAt: p.createdAt.toISOString(),
    })),
    refunds: order.refunds.map((r) => ({
      id: r.id,
      amount: koboToNaira(r.amount),
      reason: r.reason,
      status: r.status,
      method: r.method,
      restocked: r.restocked,
      failureReason: r.failureReason,
      note: r.note,
      createdAt: r.createdAt.toISOString(),
      processedAt: iso(r.processedAt),
    })),
    transfer: transferInstructionsFor(order, bank),
    cancellable: (SHOPPER_CANCELLABLE as readonly OrderStatus[]).includes(order.status) && order.amountPaid === 0,
    paymentProvider: order.paymentProvider,
    paymentMethod: order.paymentMethod,
    paymentReference: order.paymentReference,
    failureReason: order.failureReason,
    paidAt: iso(order.paidAt),
    expiresAt: iso(order.expiresAt),
    shopConfirmedAt: iso(order.shopConfirmedAt),
    awaitingConfirmation: awaitingConfirmation(order),
    archivedAt: iso(order.archivedAt),
    createdAt: order.createdAt.toISOString(),
    lines: order.lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      variantId: l.variantId,
      sku: l.sku,
      title: l.title,
      imageUrl: l.imageUrl,
      color: l.color,
      size: l.size,
      unitPrice: koboToNaira(l.unitPrice),
      unitDiscount: koboToNaira(l.unitDiscount),
      quantity: l.quantity,
      lineTotal: koboToNaira((l.unitPrice - l.unitDiscount) * l.quantity),
      restockedQuantity: l.restockedQuantity,
    })),
    allowedTransitions: [...TRANSITIONS[order.status]],
  };
}
