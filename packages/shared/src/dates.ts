/**
 * Dates as people read them, in the shop's time zone (Lagos) whatever the machine's zone:
 * the storefront, the back office and the e-mails all say the same day. Each formatter shows
 * nothing for a missing date.
 */
import { SHOP_TIME_ZONE } from './constants.ts';

type DateLike = string | Date | null | undefined;

/** A formatter with these options, in the shop's time zone. */
export function shopDateFormat(options: Intl.DateTimeFormatOptions): (date: DateLike) => string {
  const formatter = new Intl.DateTimeFormat('en-NG', { ...options, timeZone: SHOP_TIME_ZONE });
  return (date) => (date ? formatter.format(typeof date === 'string' ? new Date(date) : date) : '');
}
