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
