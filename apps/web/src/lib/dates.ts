/**
 * Dates as people read them, storefront and back office alike: in the shop's time zone
 * (Lagos), so a page rendered on the server (UTC) and hydrated in the browser (any zone)
 * says the same day, and an order placed at 00:30 in Lagos is not shown as the day before.
 * Every function shows nothing for a missing date.
 */
import { shopDateFormat as format } from '@shop/shared/dates';

/** "22 November 2026" */
export const longDate = format({ day: 'numeric', month: 'long', year: 'numeric' });
/** "22 Nov 2026" */
export const shortDate = format({ day: 'numeric', month: 'short', year: 'numeric' });
/** "22 Nov 2026, 14:05" */
export const dateTime = format({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** "14:05" */
export const time = format({ hour: '2-digit', minute: '2-digit' });
