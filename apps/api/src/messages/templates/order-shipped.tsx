/** An order sent (or, for pickup, ready to collect): how it travels, when to expect it, and the shop's tracking note. */
import { formatNairaAmount } from '@shop/shared';
import { Text } from '@react-email/text';
import { addressText, days, firstNameOf, greeting } from './format.ts';
import { Action, EmailLayout, Facts, P, Panel, Subtitle, type TemplateProps, Title } from './layout.tsx';
import { OrderLines } from './order-lines.tsx';
import { text } from './theme.ts';

export function OrderShipped({ order, orderUrl, note, shop }: TemplateProps<'order-shipped'>) {
  const pickup = order.delivery?.kind === 'pickup' ? order.delivery.pickupAddress : '';
  const eta = order.delivery?.etaDays;
  const facts: [string, string][] = [];
  if (order.delivery) facts.push(['Delivery', order.delivery.method]);
  if (eta && !pickup) facts.push(['Expected', `within ${days(eta)}`]);
  if (pickup) facts.push(['Collect at', pickup]);
  else if (addressText(order)) facts.push(['To', addressText(order)]);
  return (
    <EmailLayout
      shop={shop}
      preview={pickup ? `Your order ${order.number} is ready to collect.` : `Your order ${order.number} has left us.`}
    >
      <Title>{pickup ? `Order ${order.number} is ready to collect` : `Order ${order.number} is on its way`}</Title>
      <P>{greeting(firstNameOf(order.name))}</P>
      <P>
        {pickup
          ? `Good news: your order ${order.number} is ready. Collect it at ${pickup}.`
          : `Good news: your order ${order.number} has left us${eta ? ` and should reach you within ${days(eta)}` : ''}.`}
      </P>
      {facts.length > 0 ? <Facts rows={facts} /> : null}
      {note ? (
        <Panel>
          <Subtitle first>A note from us</Subtitle>
          <Text style={{ ...text, margin: 0, whiteSpace: 'pre-line' }}>{note}</Text>
        </Panel>
      ) : null}
      {order.balanceDue > 0 ? (
        <P>
          {pickup
            ? `Please bring ${formatNairaAmount(order.balanceDue)} to pay when you collect it, in cash or by transfer.`
            : `Please have ${formatNairaAmount(order.balanceDue)} ready for the rider, in cash or by transfer.`}
        </P>
      ) : null}
      <Subtitle>In your parcel</Subtitle>
      <OrderLines lines={order.lines} />
      <Action href={orderUrl}>Follow your order</Action>
    </EmailLayout>
  );
}
