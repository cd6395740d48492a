import type { OrderStatus } from '@shop/shared/orders';
import { Badge } from '@/components/admin/ui.tsx';

const TONES: Record<OrderStatus, 'neutral' | 'green' | 'red' | 'amber' | 'blue'> = {
  pending: 'amber',
  paid: 'green',
  fulfilled: 'blue',
  delivered: 'green',
  cancelled: 'neutral',
  refunded: 'neutral',
  failed: 'red',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={TONES[status]}>{status}</Badge>;
}
