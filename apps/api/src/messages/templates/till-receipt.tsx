/**
 * The till's receipt by e-mail (issue 29): a sale at the counter to a customer the shop has an
 * address for. What was bought, what it cost, each tender with the change, and the receipt's
 * public page (/r/{saleId}) to print or share; no account link, since a till customer has none.
 */
import { formatNairaAmount } from '@shop/shared';
import { firstNameOf, greeting, lagosDateTime } from './format.ts';
import { Action, EmailLayout, Facts, P, Subtitle, type TemplateProps, Title } from './layout.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderTotals } from './order-totals.tsx';

const TENDER_WORDS = {
  cash: 'Cash',
  card: 'Card',
  transfer: 'Bank transfer',
  store_credit: 'Store credit',
  exchange: 'Returned goods',
};

export function TillReceipt({ order, receiptUrl, tenders, shop }: TemplateProps<'till-receipt'>) {
  const facts: [string, string][] = [
    ['Receipt', order.number],
    ['Date', lagosDateTime(order.createdAt)],
    ...tenders.map((t): [string, string] => [
      TENDER_WORDS[t.type],
      t.change > 0 ? `${formatNairaAmount(t.amount)} (change ${formatNairaAmount(t.change)})` : formatNairaAmount(t.amount),
    ]),
  ];
  return (
    <EmailLayout shop={shop} preview={`Your receipt ${order.number} from ${shop.name}: ${formatNairaAmount(order.total)}.`}>
      <Title>Thank you for shopping with us</Title>
      <P>{greeting(firstNameOf(order.name))}</P>
      <P>{`This is your receipt ${order.number} for what you bought at ${shop.name}.`}</P>
      <Facts rows={facts} />
      <Subtitle>What you bought</Subtitle>
      <OrderLines lines={order.lines} />
      <OrderTotals order={order} />
      <Action href={receiptUrl}>View or print your receipt</Action>
    </EmailLayout>
  );
}
