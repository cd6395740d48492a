/**
 * The words and figures the templates share: dates in the shop's time zone, payment methods
 * in words, a line's size and colour. Money is always `formatNairaAmount` (naira numbers).
 */
import { type OrderView, orderPaymentWords, shopDateFormat } from '@shop/shared';

type OrderLine = OrderView['lines'][number];

/** "Sunday, 22 November 2026 at 14:05", in Lagos whatever the server's zone. */
export const lagosDateTime = shopDateFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
/** "22 November 2026", in Lagos. */
export const lagosDate = shopDateFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/** The first name of an order's "Adaeze Okafor", for a greeting; '' when there is none. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** "Hi Adaeze," or "Hello," without a name. */
export const greeting = (firstName: string) => (firstName.trim() ? `Hi ${firstName.trim()},` : 'Hello,');

/** "2 days", "1 day". */
export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** "1 unit", "3 units". */
export const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** "Size medium · Colour Indigo", either part left out when the line has none. */
export function variantText(line: Pick<OrderLine, 'size' | 'color'>): string {
  return [line.size && `Size ${line.size}`, line.color && `Colour ${line.color}`].filter(Boolean).join(' · ');
}

/** How the order was (to be) paid, in words: "Card", "Bank transfer", "Pay on delivery", "Cash (at the shop)". */
export const paymentMethodText = (order: Pick<OrderView, 'channel' | 'paymentMethod'>) =>
  orderPaymentWords(order) || 'Not recorded';

/** Where an order goes, on one line: "14 Allen Avenue, Ikeja, Lagos Mainland"; '' for none (a counter sale). */
export function addressText(order: Pick<OrderView, 'address' | 'city' | 'state'>): string {
  return [order.address, order.city, order.state]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** "3 items" (units, not lines). */
export function itemCount(order: Pick<OrderView, 'lines'>): string {
  const n = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}
