/** Money given back on an order: how much, why, and what stays paid. */
import { formatNairaAmount } from '@shop/shared';
import { firstNameOf, greeting } from './format.ts';
import { Action, EmailLayout, Facts, P, type TemplateProps, Title } from './layout.tsx';

export function OrderRefunded({ order, orderUrl, amount, reason, shop }: TemplateProps<'order-refunded'>) {
  const left = Math.max(0, order.amountPaid - order.amountRefunded);
  const toCard = order.refunds.some((r) => r.status === 'processed' && r.method === 'paystack' && r.amount === amount);
  const facts: [string, string][] = [
    ['Refunded now', formatNairaAmount(amount)],
    ['You paid', formatNairaAmount(order.amountPaid)],
    ['Refunded in all', formatNairaAmount(order.amountRefunded)],
    ['Still paid', formatNairaAmount(left)],
  ];
  return (
    <EmailLayout shop={shop} preview={`We have refunded ${formatNairaAmount(amount)} for order ${order.number}.`}>
      <Title>{`Refund of ${formatNairaAmount(amount)}`}</Title>
      <P>{greeting(firstNameOf(order.name))}</P>
      <P>{`We have refunded ${formatNairaAmount(amount)} for your order ${order.number}.`}</P>
      <P>
        <strong>Reason:</strong>
        {` ${reason}`}
      </P>
      <Facts rows={facts} />
      <P>
        {left > 0
          ? `${formatNairaAmount(left)} stays paid for the rest of your order.`
          : 'The whole order is now refunded: nothing of it stays paid.'}
      </P>
      {toCard ? <P>It goes back to the card you paid with; your bank may take a few working days to show it.</P> : null}
      <Action href={orderUrl}>View your order</Action>
    </EmailLayout>
  );
}
