/**
 * Calendar days in the shop's time zone (Africa/Lagos) as SQL, as the orders filters take
 * them: a day YYYY-MM-DD starts at its midnight in Lagos, and a range's last day is included.
 */
import { type SQL, sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '@shop/shared';

// A constant of ours, not input: written into the SQL so identical expressions group together.
export const SHOP_TZ = sql.raw(`'${SHOP_TIME_ZONE}'`);

/** The moment the Lagos day `day` starts. */
export const lagosDayStart = (day: string): SQL => sql`(${day}::date::timestamp at time zone ${SHOP_TZ})`;
/** The moment after the Lagos day `day` ends (the next day's start). */
export const lagosDayEnd = (day: string): SQL => sql`((${day}::date + 1)::timestamp at time zone ${SHOP_TZ})`;

/** YYYY-MM-DD plus n days (calendar arithmetic in UTC, so no clock change can skew it). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
}
