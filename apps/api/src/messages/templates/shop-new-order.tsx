/** To the shop: a new paid online order, with what to send and where. */
import { formatNairaAmount } from '@shop/shared';
import { addressText, itemCount, paymentMethodText } from './format.ts';
import { Action, EmailLayout, Facts, P, Subtitle, type TemplateProps, Title } from './layout.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderTotals } from './order-totals.tsx';

export function ShopNewOrder({ order, adminUrl, shop }: TemplateProps<'shop-new-order'>) {
  const customer = order.name || order.email || 'A customer';
  const facts: [string, string][] = [
    ['Order', order.number],
    ['Customer', order.name || '—'],
  ];
  if (order.email) facts.push(['E-mail', order.email]);
  if (order.phone) facts.push(['Phone', order.phone]);
  if (order.delivery) facts.push(['Delivery', order.delivery.method]);
  if (order.delivery?.kind !== 'pickup' && addressText(order)) facts.push(['Deliver to', addressText(order)]);
  facts.push(['Payment', `${paymentMethodText(order)}, ${formatNairaAmount(order.amountPaid)} paid`]);
  return (
    <EmailLayout shop={shop} toShop preview={`${customer} paid ${formatNairaAmount(order.total)} for ${itemCount(order)}.`}>
      <Title>{`New order ${order.number}`}</Title>
      <P>{`${customer} has paid ${formatNairaAmount(order.total)} for ${itemCount(order)}. It is ready to pack and send.`}</P>
      <Facts rows={facts} />
      <Subtitle>What was ordered</Subtitle>
      <OrderLines lines={order.lines} />
      <OrderTotals order={order} />
      <Action href={adminUrl}>Open the order</Action>
    </EmailLayout>
  );
}
