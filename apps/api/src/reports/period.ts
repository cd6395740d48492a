/**
 * A report's period (Lagos days, both ends included): how a report reads it (its whole months
 * from the monthly rollup, its other days from the facts: docs/decisions/0034), the period a
 * comparison looks at, and the change from one to the other.
 */
import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '../lib/lagos-days.ts';

export interface Period {
  from: string;
  to: string;
}

/**
 * The whole Lagos calendar months inside a period: from the first day of the first to the first
 * day after the last (`until`); null when the period holds none.
 */
export function wholeMonths(period: Period): { from: string; until: string } | null {
  const from = period.from.endsWith('-01') ? period.from : `${addDays(`${period.from.slice(0, 8)}01`, 32).slice(0, 8)}01`;
  const after = addDays(period.to, 1);
  const until = after.endsWith('-01') ? after : `${period.to.slice(0, 8)}01`;
  return from < until ? { from, until } : null;
}

/**
 * How a report reads a period: its whole months (wholeMonths) from the rollup, and the facts of
 * one split (`kind`) on its other days (all of them without a whole month), as a from-item `f`:
 * a range of days each, read by the split's day index (one condition with an `or` of the two
 * ranges had the planner read the payment split's whole index).
 */
export function periodReading(period: Period): {
  months: { from: string; until: string } | null;
  facts: (kind: 'line' | 'payment') => SQL;
} {
  const months = wholeMonths(period);
  const ranges = (
    months
      ? [
          [period.from, addDays(months.from, -1)],
          [months.until, period.to],
        ]
      : [[period.from, period.to]]
  ).filter(([from, to]) => from! <= to!);
  const facts = (kind: 'line' | 'payment') =>
    ranges.length === 0
      ? sql`(select * from sales_facts where false) f`
      : sql`(${sql.join(
          ranges.map(
            ([from, to]) => sql`select * from sales_facts where kind = ${kind} and day >= ${from}::date and day <= ${to}::date`,
          ),
          sql` union all `,
        )}) f`;
  return { months, facts };
}

export const round2 = (x: number) => Math.round(x * 100) / 100;

/** The period a comparison looks at: the same number of days just before, or the same days a year earlier. */
export function comparisonPeriod(period: Period, compare: 'previous_period' | 'previous_year'): Period {
  if (compare === 'previous_period') {
    const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1;
    return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
  }
  return { from: yearEarlier(period.from), to: yearEarlier(period.to) };
}

/** The same calendar day a year earlier; 29 February becomes the 28th. */
function yearEarlier(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y! - 1, m! - 1, d!));
  if (date.getUTCMonth() !== m! - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Each total's change in %, 2 decimals; null when the comparison's was 0 (or either is unknown). */
export function changes<T extends object>(now: T, then: T): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [name, value] of Object.entries(now)) {
    const before = then[name as keyof T];
    out[name] =
      typeof value !== 'number' || typeof before !== 'number' || before === 0
        ? null
        : round2(((value - before) * 100) / Math.abs(before));
  }
  return out;
}
