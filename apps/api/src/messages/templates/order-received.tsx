/**
 * A bank-transfer or pay-on-delivery order placed: how to pay it. A transfer order gets the
 * shop's account, the amount, the order number to write as the reference and the time its
 * goods are held until (in Lagos time); a pay-on-delivery order, what to have ready.
 */
import { formatNairaAmount, type OrderView, type TransferInstructions } from '@shop/shared';
import type { ShopInfo } from '../catalog.ts';
import { addressText, days, firstNameOf, greeting, lagosDateTime } from './format.ts';
import { Action, EmailLayout, Facts, P, Panel, Subtitle, type TemplateProps, Title } from './layout.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderTotals } from './order-totals.tsx';

export function OrderReceived({ order, orderUrl, shop }: TemplateProps<'order-received'>) {
  const byTransfer = order.paymentMethod === 'transfer';
  const preview = byTransfer
    ? `Pay ${formatNairaAmount(order.balanceDue)} by bank transfer with reference ${order.transfer?.reference ?? order.number}.`
    : `Pay ${formatNairaAmount(order.balanceDue)} when your order arrives.`;
  return (
    <EmailLayout shop={shop} preview={preview}>
      <Title>{byTransfer ? `Order ${order.number} received` : `Order ${order.number} confirmed`}</Title>
      <P>{greeting(firstNameOf(order.name))}</P>
      {byTransfer ? <PayByTransfer order={order} shop={shop} /> : <PayOnDelivery order={order} />}
      <Subtitle>Your order</Subtitle>
      <OrderLines lines={order.lines} />
      <OrderTotals order={order} />
      {addressText(order) && order.delivery?.kind !== 'pickup' ? <P>{`We deliver to: ${addressText(order)}.`}</P> : null}
      <Action href={orderUrl}>View your order</Action>
    </EmailLayout>
  );
}

export function PayByTransfer({ order, shop }: { order: OrderView; shop: ShopInfo }) {
  const transfer: TransferInstructions | null = order.transfer;
  if (!transfer) {
    // The shop's bank details were removed after the order was placed: the shopper still needs a way to pay.
    return (
      <P>
        {`Thank you for your order ${order.number}. To complete it, pay ${formatNairaAmount(order.balanceDue)} by bank transfer with ${order.number} as the reference. Call us on ${shop.phone} for our account details.`}
      </P>
    );
  }
  const amount = formatNairaAmount(transfer.amount);
  return (
    <>
      <P>{`Thank you for your order ${order.number}. To complete it, pay ${amount} by bank transfer.`}</P>
      <Panel>
        <Subtitle first>Pay by bank transfer</Subtitle>
        <P>{`Transfer exactly ${amount} and write ${transfer.reference} as the reference, so we know it is yours.`}</P>
        <Facts
          rows={[
            ['Bank', transfer.bankName],
            ['Account name', transfer.accountName],
            ['Account number', transfer.accountNumber],
            ['Amount', amount],
            ['Reference', transfer.reference],
          ]}
        />
        {transfer.payBy ? (
          <P>
            {`We hold your items until ${lagosDateTime(transfer.payBy)} (Lagos time). If your transfer has not reached us by then, the order is cancelled and the items go back on sale.`}
          </P>
        ) : null}
      </Panel>
      <P>We will e-mail your receipt as soon as your transfer arrives.</P>
    </>
  );
}

function PayOnDelivery({ order }: { order: OrderView }) {
  const amount = formatNairaAmount(order.balanceDue);
  const pickup = order.delivery?.kind === 'pickup' ? order.delivery.pickupAddress : '';
  const eta = order.delivery?.etaDays;
  return (
    <>
      <P>{`Thank you for your order ${order.number}. There is nothing to pay now: you pay when you get it.`}</P>
      <Panel>
        <Subtitle first>Pay on delivery</Subtitle>
        <P>
          {pickup
            ? `Pay ${amount} when you collect your order at ${pickup}, in cash or by transfer.`
            : `Have ${amount} ready for the rider who brings your order, in cash or by transfer to the rider.`}
        </P>
        {eta ? (
          <P>
            {pickup
              ? `It should be ready within ${days(eta)}; we will e-mail you when it is.`
              : `It should reach you within ${days(eta)}; we will e-mail you when it leaves us.`}
          </P>
        ) : null}
      </Panel>
    </>
  );
}
