import { variantLabel } from '../catalog.ts';
import { Action, EmailLayout, Note, P, type TemplateProps, Title } from './layout.tsx';

/** Marketing (issue 31): the one e-mail a back-in-stock alert sends; its link opens the product with that size chosen. */
export function BackInStock({ title, size, color, productId, variantId, shop }: TemplateProps<'back-in-stock'>) {
  const label = variantLabel({ size, color });
  const named = label ? `${title} (${label})` : title;
  const link = `${shop.url}/productdetails/${productId}?variant=${variantId}`;
  return (
    <EmailLayout shop={shop} preview={`${named} is back in stock at ${shop.name}.`}>
      <Title>Back in stock</Title>
      <P>{`Good news: ${named} is back in stock. Stock is limited, so it may not last long.`}</P>
      <Action href={link}>See it now</Action>
      <Note>You asked us to tell you once when it was back; this is the only e-mail this request sends.</Note>
    </EmailLayout>
  );
}
