/**
 * Overview: revenue and orders for today, 7 and 30 days (and what the 30 days were made of),
 * today and the last 30 days compared by the sales report's definitions (sales-comparisons.tsx),
 * the 30-day chart, top products, low stock and recent orders.
 */
import { Link } from 'react-router';
import { dateTime } from '@/lib/dates.ts';
import { variantLabel } from '@/lib/product.ts';
import { formatNairaAmount } from '@shop/shared/money';
import { Badge, Card, ErrorNotice, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { statsOptions } from '@/lib/api/stats.ts';
import { RevenueChart } from './revenue-chart.tsx';
import { SalesComparisons } from './sales-comparisons.tsx';
import { useQuery } from '@tanstack/react-query';

function Figure({ label, revenue, orders }: { label: string; revenue: number; orders: number }) {
  return (
    <Card>
      <h2 className="text-sm font-medium text-neutral-600">{label}</h2>
      <p className="mt-2 text-2xl font-semibold tracking-tight">{formatNairaAmount(revenue)}</p>
      <p className="mt-1 text-sm text-neutral-600">
        {orders} {orders === 1 ? 'order' : 'orders'}
      </p>
    </Card>
  );
}

export function OverviewPage() {
  const stats = useQuery(statsOptions());
  if (stats.isPending) return <Spinner />;
  if (stats.error) {
    return (
      <>
        <PageHeader title="Overview" />
        <ErrorNotice>{stats.error.message}</ErrorNotice>
      </>
    );
  }
  const s = stats.data;

  return (
    <>
      <PageHeader title="Overview" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Figure label="Today" {...s.today} />
        <Figure label="Last 7 days" {...s.last7Days} />
        <Figure label="Last 30 days" {...s.last30Days} />
      </div>
      <SalesComparisons comparisons={s.comparisons} />
      <Card className="mt-4">
        <h2 className="text-sm font-medium text-neutral-600">Last 30 days’ sales, made of</h2>
        <dl className="mt-2 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          {(
            [
              ['Goods', formatNairaAmount(s.last30DaysBreakdown.goods)],
              ['Discounts', `−${formatNairaAmount(s.last30DaysBreakdown.discount)}`],
              ['Delivery', formatNairaAmount(s.last30DaysBreakdown.delivery)],
              ['Total', formatNairaAmount(s.last30DaysBreakdown.total)],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-neutral-600">{label}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card className="mt-6">
        <h2 className="mb-3 text-base font-semibold">Revenue, last 30 days</h2>
        <RevenueChart daily={s.daily} />
      </Card>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card>
          <h2 className="mb-3 text-base font-semibold">Top products</h2>
          {s.topProducts.length === 0 ? <p className="text-sm text-neutral-500">No sales in the last 30 days.</p> : null}
          <ol className="space-y-2 text-sm">
            {s.topProducts.map((p) => (
              <li key={p.productId} className="flex justify-between gap-3">
                <Link to={`/viewproduct/${p.productId}`} className="truncate hover:underline">
                  {p.title}
                </Link>
                <span className="shrink-0 text-neutral-600">
                  {p.units} sold · {formatNairaAmount(p.revenue)}
                </span>
              </li>
            ))}
          </ol>
        </Card>
        <Card>
          <h2 className="mb-3 flex items-center justify-between text-base font-semibold">
            Low stock {s.lowStockTotal > 0 ? <Badge tone="amber">{s.lowStockTotal}</Badge> : null}
          </h2>
          {s.lowStock.length === 0 ? <p className="text-sm text-neutral-500">Every product is well stocked.</p> : null}
          <ul className="space-y-2 text-sm">
            {/* One row per variant (two sizes of a product can both be low); each has 1 to the threshold left. */}
            {s.lowStock.map((p) => (
              <li key={p.variantId} className="flex justify-between gap-3">
                <Link to={`/editproduct/${p.id}`} className="truncate hover:underline">
                  {p.title}
                  {variantLabel(p) ? <span className="text-neutral-600"> ({variantLabel(p)})</span> : null}
                </Link>
                <Badge tone="amber">{p.counter} left</Badge>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <h2 className="mb-3 text-base font-semibold">Recent orders</h2>
          {s.recentOrders.length === 0 ? <p className="text-sm text-neutral-500">No orders yet.</p> : null}
          <ul className="space-y-2 text-sm">
            {s.recentOrders.map((o) => (
              <li key={o.id} className="flex justify-between gap-3">
                <span className="min-w-0">
                  <Link to={`/purchasetable/${o.id}`} className="font-medium hover:underline">
                    {o.number}
                  </Link>
                  <span className="block truncate text-xs text-neutral-500">
                    {o.customerName} · {dateTime(o.createdAt)}
                  </span>
                </span>
                <span className="shrink-0 text-right">
                  {formatNairaAmount(o.total)}
                  <span className="block text-xs text-neutral-500">{o.status}</span>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
