/**
 * Coupons (/coupons): every code, newest first, with what it gives, its minimum spend and
 * dates, its uses so far against its limit, the orders holding a use while they wait for
 * payment, and the revenue of the paid orders that used it. Edit, or delete after a
 * confirmation (a code orders have used cannot be deleted: the server says so, and it can
 * be switched off instead).
 */
import { SHOP_TIME_ZONE } from '@shop/shared/constants';
import { type CouponView, couponSummary } from '@shop/shared/coupons';
import { formatNairaAmount } from '@shop/shared/money';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { Badge, buttonClass, PageHeader } from '@/components/admin/ui.tsx';
import { couponsOptions, deleteCouponMutation } from '@/lib/api/coupons.ts';
import { shortDate } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.tsx';

/** A 'YYYY-MM-DD' day as people read it (noon UTC is the same day in Lagos). */
const day = (d: string) => shortDate(`${d}T12:00:00Z`);

function datesText(c: Pick<CouponView, 'startsOn' | 'endsOn'>): string {
  if (c.startsOn && c.endsOn) return `${day(c.startsOn)} – ${day(c.endsOn)}`;
  if (c.startsOn) return `From ${day(c.startsOn)}`;
  if (c.endsOn) return `Until ${day(c.endsOn)}`;
  return 'Any time';
}

/** Today in the shop's time zone, as 'YYYY-MM-DD' (the coupons' dates are days there). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date());

function CouponStatus({ coupon: c }: { coupon: CouponView }) {
  if (!c.active) return <Badge>Off</Badge>;
  const now = today();
  if (c.endsOn && c.endsOn < now) return <Badge tone="amber">Expired</Badge>;
  if (c.usageLimit !== null && c.uses >= c.usageLimit) return <Badge tone="amber">Used up</Badge>;
  if (c.startsOn && c.startsOn > now) return <Badge tone="blue">Scheduled</Badge>;
  return <Badge tone="green">Active</Badge>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function restriction(c: CouponView): string {
  const parts = [
    c.productIds.length ? plural(c.productIds.length, 'product', 'products') : '',
    c.categoryIds.length ? plural(c.categoryIds.length, 'category', 'categories') : '',
  ].filter(Boolean);
  return parts.length ? `Only ${parts.join(' and ')}` : '';
}

export function CouponTablePage() {
  const coupons = useQuery(couponsOptions());
  const remove = useMutation(deleteCouponMutation);
  const { confirm, dialog } = useConfirm();

  const onDelete = async (c: CouponView) => {
    if (!(await confirm(`Are you sure you want to delete the code ${c.code}?`))) return;
    remove.mutate(c.id, {
      onSuccess: () => notify.success(`Coupon ${c.code} deleted`, { area: 'admin' }),
      onError: (error) => notify.error(error.message, { area: 'admin' }),
    });
  };

  const columns: Column<CouponView>[] = [
    {
      key: 'code',
      header: 'Code',
      cell: (c) => (
        <Link to={`/coupons/${c.id}`} className="font-mono font-semibold hover:underline">
          {c.code}
        </Link>
      ),
    },
    {
      key: 'gives',
      header: 'Gives',
      cell: (c) => (
        <>
          {couponSummary(c, formatNairaAmount)}
          {restriction(c) ? <span className="block text-xs text-neutral-600">{restriction(c)}</span> : null}
        </>
      ),
    },
    {
      key: 'min',
      header: 'Minimum spend',
      className: 'whitespace-nowrap',
      cell: (c) => (c.minSubtotal > 0 ? formatNairaAmount(c.minSubtotal) : 'None'),
    },
    { key: 'dates', header: 'Dates', className: 'whitespace-nowrap', cell: datesText },
    {
      key: 'uses',
      header: 'Uses / limit',
      className: 'whitespace-nowrap',
      cell: (c) => (
        <>
          {c.uses} / {c.usageLimit ?? 'no limit'}
          {c.perCustomerLimit !== null ? (
            <span className="block text-xs text-neutral-600">{c.perCustomerLimit} per customer</span>
          ) : null}
        </>
      ),
    },
    { key: 'reserved', header: 'Reserved', className: 'text-right', cell: (c) => c.reserved },
    {
      key: 'revenue',
      header: 'Revenue',
      className: 'whitespace-nowrap text-right',
      cell: (c) => (
        <>
          {formatNairaAmount(c.revenue)}
          {c.discountGiven > 0 ? (
            <span className="block text-xs text-neutral-600">{formatNairaAmount(c.discountGiven)} off</span>
          ) : null}
        </>
      ),
    },
    { key: 'active', header: 'Status', cell: (c) => <CouponStatus coupon={c} /> },
    {
      key: 'edit',
      header: 'Edit',
      className: 'w-16 text-center',
      cell: (c) => (
        <Link to={`/coupons/${c.id}`} className={buttonClass.icon} aria-label={`Edit ${c.code}`}>
          <Pencil size={16} aria-hidden="true" />
        </Link>
      ),
    },
    {
      key: 'delete',
      header: 'Delete',
      className: 'w-16 text-center',
      cell: (c) => (
        <button type="button" className={buttonClass.icon} onClick={() => onDelete(c)} aria-label={`Delete ${c.code}`}>
          <Trash2 size={16} aria-hidden="true" />
        </button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Coupons"
        description="Codes shoppers type at checkout. A use counts when its order is paid; reserved: orders waiting for payment."
        actions={
          <Link to="/coupons/new" className={buttonClass.primary}>
            <Plus size={16} aria-hidden="true" /> Add coupon
          </Link>
        }
      />
      <DataTable
        caption="Coupons"
        columns={columns}
        rows={coupons.data}
        rowKey={(c) => c.id}
        isLoading={coupons.isPending}
        error={coupons.error?.message}
        emptyText="No coupons yet"
      />
      {dialog}
    </>
  );
}
