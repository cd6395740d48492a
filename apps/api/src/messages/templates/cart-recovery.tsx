/**
 * Marketing (issue 31): a consenting shopper left her cart at checkout. Its lines, a link that
 * puts them back in her cart (it never signs in), the shop's recovery coupon if it has one, and
 * a link to continue on WhatsApp with the shop.
 */
import { formatNairaAmount } from '@shop/shared';
import { greeting } from './format.ts';
import { Action, EmailLayout, Items, Note, P, Panel, type TemplateProps, TextLink, Title } from './layout.tsx';

export function CartRecovery({
  firstName,
  reminder,
  lines,
  total,
  restoreUrl,
  coupon,
  whatsappUrl,
  shop,
}: TemplateProps<'cart-recovery'>) {
  return (
    <EmailLayout shop={shop} preview={`Your cart at ${shop.name} is saved: ${formatNairaAmount(total)}.`}>
      <Title>{reminder <= 1 ? 'You left something in your cart' : 'Your cart is still waiting'}</Title>
      <P>{greeting(firstName)}</P>
      <P>We kept what you chose. Stock is limited, so it may not wait long:</P>
      <Items
        items={lines.map((line, i) => ({
          key: String(i),
          title: line.title,
          details: [line.label, `Quantity ${line.quantity}`],
          value: formatNairaAmount(line.price * line.quantity),
        }))}
      />
      <P>{`Total ${formatNairaAmount(total)}`}</P>
      {coupon ? (
        <Panel>
          <P>{`Use the code ${coupon} at checkout.`}</P>
        </Panel>
      ) : null}
      <Action href={restoreUrl}>Back to my cart</Action>
      {whatsappUrl ? (
        <P>
          Questions about size or delivery? <TextLink href={whatsappUrl}>Continue on WhatsApp</TextLink>
        </P>
      ) : null}
      <Note>
        You are getting this e-mail because you asked us to e-mail you about your cart. The link works for 7 days and only fills
        your cart; it does not sign you in.
      </Note>
    </EmailLayout>
  );
}
