/**
 * Delivery (/delivery): the zones in the order checkout tries them, each with its states and
 * methods (price, free-over threshold, pickup address and hours, delivery time, pay on
 * delivery, on or off), and the states no zone covers. Add zone and Edit open the zone's
 * form in place of the list (`?zone=new`, `?zone=<id>`, so Back closes it); Delete asks first.
 */
import { DELIVERY_STATES, type DeliveryMethodView, type DeliveryZoneView, etaText } from '@shop/shared/delivery';
import { formatNairaAmount } from '@shop/shared/money';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { Badge, buttonClass, Card, ErrorNotice, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { allDeliveryZonesOptions, deleteDeliveryZoneMutation } from '@/lib/api/delivery.ts';
import { notify } from '@/lib/notify.tsx';
import { inOrder } from '../zone-form.ts';
import { ZoneFormCard } from './zone-form-card.tsx';

export function DeliveryPage() {
  const [params, setParams] = useSearchParams();
  const editing = params.get('zone');
  const zones = useQuery(allDeliveryZonesOptions());
  const remove = useMutation(deleteDeliveryZoneMutation);
  const { confirm, dialog } = useConfirm();
  const close = () => setParams({});

  const onDelete = async (zone: DeliveryZoneView) => {
    if (!(await confirm(`Delete the zone “${zone.name}” and its ${zone.methods.length} methods?`))) return;
    remove.mutate(zone.id, {
      onSuccess: () => notify.success('Zone deleted', { area: 'admin' }),
      onError: (error) => notify.error(error.message, { area: 'admin' }),
    });
  };

  const list = zones.data ? inOrder(zones.data.zones) : [];
  let body: ReactNode;
  if (zones.isPending) body = <Spinner />;
  else if (zones.error) body = <ErrorNotice>{zones.error.message}</ErrorNotice>;
  else if (editing) {
    const zone = editing === 'new' ? undefined : list.find((z) => z.id === editing);
    body =
      editing !== 'new' && !zone ? (
        <ErrorNotice>This zone no longer exists.</ErrorNotice>
      ) : (
        <ZoneFormCard key={editing} zone={zone} zones={list} onDone={close} />
      );
  } else {
    const covered = new Set(list.flatMap((z) => z.states));
    const uncovered = DELIVERY_STATES.filter((s) => !covered.has(s));
    body = (
      <div className="space-y-4">
        {uncovered.length > 0 ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <span className="font-medium">In no zone ({uncovered.length}):</span> {uncovered.join(', ')}. Checkout cannot deliver
            there.
          </p>
        ) : null}
        {list.length === 0 ? <p className="text-sm text-neutral-700">No delivery zones yet.</p> : null}
        {list.map((zone) => (
          <ZoneCard key={zone.id} zone={zone} onDelete={() => onDelete(zone)} />
        ))}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Delivery"
        description="Where the shop delivers, at what price and how fast. A state belongs to one zone at most."
        actions={
          editing ? null : (
            <Link to={{ search: '?zone=new' }} className={buttonClass.primary}>
              <Plus size={16} aria-hidden="true" /> Add zone
            </Link>
          )
        }
      />
      {body}
      {dialog}
    </>
  );
}

function ZoneCard({ zone, onDelete }: { zone: DeliveryZoneView; onDelete(): void }) {
  const methods = [...zone.methods].sort((a, b) => a.position - b.position);
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold">{zone.name}</h2>
            {zone.enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Off</Badge>}
          </div>
          <p className="text-sm text-neutral-600">
            Position {zone.position} · {zone.states.length} {zone.states.length === 1 ? 'state' : 'states'}
          </p>
        </div>
        <div className="flex gap-1">
          <Link
            to={{ search: `?zone=${encodeURIComponent(zone.id)}` }}
            className={buttonClass.icon}
            aria-label={`Edit ${zone.name}`}
          >
            <Pencil size={16} aria-hidden="true" />
          </Link>
          <button type="button" className={buttonClass.icon} onClick={onDelete} aria-label={`Delete ${zone.name}`}>
            <Trash2 size={16} aria-hidden="true" />
          </button>
        </div>
      </div>
      <p className="mt-3 text-sm text-neutral-800">
        <span className="font-medium">States:</span> {zone.states.join(', ') || 'none'}
      </p>
      {methods.length === 0 ? (
        <p className="mt-3 text-sm text-neutral-700">No methods: shoppers in these states cannot choose delivery.</p>
      ) : (
        <ul aria-label={`Methods of ${zone.name}`} className="mt-3 divide-y divide-neutral-100 border-t border-neutral-100">
          {methods.map((m) => (
            <MethodLine key={m.id} method={m} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What a method costs: "₦2,500.00", "₦2,500.00, free over ₦50,000.00", "Free pickup". */
function methodPrice(m: Pick<DeliveryMethodView, 'kind' | 'fee' | 'freeOver'>): string {
  if (m.kind === 'pickup') return 'Free pickup';
  const fee = m.fee > 0 ? formatNairaAmount(m.fee) : 'Free';
  return m.kind === 'free_over' && m.freeOver !== null ? `${fee}, free over ${formatNairaAmount(m.freeOver)}` : fee;
}

function MethodLine({ method: m }: { method: DeliveryMethodView }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
      <span className={`font-medium ${m.enabled ? 'text-neutral-900' : 'text-neutral-600 line-through'}`}>{m.name}</span>
      <span className="text-neutral-800">{methodPrice(m)}</span>
      <span className="text-neutral-700">{etaText(m.etaDays, m.kind)}</span>
      {m.payOnDelivery ? <Badge tone="blue">Pay on delivery</Badge> : null}
      {m.enabled ? null : <Badge>Off</Badge>}
      {m.kind === 'pickup' ? (
        <span className="basis-full text-neutral-700">
          Pickup at {m.pickupAddress}
          {m.pickupHours ? ` · ${m.pickupHours}` : ''}
        </span>
      ) : null}
    </li>
  );
}
