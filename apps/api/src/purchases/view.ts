/**
 * An order as the original back office's purchases table shows it: one flat row per order
 * (line titles, colours and sizes joined with ", "), naira numbers and `totalPrice` as text
 * with 2 decimals; and the columns of its CSV export.
 */
import { type Purchase, koboToNaira, koboToNairaText } from '@shop/shared';
import type { OrderWithLines } from '../orders/index.ts';
import { awaitingConfirmation } from '../orders/index.ts';

const joined = (values: string[]) => values.filter((v) => v.trim() !== '').join(', ');

export function toPurchase(order: OrderWithLines): Purchase {
  return {
    id: order.id,
    title: order.lines.map((l) => l.title).join(', '),
    email: order.email,
    price: koboToNaira(order.subtotal),
    description: '',
    color: joined(order.lines.map((l) => l.color)),
    size: joined(order.lines.map((l) => l.size)),
    quantity: order.lines.reduce((sum, l) => sum + l.quantity, 0),
    totalPrice: koboToNairaText(order.total),
    categoryId: order.lines[0]?.categoryId ?? null,
    discount: koboToNaira(order.discount),
    couponDiscount: koboToNaira(order.couponDiscount),
    couponCode: order.couponCode,
    deliveryFee: koboToNaira(order.deliveryFee),
    deliveryMethod: order.deliveryMethod,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    invoiceNumber: order.invoiceNumber,
    channel: order.channel,
    customerName: order.name,
    awaitingConfirmation: awaitingConfirmation(order),
    createdAt: order.createdAt.toISOString(),
    archivedAt: order.archivedAt ? order.archivedAt.toISOString() : null,
  };
}

export const PURCHASE_CSV_COLUMNS: [string, (p: Purchase) => string | number | null][] = [
  ['number', (p) => p.number],
  ['createdAt', (p) => p.createdAt],
  ['status', (p) => p.status],
  ['paymentStatus', (p) => p.paymentStatus],
  ['paymentMethod', (p) => p.paymentMethod],
  ['invoiceNumber', (p) => p.invoiceNumber],
  ['channel', (p) => p.channel],
  ['customerName', (p) => p.customerName],
  ['email', (p) => p.email],
  ['title', (p) => p.title],
  ['color', (p) => p.color],
  ['size', (p) => p.size],
  ['quantity', (p) => p.quantity],
  ['price', (p) => p.price.toFixed(2)],
  ['discount', (p) => p.discount.toFixed(2)],
  ['couponCode', (p) => p.couponCode],
  ['couponDiscount', (p) => p.couponDiscount.toFixed(2)],
  ['deliveryMethod', (p) => p.deliveryMethod],
  ['deliveryFee', (p) => p.deliveryFee.toFixed(2)],
  ['totalPrice', (p) => p.totalPrice],
  ['categoryId', (p) => p.categoryId],
  ['archivedAt', (p) => p.archivedAt],
  ['id', (p) => p.id],
];
