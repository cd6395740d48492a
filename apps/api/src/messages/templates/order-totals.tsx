/**
 * What an order cost, as the order page shows it (apps/web OrderTotals): goods at list prices,
 * the discount with the coupon used, delivery with its method (or where to collect it), the
 * total, and what was refunded.
 */
import { formatNairaAmount, type OrderView } from '@shop/shared';
import { Text } from '@react-email/text';
import { COLORS, small, text } from './theme.ts';

interface Row {
  label: string;
  value: string;
  note?: string;
  strong?: boolean;
}

export function OrderTotals({ order }: { order: OrderView }) {
  const pickup = order.delivery?.kind === 'pickup' ? order.delivery.pickupAddress : '';
  const rows: Row[] = [{ label: 'Goods', value: formatNairaAmount(order.subtotal) }];
  if (order.discount > 0) {
    rows.push({
      label: order.couponCode ? `Discount (${order.couponCode})` : 'Discount',
      value: `−${formatNairaAmount(order.discount)}`,
    });
  }
  if (order.delivery || order.deliveryFee > 0) {
    rows.push({
      label: order.delivery ? `Delivery (${order.delivery.method})` : 'Delivery',
      value: order.deliveryFee > 0 ? formatNairaAmount(order.deliveryFee) : 'Free',
      note: pickup ? `Collect it at ${pickup}` : undefined,
    });
  }
  rows.push({ label: 'Total', value: formatNairaAmount(order.total), strong: true });
  if (order.amountRefunded > 0) rows.push({ label: 'Refunded', value: `−${formatNairaAmount(order.amountRefunded)}` });

  return (
    <table data-text="table" role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px' }}>
      <tbody>
        {rows.map((row) => {
          const cell = {
            ...text,
            margin: 0,
            padding: row.strong ? '10px 0 4px' : '4px 0',
            fontWeight: row.strong ? 700 : 400,
            borderTop: row.strong ? `2px solid ${COLORS.ink}` : undefined,
            verticalAlign: 'top',
          } as const;
          return (
            <tr key={row.label}>
              <td style={{ ...cell, paddingRight: '12px' }}>
                {row.label}
                {row.note ? <Text style={{ ...small, margin: 0 }}>{row.note}</Text> : null}
              </td>
              <td align="right" style={{ ...cell, whiteSpace: 'nowrap' }}>
                {row.value}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
