/** The receipt, once an order is paid in full: its lines, what it cost, its invoice and how it was paid. */
import { formatNairaAmount, VAT_NOTE } from '@shop/shared';
import { firstNameOf, greeting, lagosDate, paymentMethodText } from './format.ts';
import { Action, EmailLayout, Facts, Note, P, Subtitle, type TemplateProps, TextLink, Title } from './layout.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderTotals } from './order-totals.tsx';

export function PaymentReceived({ order, orderUrl, invoiceUrl, shop }: TemplateProps<'payment-received'>) {
  const pickup = order.delivery?.kind === 'pickup' ? order.delivery.pickupAddress : '';
  const facts: [string, string][] = [['Order', order.number]];
  if (order.invoiceNumber) facts.push(['Invoice', order.invoiceNumber]);
  if (order.paidAt) facts.push(['Paid on', lagosDate(order.paidAt)]);
  facts.push(['Amount paid', formatNairaAmount(order.amountPaid)], ['Payment method', paymentMethodText(order)]);
  return (
    <EmailLayout
      shop={shop}
      preview={`We have received ${formatNairaAmount(order.amountPaid)} for order ${order.number}. Here is your receipt.`}
      footerNote={shop.vatIncluded ? VAT_NOTE : undefined}
    >
      <Title>Thank you for your payment</Title>
      <P>{greeting(firstNameOf(order.name))}</P>
      <P>{`We have received your payment for order ${order.number}. This is your receipt.`}</P>
      <Facts rows={facts} />
      <Subtitle>What you bought</Subtitle>
      <OrderLines lines={order.lines} />
      <OrderTotals order={order} />
      <P>
        {order.channel === 'pos'
          ? 'Thank you for shopping with us.'
          : pickup
            ? `We are getting it ready and will e-mail you when you can collect it at ${pickup}.`
            : 'We are getting it ready and will e-mail you when it is on its way.'}
      </P>
      <Action href={invoiceUrl}>{order.invoiceNumber ? `View invoice ${order.invoiceNumber}` : 'View your invoice'}</Action>
      <Note>
        Follow your order at any time: <TextLink href={orderUrl}>{orderUrl}</TextLink>
      </Note>
    </EmailLayout>
  );
}
