/**
 * A drawer's Z-report (/drawers/:id): sales by tender, refunds, discounts (markdowns, coupons
 * and the till's own, apart), sales by cashier, pay-ins and pay-outs, and the cash: float +
 * cash sales − cash refunds + pay-ins − pay-outs = expected, against what was counted. Printed
 * on A4 from the browser (the back office's frame is left out of the print), or downloaded as
 * CSV (…/report.csv).
 */
import type { ZReport } from '@shop/shared/pos-drawers';
import { formatNaira } from '@shop/shared/money';
import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass, ErrorNotice, Spinner } from '@/components/admin/ui.tsx';
import { downloadZReport, zReportOptions } from '@/lib/api/tills.ts';
import { dateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.tsx';
import { TENDER_WORDS } from '../till-words.ts';
import { overShortWords } from './drawers-page.tsx';

export function ZReportPage() {
  const id = useParams().id ?? '';
  const report = useQuery(zReportOptions(id));
  if (report.isPending) return <Spinner />;
  if (report.error) return <ErrorNotice>{report.error.message}</ErrorNotice>;
  const r = report.data;
  const download = () =>
    downloadZReport(id, `z-report-${r.drawer.tillName}-${r.drawer.openedAt.slice(0, 10)}.csv`).catch((error: Error) =>
      notify.error(error.message, { area: 'admin' }),
    );
  return (
    <article aria-labelledby="z-report-title" className="mx-auto max-w-3xl space-y-6 bg-white p-6 print:max-w-none print:p-0">
      <style>{'@media print { @page { size: A4; margin: 15mm; } }'}</style>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Link to="/drawers" className={buttonClass.secondary}>
          All drawers
        </Link>
        <button type="button" className={buttonClass.primary} onClick={() => window.print()}>
          <Printer size={16} aria-hidden="true" /> Print
        </button>
        <button type="button" className={buttonClass.secondary} onClick={download}>
          <Download size={16} aria-hidden="true" /> Download CSV
        </button>
      </div>
      <header>
        <h1 id="z-report-title" className="text-2xl font-semibold">
          Z-report · {r.drawer.tillName}
        </h1>
        <p className="text-sm text-neutral-600">
          {r.storeName} · opened {dateTime(r.drawer.openedAt)}
          {r.drawer.openedBy ? ` by ${r.drawer.openedBy}` : ''} ·{' '}
          {r.drawer.closedAt
            ? `closed ${dateTime(r.drawer.closedAt)}${r.drawer.closedBy ? ` by ${r.drawer.closedBy}` : ''}`
            : 'still open'}
        </p>
      </header>
      <ReportTable
        title="Sales by tender"
        rows={r.tenders.map((t) => [TENDER_WORDS[t.type], `${t.count}`, formatNaira(t.amount)])}
        head={['Tender', 'Sales', 'Amount']}
      >
        <Total label={'All sales'} middle={`${r.sales.count}`} value={formatNaira(r.sales.total)} />
      </ReportTable>
      <ReportTable
        title="Refunds"
        rows={r.refunds.byTender.map((t) => [TENDER_WORDS[t.type], formatNaira(t.amount)])}
        head={['Given back by', 'Amount']}
      >
        <Total label={`${r.refunds.count} refunds`} value={formatNaira(r.refunds.total)} />
      </ReportTable>
      <ReportTable
        title="Discounts"
        head={['Kind', 'Amount']}
        rows={[
          ['Markdowns', formatNaira(r.discounts.markdowns)],
          ['Coupons', formatNaira(r.discounts.coupons)],
          ['Till discounts and price changes', formatNaira(r.discounts.till)],
          ['Exchanges (paid by returned goods)', formatNaira(r.exchanges.credit)],
        ]}
      />
      <ReportTable
        title="By cashier"
        head={['Cashier', 'Sales', 'Total']}
        rows={r.cashiers.map((c) => [c.name, `${c.sales}`, formatNaira(c.total)])}
      />
      <ReportTable
        title="Pay-ins and pay-outs"
        head={['When', 'Kind', 'Reason', 'Amount']}
        rows={r.movements.map((m) => [
          dateTime(m.createdAt),
          m.kind === 'pay_in' ? 'Pay-in' : 'Pay-out',
          m.reason,
          formatNaira(m.amount),
        ])}
      />
      <CashSummary cash={r.cash} />
    </article>
  );
}

function CashSummary({ cash }: { cash: ZReport['cash'] }) {
  const rows: [string, string][] = [
    ['Float', formatNaira(cash.float)],
    ['+ Cash sales', formatNaira(cash.sales)],
    ['− Cash refunds', formatNaira(cash.refunds)],
    ['+ Pay-ins', formatNaira(cash.payIns)],
    ['− Pay-outs', formatNaira(cash.payOuts)],
  ];
  return (
    <ReportTable title="Cash in the drawer" head={['Item', 'Amount']} rows={rows}>
      <Total label={'Expected'} value={formatNaira(cash.expected)} />
      <Total label={'Counted'} value={cash.counted === null ? 'Not counted yet' : formatNaira(cash.counted)} />
      <Total label={'Over / short'} value={cash.overShort === null ? '—' : overShortWords(cash.overShort)} />
    </ReportTable>
  );
}

function ReportTable({ title, head, rows, children }: { title: string; head: string[]; rows: string[][]; children?: ReactNode }) {
  return (
    <section className="break-inside-avoid">
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{title}</caption>
        <thead className="border-b border-neutral-300 text-xs uppercase text-neutral-600">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`py-1 ${i === head.length - 1 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="py-1 text-neutral-500">
                None
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.join('|')} className="border-b border-neutral-100">
                {head.map((column, i) => (
                  <td key={column} className={`py-1 ${i === head.length - 1 ? 'text-right tabular-nums' : ''}`}>
                    {row[i]}
                  </td>
                ))}
              </tr>
            ))
          )}
          {children}
        </tbody>
      </table>
    </section>
  );
}

/** A total row: its label first, its amount last (a count between, in a table of three columns). */
function Total({ label, value, middle }: { label: string; value: string; middle?: string }) {
  return (
    <tr className="font-semibold">
      <td className="py-1">{label}</td>
      {middle === undefined ? null : <td className="py-1">{middle}</td>}
      <td className="py-1 text-right tabular-nums">{value}</td>
    </tr>
  );
}
