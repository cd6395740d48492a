/** The API's view of an order: money in naira, dates as ISO strings, what may happen next. */
import { koboToNaira, type OrderView } from '@shop/shared';
import type { OrderWithLines } from './service.ts';
import { TRANSITIONS } from './service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrderView(order: OrderWithLines): OrderView {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    channel: order.channel,
    email: order.email,
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
    paymentProvider: order.paymentProvider,
    paymentMethod: order.paymentMethod,
    paymentReference: order.paymentReference,
    failureReason: order.failureReason,
    paidAt: iso(order.paidAt),
    expiresAt: iso(order.expiresAt),
    archivedAt: iso(order.archivedAt),
    createdAt: order.createdAt.toISOString(),
    lines: order.lines.map((l) => ({
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
    })),
    allowedTransitions: [...TRANSITIONS[order.status]],
  };
}
