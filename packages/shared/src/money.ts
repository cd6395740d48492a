/**
 * Money is integer kobo everywhere inside the system (1 naira = 100 kobo).
 * The HTTP contract inherited from the original shop shows naira as plain numbers,
 * so conversion happens only at the API edge and in display code.
 */

export type Kobo = number;

/** Naira (possibly with up to 2 decimals) to integer kobo; rounds half away from zero. */
export function nairaToKobo(naira: number): Kobo {
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: Kobo): number {
  return kobo / 100;
}

/**
 * The one way to show money to a person: "₦12,500.00", "-₦20.00" below zero; what
 * Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }) writes (money.test.ts
 * compares them). Written out for whole kobo instead: building that formatter loads the
 * locale's data, and at the storefront script's start it was most of the time its top-level
 * code took on a phone's CPU (issue 32's blocking time); and a browser without en-NG's data
 * would write another format than the server's page, which hydration then finds different.
 */
export function formatNaira(kobo: Kobo): string {
  const [sign, naira, rest] = nairaParts(Math.round(kobo));
  return `${sign}₦${String(naira).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${rest}`;
}

/**
 * The same, for an amount the API sends in naira (its contract shows naira as numbers):
 * "₦12,500.00". Rounded to the kobo first, so 0.1 + 0.2 shows as ₦0.30.
 */
export function formatNairaAmount(naira: number): string {
  return formatNaira(nairaToKobo(naira));
}

/** Integer kobo as naira text with 2 decimals, exactly, as the original API's totals: 2500000 → "25000.00". */
export function koboToNairaText(kobo: Kobo): string {
  const [sign, naira, rest] = nairaParts(kobo);
  return `${sign}${naira}.${rest}`;
}

/** Whole kobo as its sign, its whole naira and its two digits of kobo: -250005 → ['-', 2500, '05']. */
function nairaParts(kobo: Kobo): [sign: '' | '-', naira: number, kobo: string] {
  const abs = Math.abs(kobo);
  return [kobo < 0 ? '-' : '', Math.floor(abs / 100), String(abs % 100).padStart(2, '0')];
}

/** Sale price = price − discount, never below 0 (discount is an amount, not a percentage). */
export function salePrice(priceKobo: Kobo, discountKobo: Kobo): Kobo {
  return Math.max(0, priceKobo - discountKobo);
}
