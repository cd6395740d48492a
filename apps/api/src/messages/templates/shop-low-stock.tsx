/** To the shop: products or variants that fell to the low-stock threshold. */
import { units } from './format.ts';
import { Action, EmailLayout, Items, P, type TemplateProps, Title } from './layout.tsx';

export function ShopLowStock({ items, threshold, adminUrl, shop }: TemplateProps<'shop-low-stock'>) {
  const one = items.length === 1;
  return (
    <EmailLayout
      shop={shop}
      toShop
      preview={one ? `${items[0]?.title ?? 'An item'} is running low.` : `${items.length} items are running low.`}
    >
      <Title>Stock is running low</Title>
      <P>
        {`${one ? 'This item has' : 'These items have'} fallen to your low-stock threshold of ${units(threshold)} or fewer. Restock ${one ? 'it' : 'them'} before ${one ? 'it sells' : 'they sell'} out.`}
      </P>
      <Items
        items={items.map((item, i) => ({
          key: `${item.sku}:${i}`,
          title: item.title,
          details: [item.label, item.sku && `SKU ${item.sku}`],
          value: item.left > 0 ? `${item.left} left` : 'Sold out',
        }))}
      />
      <Action href={adminUrl}>See low-stock products</Action>
    </EmailLayout>
  );
}
