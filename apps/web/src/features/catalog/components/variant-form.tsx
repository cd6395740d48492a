/**
 * The product page without JavaScript (issue 32, decision 0033): a GET form that chooses a
 * size and colour by sending the page's own `?variant={id}` (the server renders that variant
 * chosen), shown in a <noscript> in place of the size and colour buttons, which need the app.
 */
import type { ProductDetail } from '@shop/shared/catalog';
import { productPath } from '@shop/shared/paths';
import { secondaryButton } from '@/components/ui-classes.ts';
import { optionsOf } from '@/lib/variant-choice.ts';

export function VariantForm({ product, chosen }: { product: ProductDetail; chosen?: string }) {
  const { variants } = product;
  if (variants.length < 2) return null;
  const { sizes, colors } = optionsOf(variants);
  const label = sizes.length > 0 && colors.length > 0 ? 'Size and colour' : sizes.length > 0 ? 'Size' : 'Colour';
  return (
    <form method="get" action={productPath(product.id)} className="flex items-end gap-2" data-testid="variant-form">
      <label className="flex-1 text-xs font-semibold tracking-[0.14em] uppercase">
        {label}
        <select
          name="variant"
          required
          defaultValue={chosen ?? ''}
          className="mt-2 block w-full border border-line p-2.5 text-sm"
        >
          <option value="">Choose one</option>
          {variants.map((v) => (
            <option key={v.id} value={v.id}>
              {[v.size, v.color].filter(Boolean).join(' / ') + (v.availability === 'In Stock' ? '' : ' (sold out)')}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={secondaryButton}>
        Choose
      </button>
    </form>
  );
}
