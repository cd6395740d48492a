/**
 * Recovery (/recovery, issue 31): the abandoned checkouts of shoppers who agreed to marketing
 * e-mail, what they came to, the reminders sent and what came back (orders paid within 7 days
 * of a reminder, and their revenue). Each open checkout has a "Send on WhatsApp" link for staff
 * to use by hand: a wa.me link to the shopper's phone with a message and the restore link.
 * For members with orders.read (the API's rule for GET /api/recovery).
 */
import { formatNairaAmount } from '@shop/shared/money';
import type { AbandonedCheckoutView } from '@shop/shared/recovery';
import { whatsappLink, whatsappNumber } from '@shop/shared/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { Badge, buttonClass, Card, PageHeader } from '@/components/admin/ui.tsx';
import { recoveryOptions } from '@/lib/api/recovery.ts';
import { shortDate, time } from '@/lib/dates.ts';

/** The message staff send: her name, the cart and the restore link. */
export function whatsappMessage(c: Pick<AbandonedCheckoutView, 'firstName' | 'items' | 'value' | 'restoreUrl'>): string {
  const hello = c.firstName ? `Hello ${c.firstName}` : 'Hello';
  const things = c.items === 1 ? '1 item' : `${c.items} items`;
  return `${hello}, you left ${things} (${formatNairaAmount(c.value)}) in your cart with us. This link puts them back in your cart so you can finish your order: ${c.restoreUrl}`;
}

const SOURCE_LABELS: Record<AbandonedCheckoutView['source'], string> = {
  quote: 'Left at checkout',
  expired: 'Card payment not completed',
};

function Status({ checkout }: { checkout: AbandonedCheckoutView }) {
  if (checkout.status === 'open') return <Badge tone="amber">Not paid</Badge>;
  const order = checkout.orderId ? (
    <Link to={`/purchasetable/${checkout.orderId}`} className="underline underline-offset-4">
      {checkout.orderNumber}
    </Link>
  ) : null;
  return (
    <div className="space-y-1">
      {checkout.status === 'recovered' ? <Badge tone="green">Recovered</Badge> : <Badge>Paid</Badge>}
      <div className="text-neutral-600">
        {order}
        {checkout.recoveredRevenue !== null ? ` · ${formatNairaAmount(checkout.recoveredRevenue)}` : null}
      </div>
    </div>
  );
}

function SendOnWhatsApp({ checkout }: { checkout: AbandonedCheckoutView }) {
  const link = whatsappLink(whatsappNumber(checkout.phone), whatsappMessage(checkout));
  if (checkout.status !== 'open') return null;
  if (!link) return <span className="text-neutral-500">No phone</span>;
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className={`${buttonClass.secondary} whitespace-nowrap px-3 py-1.5 text-xs`}
      aria-label={`Send on WhatsApp to ${checkout.firstName || checkout.email}`}
    >
      <MessageCircle size={14} aria-hidden="true" />
      Send on WhatsApp
    </a>
  );
}

const columns: Column<AbandonedCheckoutView>[] = [
  {
    key: 'shopper',
    header: 'Shopper',
    className: 'break-all',
    cell: (c) => (
      <div>
        <div className="font-medium text-neutral-900">{c.firstName || c.email}</div>
        <div className="text-neutral-600">{c.email}</div>
        {c.phone ? <div className="text-neutral-600">{c.phone}</div> : null}
      </div>
    ),
  },
  {
    key: 'time',
    header: 'Recorded',
    className: 'whitespace-nowrap',
    cell: (c) => (
      <div>
        <time dateTime={c.createdAt}>
          {shortDate(c.createdAt)} <span className="text-neutral-500">{time(c.createdAt)}</span>
        </time>
        <div className="text-neutral-500">{SOURCE_LABELS[c.source]}</div>
      </div>
    ),
  },
  {
    key: 'value',
    header: 'Value',
    className: 'whitespace-nowrap',
    cell: (c) => `${formatNairaAmount(c.value)} · ${c.items === 1 ? '1 item' : `${c.items} items`}`,
  },
  { key: 'reminders', header: 'Reminders sent', cell: (c) => c.remindersSent },
  { key: 'status', header: 'Outcome', cell: (c) => <Status checkout={c} /> },
  { key: 'actions', header: <span className="sr-only">Actions</span>, cell: (c) => <SendOnWhatsApp checkout={c} /> },
];

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card className="p-4">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold">{value}</dd>
    </Card>
  );
}

export function RecoveryPage() {
  const recovery = useQuery(recoveryOptions);
  const data = recovery.data;
  return (
    <>
      <PageHeader
        title="Recovery"
        description="Checkouts left by shoppers who agreed to our e-mails: the reminders sent, and the orders paid within 7 days of one."
      />
      {data ? (
        <dl className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-5">
          <Figure label="Abandoned checkouts" value={data.checkouts} />
          <Figure label="Their value" value={formatNairaAmount(data.value)} />
          <Figure label="Reminders sent" value={data.remindersSent} />
          <Figure label="Recovered orders" value={data.recoveredOrders} />
          <Figure label="Recovered revenue" value={formatNairaAmount(data.recoveredRevenue)} />
        </dl>
      ) : null}
      <DataTable
        caption="Abandoned checkouts"
        dense
        columns={columns}
        rows={data?.items}
        rowKey={(c) => c.id}
        isLoading={recovery.isPending}
        error={recovery.error?.message}
        emptyText="No abandoned checkouts yet"
      />
    </>
  );
}
