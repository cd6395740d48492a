/**
 * A transfer order's hold ends soon (issue 31): an order message, not marketing, sent once
 * transferReminderHours before it: pay the amount to the shop's account by then, or the order
 * is released and its goods go back on sale. The account and reference as the order e-mail gave them.
 */
import { formatNairaAmount } from '@shop/shared';
import { firstNameOf, greeting, lagosDateTime } from './format.ts';
import { Action, EmailLayout, P, type TemplateProps, Title } from './layout.tsx';
import { PayByTransfer } from './order-received.tsx';

export function TransferReminder({ order, orderUrl, shop }: TemplateProps<'transfer-reminder'>) {
  const amount = formatNairaAmount(order.balanceDue);
  const by = lagosDateTime(order.transfer?.payBy ?? order.expiresAt);
  const to = order.transfer
    ? ` to ${order.transfer.bankName} ${order.transfer.accountNumber} (${order.transfer.accountName})`
    : '';
  return (
    <EmailLayout shop={shop} preview={`Pay ${amount}${to} by ${by} or your order ${order.number} is released.`}>
      <Title>{`Order ${order.number} is waiting for your transfer`}</Title>
      <P>{greeting(firstNameOf(order.name))}</P>
      <P>{`Pay ${amount}${to} by ${by} (Lagos time) or your order is released and its items go back on sale.`}</P>
      <PayByTransfer order={order} shop={shop} />
      <Action href={orderUrl}>View your order</Action>
    </EmailLayout>
  );
}
