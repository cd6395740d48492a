/** How a payment method reads, everywhere (order pages, invoices, e-mails). */

const WORDS: Record<string, string> = {
  paystack: 'Card',
  card: 'Card',
  sandbox: 'Card (sandbox)',
  transfer: 'Bank transfer',
  pod: 'Pay on delivery',
  cash: 'Cash',
};

/** "Card", "Bank transfer", "Pay on delivery", "Cash"; an unknown method as it is. */
export const paymentMethodWords = (method: string): string => WORDS[method] ?? method;

/** How an order was (to be) paid, in words; a sale at the point of sale says so: "Cash (at the shop)". '' when none. */
export function orderPaymentWords(order: { channel: string; paymentMethod: string | null }): string {
  if (!order.paymentMethod) return '';
  const words = paymentMethodWords(order.paymentMethod);
  return order.channel === 'pos' ? `${words} (at the shop)` : words;
}
