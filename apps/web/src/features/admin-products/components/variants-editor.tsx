/**
 * Variants (on Edit Product): what the product sells, one row per size and colour, each with
 * its SKU, stock and an optional price and discount of its own (the fields: variants-fields.tsx).
 * Saved in one PUT /api/products/{id}/variants, with the size scale. The save sends each
 * variant's stockVersion as loaded: when an order or another admin changed a stock
 * meanwhile, it is refused (STOCK_CHANGED) and the editor offers to load the variants again
 * (use-variants-editor.ts).
 */
import type { ProductDetail } from '@shop/shared/catalog';
import { formatNairaAmount } from '@shop/shared/money';
import { useId } from 'react';
import { buttonClass, Card } from '@/components/admin/ui.tsx';
import { useVariantsEditor } from '../use-variants-editor.ts';
import { VariantsFields } from './variants-fields.tsx';

/** Edit Product's variants: the fields, saved on their own with "Save variants". */
export function VariantsEditor({ product }: { product: ProductDetail }) {
  const editor = useVariantsEditor(product);
  const id = useId();
  return (
    <Card>
      <form onSubmit={editor.onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Variants
        </h2>
        <p className="mb-4 text-sm text-neutral-600">
          Stock, SKU and price for each size and colour. Empty price or discount: the product's (
          {formatNairaAmount(product.price)}).
        </p>
        <VariantsFields
          form={editor.form}
          title={product.title}
          price={product.price}
          discount={product.discount}
          images={product.imageUrls}
          photos={editor.photos}
          onPhotos={editor.setPhotos}
        />
        {editor.stale ? (
          <div
            role="alert"
            className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
          >
            <p>
              Stock changed while you were editing (an order, a refund or another admin): nothing was saved. Reload the variants
              to see the stock as it is now, then make your changes again.
            </p>
            <button type="button" className={buttonClass.secondary} onClick={editor.onReload} disabled={editor.reloading}>
              {editor.reloading ? 'Reloading ...' : 'Reload variants'}
            </button>
          </div>
        ) : null}
        <div className="mt-4 flex justify-end">
          <button type="submit" className={buttonClass.primary} disabled={editor.saving}>
            {editor.saving ? 'Saving ...' : 'Save variants'}
          </button>
        </div>
      </form>
    </Card>
  );
}
