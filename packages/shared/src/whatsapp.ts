/**
 * WhatsApp links, in a module of their own without zod: the product page and the order page link
 * to the shop's chat, and when this lived in messages.ts the product page carried the
 * messages' zod schemas (about 25 kB gzip) into its hydration for one string function.
 */

/** A wa.me link to the shop's number (digits only, country code first) with a message typed in; null without a number. */
export function whatsappLink(number: string, text: string): string | null {
  const digits = number.replace(/\D/g, '');
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/**
 * A phone number as a customer gives it, in the digits wa.me wants (country code first): a
 * Nigerian number written locally (0803 123 4567) gets 234 for its 0; one with a country code
 * (+234 803…, +44 7…) keeps it. Empty when it has too few digits to be a number.
 */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (/^0\d{10}$/.test(digits)) return `234${digits.slice(1)}`;
  return digits.length >= 8 ? digits : '';
}
