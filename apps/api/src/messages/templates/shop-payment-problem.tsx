/** To the shop: a payment that did not match its order, or a refund the card provider could not pay. */
import { Action, EmailLayout, Facts, P, type TemplateProps, Title } from './layout.tsx';

export function ShopPaymentProblem({ orderNumber, reason, kind, adminUrl, shop }: TemplateProps<'shop-payment-problem'>) {
  const refund = kind === 'refund';
  return (
    <EmailLayout
      shop={shop}
      toShop
      preview={`${refund ? 'A refund failed' : 'A payment did not check out'} on order ${orderNumber}.`}
    >
      <Title>{refund ? `A refund failed on order ${orderNumber}` : `A payment did not check out on order ${orderNumber}`}</Title>
      <P>
        {refund
          ? 'The card provider could not pay a refund on this order, so the money has not gone back to the customer. Refund it another way, or try again.'
          : 'A payment for this order does not match it, so the order was not marked paid. Check the payment with the provider before sending anything.'}
      </P>
      <P>
        <strong>What happened:</strong>
        {` ${reason}`}
      </P>
      <Facts rows={[['Order', orderNumber]]} />
      <Action href={adminUrl}>Open the order</Action>
    </EmailLayout>
  );
}
