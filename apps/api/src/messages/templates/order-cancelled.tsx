/** An unpaid order let go (cancelled, or its hold ran out): its items went back on sale; the cart is one click away. */
import { formatNairaAmount } from '@shop/shared';
import { firstNameOf, greeting } from './format.ts';
import { Action, EmailLayout, P, Subtitle, type TemplateProps, Title } from './layout.tsx';
import { OrderLines } from './order-lines.tsx';

export function OrderCancelled({ order, cartUrl, shop }: TemplateProps<'order-cancelled'>) {
  return (
    <EmailLayout shop={shop} preview={`Order ${order.number} was cancelled and its items are back on sale.`}>
      <Title>{`Order ${order.number} was cancelled`}</Title>
      <P>{greeting(firstNameOf(order.name))}</P>
      <P>{`Your order ${order.number} has been cancelled, and the items in it have gone back on sale.`}</P>
      <P>
        {order.amountPaid > 0
          ? `You paid ${formatNairaAmount(order.amountPaid)} towards it: call us on ${shop.phone} and we will arrange its return.`
          : 'Nothing was charged for it.'}
      </P>
      <Subtitle>What was in it</Subtitle>
      <OrderLines lines={order.lines} />
      <P>Still want them? Order again while they are in stock.</P>
      <Action href={cartUrl}>Go to your cart</Action>
    </EmailLayout>
  );
}
