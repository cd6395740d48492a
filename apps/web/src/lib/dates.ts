/**
 * Dates as shoppers read them: in the shop's time zone, so a page rendered on the server
 * (UTC) and hydrated in the browser (any zone) says the same day.
 */
const SHOP_TIME_ZONE = 'Africa/Lagos';

const long = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SHOP_TIME_ZONE });
const short = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE });

/** "22 November 2026" */
export const longDate = (iso: string) => long.format(new Date(iso));
/** "22 Nov 2026" */
export const shortDate = (iso: string) => short.format(new Date(iso));
