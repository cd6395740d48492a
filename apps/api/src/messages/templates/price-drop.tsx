/** Marketing (issue 31): products on the shopper's wishlist now sell for at least 10 % less. */
import { formatNairaAmount } from '@shop/shared';
import { greeting } from './format.ts';
import { Action, EmailLayout, Items, Note, P, type TemplateProps, Title } from './layout.tsx';

export function PriceDrop({ firstName, items, wishlistUrl, shop }: TemplateProps<'price-drop'>) {
  const one = items.length === 1;
  return (
    <EmailLayout
      shop={shop}
      preview={
        one
          ? `${items[0]?.title ?? 'An item'} on your wishlist costs less now.`
          : `${items.length} items on your wishlist cost less now.`
      }
    >
      <Title>{one ? 'A price dropped on your wishlist' : 'Prices dropped on your wishlist'}</Title>
      <P>{greeting(firstName)}</P>
      <P>{`${one ? 'Something you saved costs' : 'Some things you saved cost'} less now:`}</P>
      <Items
        items={items.map((item) => ({
          key: item.productId,
          title: item.title,
          details: [`Was ${formatNairaAmount(item.was)}`],
          value: formatNairaAmount(item.now),
        }))}
      />
      <Action href={wishlistUrl}>See your wishlist</Action>
      <Note>
        You are getting this e-mail because you asked us to e-mail you about items you are waiting for. We send at most one price
        alert a week.
      </Note>
    </EmailLayout>
  );
}
