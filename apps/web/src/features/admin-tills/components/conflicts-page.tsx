/**
 * Sync conflicts (/pos-conflicts): what a manager looks at after tills synced offline sales
 * (GET /api/pos/conflicts). Sales held for review (setting hold_for_review) each with Accept
 * (stock taken, possibly below zero) and Void (money back by its tender); each variant sold
 * below zero with the sales that took it there; and the sales a manager approved offline by
 * PIN, with what was approved.
 */
import type { ConflictSale, ConflictsView } from '@shop/shared/pos-till';
import { useQuery } from '@tanstack/react-query';
import { Badge, buttonClass, Card, ErrorNotice, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { formatNaira } from '@shop/shared/money';
import { conflictsOptions } from '@/lib/api/tills.ts';
import { useCan } from '@/lib/back-office-access.ts';
import { dateTime } from '@/lib/dates.ts';
import { stockWords } from '@/lib/stock-words.ts';
import { APPROVAL_WORDS, optionWords } from '../till-words.ts';
import { useHeldSaleActions } from '../use-conflicts.ts';

export function ConflictsPage() {
  const conflicts = useQuery(conflictsOptions());
  return (
    <div className="space-y-8">
      <PageHeader
        title="Sync conflicts"
        description="Sales the tills made offline that need a manager: held sales to accept or void, stock sold below zero, and approvals given by PIN."
      />
      {conflicts.isPending ? (
        <Spinner />
      ) : conflicts.error ? (
        <ErrorNotice>{conflicts.error.message}</ErrorNotice>
      ) : (
        <Conflicts view={conflicts.data} />
      )}
    </div>
  );
}

function Conflicts({ view }: { view: ConflictsView }) {
  const actions = useHeldSaleActions();
  // As the API asks: accepting takes stock (orders.fulfil), voiding gives money back (orders.refund).
  const can = useCan();
  return (
    <>
      <Section title="Held for review" empty="No sale is waiting for review." count={view.held.length}>
        {view.held.map((sale) => (
          <SaleCard key={sale.id} sale={sale}>
            <div className="flex gap-2">
              <button
                type="button"
                className={buttonClass.primary}
                hidden={!can('till.acceptHeld')}
                disabled={actions.busy}
                onClick={() => actions.decide(sale, 'accept')}
              >
                Accept <span className="sr-only">sale {sale.number}</span>
              </button>
              <button
                type="button"
                className={buttonClass.danger}
                hidden={!can('till.voidHeld')}
                disabled={actions.busy}
                onClick={() => actions.decide(sale, 'void')}
              >
                Void <span className="sr-only">sale {sale.number}</span>
              </button>
            </div>
          </SaleCard>
        ))}
      </Section>
      <Section title="Sold below zero" empty="No variant is below zero." count={view.oversold.length}>
        {view.oversold.map((variant) => (
          <Card key={variant.variantId}>
            <h3 className="font-semibold">
              {variant.title}
              {optionWords(variant.size, variant.colour) ? ` · ${optionWords(variant.size, variant.colour)}` : ''}
            </h3>
            <p className="text-sm text-neutral-600">
              SKU <code>{variant.sku}</code> · stock <strong className="text-red-700">{stockWords(variant.stock)}</strong> since{' '}
              {dateTime(variant.oversoldAt)}. Count the shelf and set the stock on the product’s page.
            </p>
            <ul className="mt-3 space-y-2">
              {variant.sales.map((sale) => (
                <li key={sale.id}>
                  <SaleLine sale={sale} />
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </Section>
      <Section title="Approved offline" empty="No sale was approved offline." count={view.approved.length}>
        {view.approved.map((sale) => (
          <SaleCard key={sale.id} sale={sale} />
        ))}
      </Section>
      {actions.dialog}
    </>
  );
}

function Section({ title, empty, count, children }: { title: string; empty: string; count: number; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-lg font-semibold">
        {title} <span className="text-neutral-500">({count})</span>
      </h2>
      {count === 0 ? <p className="text-sm text-neutral-600">{empty}</p> : children}
    </section>
  );
}

/** One sale in a line: number, when, where, who, total, offline. */
function SaleLine({ sale }: { sale: ConflictSale }) {
  return (
    <p className="text-sm">
      <strong>{sale.number}</strong> · {dateTime(sale.createdAt)} · {sale.tillName ?? 'Till'} ·{' '}
      {sale.cashierName ?? 'Unknown cashier'} · {formatNaira(sale.total)}{' '}
      {sale.offline ? <Badge tone="amber">Offline</Badge> : null}{' '}
      {sale.review ? (
        <Badge tone={sale.review === 'held' ? 'amber' : sale.review === 'voided' ? 'red' : 'green'}>{sale.review}</Badge>
      ) : null}
    </p>
  );
}

function SaleCard({ sale, children }: { sale: ConflictSale; children?: React.ReactNode }) {
  return (
    <Card className="space-y-2">
      <SaleLine sale={sale} />
      <ul className="text-sm text-neutral-700">
        {sale.lines.map((line) => (
          <li key={`${line.variantId}-${line.sku}-${line.quantity}`}>
            {line.quantity} × {line.title} <span className="text-neutral-500">({line.sku})</span>
          </li>
        ))}
      </ul>
      {sale.approvals.length > 0 ? (
        <ul className="text-sm text-neutral-700">
          {sale.approvals.map((approval) => (
            <li key={`${approval.action}-${approval.managerId}-${approval.at}`}>
              {APPROVAL_WORDS[approval.action]}
              {approval.amount !== undefined ? ` (${formatNaira(approval.amount)})` : ''}, approved by {approval.managerName} at{' '}
              {dateTime(approval.at)}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </Card>
  );
}
