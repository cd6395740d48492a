/**
 * The pay-on-delivery report (issue 30): per state, how the period's pay-on-delivery orders
 * ended, so a shop can decide where to keep offering it (docs/decisions/0025, "Pay on
 * delivery"). One statement per period over the orders alone.
 *
 * An order counts on the Lagos day it was created (archived ones left out, as every report).
 * Its end is read from what the orders feature records: the payment status for the money, and
 * a cancelled order's `failure_reason` for why (MESSAGES_ORDER's refused-at-delivery and
 * not-confirmed-in-time). To collect: sent (`fulfilled`) or `delivered` with nothing paid yet.
 */
import { sql } from 'drizzle-orm';
import { MESSAGES_ORDER, type PodFigures, type PodReport, type PodRow, type ReportQuery } from '@shop/shared';
import { type Db, rowsOf } from '../db/client.ts';
import { type CsvValue, csvRow } from '../lib/csv.ts';
import { lagosDayEnd, lagosDayStart } from '../lib/lagos-days.ts';
import { koboToNairaText } from '@shop/shared';
import { changes, comparisonPeriod, type Period, round2 } from './period.ts';
import { MONEY_IN_SQL } from './sales.ts';

interface RawPod {
  key: string;
  label: string;
  sent: string;
  paid: string;
  refused: string;
  unconfirmed: string;
  collect_orders: string;
  collect: string;
}

/** Per state, or (`total`) the period's totals in one row. */
function podStatement(period: Period, total: boolean) {
  const key = total ? sql`''` : sql`coalesce(nullif(state, ''), 'unknown')`;
  const label = total ? sql`'Total'` : sql`coalesce(nullif(state, ''), 'Unknown')`;
  return sql`
    select ${key} as key, min(${label}) as label, count(*) as sent,
      count(*) filter (where payment_status in ${MONEY_IN_SQL}) as paid,
      count(*) filter (where status = 'cancelled' and failure_reason = ${MESSAGES_ORDER.refusedAtDelivery}) as refused,
      count(*) filter (where status = 'cancelled' and failure_reason = ${MESSAGES_ORDER.notConfirmedInTime}) as unconfirmed,
      count(*) filter (where status in ('fulfilled', 'delivered') and payment_status = 'unpaid') as collect_orders,
      coalesce(sum(total - amount_paid) filter (where status in ('fulfilled', 'delivered') and payment_status = 'unpaid'), 0) as collect
    from orders
    where payment_method = 'pod' and archived_at is null
      and created_at >= ${lagosDayStart(period.from)} and created_at < ${lagosDayEnd(period.to)}
    ${total ? sql`` : sql`group by 1`}`;
}

function figures(raw: RawPod | undefined): PodFigures {
  const n = (v: string | undefined) => Number(v ?? 0);
  const sent = n(raw?.sent);
  const refused = n(raw?.refused);
  const unconfirmed = n(raw?.unconfirmed);
  return {
    sent,
    paid: n(raw?.paid),
    refused,
    unconfirmed,
    failureRate: sent === 0 ? null : round2(((refused + unconfirmed) * 100) / sent),
    toCollectOrders: n(raw?.collect_orders),
    toCollect: n(raw?.collect),
  };
}

export async function podReport(db: Db, query: ReportQuery): Promise<PodReport> {
  const period = { from: query.from, to: query.to };
  const compared = query.compare ? comparisonPeriod(period, query.compare) : null;
  const [rows, [totals], comparison] = await Promise.all([
    rowsOf<RawPod>(db, podStatement(period, false)),
    rowsOf<RawPod>(db, podStatement(period, true)),
    compared ? rowsOf<RawPod>(db, podStatement(compared, true)) : Promise.resolve(null),
  ]);
  const out: PodRow[] = rows.map((raw) => ({ key: raw.key, label: raw.label, ...figures(raw) }));
  out.sort((a, b) => b.sent - a.sent || a.label.localeCompare(b.label));
  const now = figures(totals);
  const then = comparison ? figures(comparison[0]) : null;
  return {
    ...period,
    rows: out,
    totals: now,
    comparison: compared && then ? { ...compared, totals: then, change: changes(now, then) } : null,
  };
}

const COLUMNS: [string, (f: PodFigures) => CsvValue][] = [
  ['Sent', (f) => f.sent],
  ['Paid', (f) => f.paid],
  ['Refused at delivery', (f) => f.refused],
  ['Not confirmed in time', (f) => f.unconfirmed],
  ['Failure rate %', (f) => f.failureRate],
  ['Orders to collect', (f) => f.toCollectOrders],
  ['To collect', (f) => koboToNairaText(f.toCollect)],
];

/** A row per state, then the totals; money in naira. */
export function podCsv(report: PodReport): string {
  let csv = `\uFEFF${csvRow(['State', ...COLUMNS.map(([name]) => name)])}`;
  for (const row of report.rows) csv += csvRow([row.label, ...COLUMNS.map(([, cell]) => cell(row))]);
  return csv + csvRow(['Total', ...COLUMNS.map(([, cell]) => cell(report.totals))]);
}
