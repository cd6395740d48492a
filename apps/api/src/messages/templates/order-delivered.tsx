import { firstNameOf, greeting } from './format.ts';
import { Action, EmailLayout, P, Subtitle, type TemplateProps, Title } from './layout.tsx';
import { OrderLines } from './order-lines.tsx';

export function OrderDelivered({ order, orderUrl, shop }: TemplateProps<'order-delivered'>) {
  const pickup = order.delivery?.kind === 'pickup';
  return (
    <EmailLayout shop={shop} preview={`Your order ${order.number} has arrived. We hope you love it.`}>
      <Title>{pickup ? `Order ${order.number} was collected` : `Order ${order.number} was delivered`}</Title>
      <P>{greeting(firstNameOf(order.name))}</P>
      <P>{`Your order ${order.number} is with you. Thank you for shopping with ${shop.name}; we hope you love it.`}</P>
      <P>{`Something not right? Call us on ${shop.phone} and we will sort it out.`}</P>
      <Subtitle>What you got</Subtitle>
      <OrderLines lines={order.lines} />
      <Action href={orderUrl}>View your order</Action>
    </EmailLayout>
  );
}
