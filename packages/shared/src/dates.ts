/**
 * Dates as people read them, in the shop's time zone (Lagos) whatever the machine's zone:
 * the storefront, the back office and the e-mails all say the same day. Each formatter shows
 * nothing for a missing date.
 */
import { SHOP_TIME_ZONE } from './constants.ts';

type DateLike = string | Date | null | undefined;

/**
 * A formatter with these options, in the shop's time zone. The Intl formatter is made at the
 * first date it formats: making one costs a few milliseconds (13 ms for the storefront's four
 * on a fast machine, four times that on a phone), which a page that shows no date should not
 * pay while its script loads (issue 32, the product page's blocking time).
 */
export function shopDateFormat(options: Intl.DateTimeFormatOptions): (date: DateLike) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (date) => {
    if (!date) return '';
    formatter ??= new Intl.DateTimeFormat('en-NG', { ...options, timeZone: SHOP_TIME_ZONE });
    return formatter.format(typeof date === 'string' ? new Date(date) : date);
  };
}
