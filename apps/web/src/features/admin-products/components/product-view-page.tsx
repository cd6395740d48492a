/**
 * Product details, admin (/viewproduct/{id}): the main fields and first image, the stock
 * of each size and colour with its waiting back-in-stock alerts (issue 31), an Additional
 * Details list ('N/A' when empty), its history (who changed what, when), Edit, and Delete
 * after the spec's question → /producttable. A failed load shows the spec's
 * message with Return to Products.
 */
import type { Product } from '@shop/shared/catalog';
import { ArrowLeft, Pencil, Printer, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { HistoryCard } from '@/components/admin/history-card.tsx';
import { dateTime } from '@/lib/dates.ts';
import { formatNairaAmount } from '@shop/shared/money';
import { notify } from '@/lib/notify.tsx';
import { buttonClass, Card, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { deleteProductMutation } from '@/lib/api/product-admin.ts';
import { productHistoryOptions } from '@/lib/api/history.ts';
import { productOptions } from '@/lib/api/products.ts';
import { waitingAlertsOptions } from '@/lib/api/marketing.ts';
import { StockCell } from './stock-cell.tsx';
import { settingsOptions } from '@/lib/api/settings.ts';
import { useCan } from '@/lib/back-office-access.ts';
import { useQuery, useMutation } from '@tanstack/react-query';

export const DELETE_QUESTION = 'Are you sure you want to delete this product?';
export const DETAILS_FAILED = 'Failed to load product details';

const orNA = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? 'N/A' : value;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-4 border-b border-neutral-100 py-2.5 text-sm last:border-0">
      <dt className="text-neutral-600">{label}</dt>
      <dd className="col-span-2 font-medium text-neutral-900">{children}</dd>
    </div>
  );
}

/** The "remaining simple fields" of the spec's Additional Details. */
function additionalDetails(p: Product): [string, ReactNode][] {
  return [
    ['Description', orNA(p.description)],
    ['Color', orNA(p.color)],
    ['Sizes', orNA(p.size.join(', '))],
    ['Availability', orNA(p.availability)],
    ['Sale price', formatNairaAmount(p.salePrice)],
    ['Rating', p.ratingCount > 0 ? `${p.ratingAverage.toFixed(1)} (${p.ratingCount})` : 'N/A'],
    ['Images', p.imageUrls.length],
    ['Created', orNA(dateTime(p.createdAt))],
    ['Updated', orNA(dateTime(p.updatedAt))],
  ];
}

export function ProductViewPage({ id }: { id: string }) {
  const navigate = useNavigate();
  const product = useQuery(productOptions(id));
  const history = useQuery(productHistoryOptions(id));
  // Back-in-stock alerts waiting per variant (issue 31): who will be e-mailed when it is restocked.
  const waiting = useQuery(waitingAlertsOptions(id)).data?.waiting;
  const remove = useMutation(deleteProductMutation);
  const threshold = useQuery(settingsOptions).data?.lowStockThreshold;
  const { confirm, dialog } = useConfirm();
  const can = useCan();
  const editable = can('catalog.edit');
  // Edit opens for stock.adjust alone too (the variants' stock).
  const stockEditable = editable || can('product.stock');

  if (product.isPending) return <Spinner label="Loading product" />;
  if (product.error) {
    return (
      <div role="alert" className="mx-auto max-w-md py-16 text-center">
        <p className="text-lg font-medium text-red-600">{DETAILS_FAILED}</p>
        <button type="button" className={`${buttonClass.primary} mt-6`} onClick={() => navigate('/producttable')}>
          Return to Products
        </button>
      </div>
    );
  }
  const p = product.data;

  const onDelete = async () => {
    if (!(await confirm(DELETE_QUESTION))) return;
    remove.mutate(p.id, {
      onSuccess: () => {
        notify.success('Product deleted successfully');
        navigate('/producttable');
      },
      onError: (error) => notify.error(error.message),
    });
  };

  return (
    <>
      <Link to="/producttable" className="mb-4 inline-flex items-center gap-1 text-sm text-neutral-700 hover:underline">
        <ArrowLeft size={16} aria-hidden="true" /> Back to Products
      </Link>
      <PageHeader
        title={p.title}
        description={p.heading}
        actions={
          <>
            {/* Shelf labels: everyone who sees the catalogue (catalog.read) may print them. */}
            <Link to={`/labels?products=${p.id}`} className={buttonClass.secondary}>
              <Printer size={16} aria-hidden="true" /> Print labels
            </Link>
            {stockEditable ? (
              <Link to={`/editproduct/${p.id}`} className={buttonClass.secondary}>
                <Pencil size={16} aria-hidden="true" /> Edit
              </Link>
            ) : null}
            {stockEditable && editable ? (
              <button type="button" className={buttonClass.danger} onClick={onDelete} disabled={remove.isPending}>
                <Trash2 size={16} aria-hidden="true" /> Delete
              </button>
            ) : null}
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card>
          {p.imageUrl ? (
            <img src={p.imageUrl} alt={p.title} className="aspect-square w-full rounded-md object-cover" />
          ) : (
            <div className="flex aspect-square w-full items-center justify-center rounded-md bg-neutral-100 text-sm text-neutral-500">
              No image
            </div>
          )}
        </Card>
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <dl>
              <Row label="Title">{p.title}</Row>
              <Row label="Heading">{orNA(p.heading)}</Row>
              <Row label="Price">{formatNairaAmount(p.price)}</Row>
              <Row label="Discount">{formatNairaAmount(p.discount)}</Row>
              <Row label="Category">{orNA(p.Category?.name)}</Row>
              <Row label="Subcategory">{orNA(p.Sub?.name)}</Row>
              <Row label="Sub-subcategory">{orNA(p.Subsub?.name)}</Row>
              <Row label="Brand">{orNA(p.brand)}</Row>
              <Row label="Quantity">
                <StockCell product={p} threshold={threshold} />
              </Row>
            </dl>
          </Card>
          {p.variants.length > 0 ? (
            <Card>
              <h2 className="mb-2 text-base font-semibold">Stock by size and colour</h2>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Variants of {p.title}</caption>
                <thead className="text-xs text-neutral-600 uppercase">
                  <tr>
                    <th scope="col" className="py-2 font-medium">
                      Variant
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      SKU
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Price
                    </th>
                    <th scope="col" className="py-2 pl-4 font-medium">
                      Stock
                    </th>
                    <th scope="col" className="py-2 pl-4 text-right font-medium">
                      Waiting alerts
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-neutral-100">
                  {p.variants.map((v) => (
                    <tr key={v.id}>
                      <th scope="row" className="py-2 font-medium">
                        {[v.size, v.color].filter(Boolean).join(' / ') || 'One option'}
                      </th>
                      <td className="py-2 font-mono text-xs">{v.sku}</td>
                      <td className="py-2 text-right">{formatNairaAmount(v.salePrice)}</td>
                      <td className="py-2 pl-4">
                        <StockCell product={v} threshold={threshold} />
                      </td>
                      <td className="py-2 pl-4 text-right tabular-nums" data-testid="waiting-alerts">
                        {waiting ? (waiting[v.id] ?? 0) : '–'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          ) : null}
          <Card>
            <h2 className="mb-2 text-base font-semibold">Additional Details</h2>
            <dl>
              {additionalDetails(p).map(([label, value]) => (
                <Row key={label} label={label}>
                  {value}
                </Row>
              ))}
            </dl>
          </Card>
          <HistoryCard history={history} />
        </div>
      </div>
      {dialog}
    </>
  );
}
