import type { ProductDetail } from '@shop/shared/catalog';
import { formatNaira, formatNairaAmount } from '@shop/shared/money';
import { productPath } from '@shop/shared/paths';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { primaryButton } from '@/components/ui-classes.ts';
import { ProductImage } from '@/components/product-image.tsx';
import { QuantityStepper } from '@/components/quantity-stepper.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { productKeys, productOptions } from '@/lib/api/products.ts';
import { useShopActions } from '@/lib/shop-actions.ts';
import { type CartLine, cartTotal, lineTotal, totalQuantity, useCart } from '../cart-store.ts';
import { EmptyCart } from './empty-cart.tsx';

/**
 * Why a line cannot be bought as it stands, from the product as the shop has it now: gone
 * from the shop, sold out, or fewer left than the quantity. Undefined: fine (or not known yet).
 */
export function lineProblem(line: CartLine, product: ProductDetail | undefined, missing: boolean): string | undefined {
  if (missing) return 'No longer sold';
  if (!product) return undefined;
  const variant = line.variantId
    ? product.variants.find((v) => v.id === line.variantId)
    : product.variants.find((v) => v.size === line.size && v.color === line.color);
  if (!variant) return line.variantId ? 'No longer sold in this size or colour' : 'Choose its size again on the product page';
  if (variant.availability !== 'In Stock') return 'Sold out';
  if (variant.counter < line.quantity) return `Only ${variant.counter} left`;
  return undefined;
}

/** /cart: the lines (editable quantity, remove), the order summary and Checkout. */
export function CartView() {
  const lines = useCart((s) => s.lines);
  const { checkout } = useShopActions();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // The shop as it is now, for each product in the cart: a size sold out since it was added is flagged.
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const products = useQueries({ queries: productIds.map((id) => ({ ...productOptions(id), staleTime: 15_000 })) });
  const problems = new Map(
    lines.map((line) => {
      const query = products[productIds.indexOf(line.productId)];
      const missing = query?.error instanceof ApiError && query.error.status === 404;
      return [line.id, lineProblem(line, query?.data, missing)] as const;
    }),
  );
  const blocked = [...problems.values()].some(Boolean);

  if (lines.length === 0) return <EmptyCart />;

  const onCheckout = async () => {
    setBusy(true);
    try {
      const outcome = await checkout({
        kind: 'cart',
        lines: lines.map((l) =>
          l.variantId
            ? { productId: l.productId, variantId: l.variantId, quantity: l.quantity }
            : { productId: l.productId, quantity: l.quantity, size: l.size || undefined, color: l.color || undefined },
        ),
      });
      // Refused (a size sold out meanwhile, say): look at the shop again, so the line shows why.
      if (outcome === 'failed') await queryClient.invalidateQueries({ queryKey: productKeys.details() });
    } finally {
      setBusy(false);
    }
  };
  const count = totalQuantity(lines);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-4 sm:px-6 lg:pt-12">
      <h1 className="font-display text-4xl sm:text-5xl">Your bag</h1>
      <p className="mt-2 text-sm text-muted">
        {count} {count === 1 ? 'item' : 'items'}
      </p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_22rem] lg:gap-16">
        <table className="w-full self-start text-left text-sm">
          <caption className="sr-only">Products in your cart</caption>
          <thead className="border-b border-line text-xs tracking-[0.14em] text-muted uppercase">
            <tr>
              <th scope="col" className="pb-3 font-semibold">
                Product
              </th>
              <th scope="col" className="hidden pb-3 font-semibold sm:table-cell">
                Price
              </th>
              <th scope="col" className="hidden pb-3 font-semibold sm:table-cell">
                Quantity
              </th>
              <th scope="col" className="pb-3 text-right font-semibold">
                Total
              </th>
              <th scope="col" className="pb-3">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {lines.map((line) => (
              <CartRow key={line.id} line={line} problem={problems.get(line.id)} />
            ))}
          </tbody>
        </table>

        <aside aria-labelledby="summary-heading" className="h-fit bg-cream p-6">
          <h2 id="summary-heading" className="font-display text-2xl">
            Order summary
          </h2>
          <dl className="mt-6 space-y-3 text-sm">
            <div className="flex justify-between">
              <dt>Items</dt>
              <dd className="tabular-nums">{count}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Delivery</dt>
              <dd className="text-muted">Calculated at delivery</dd>
            </div>
            <div className="flex justify-between border-t border-line pt-4 text-base font-semibold">
              <dt>Total price</dt>
              <dd className="tabular-nums" data-testid="cart-total">
                {formatNaira(cartTotal(lines))}
              </dd>
            </div>
          </dl>
          <button type="button" className={`${primaryButton} mt-6 w-full`} disabled={busy || blocked} onClick={onCheckout}>
            {busy ? 'Processing...' : 'Checkout'}
          </button>
          {blocked && (
            <p role="alert" className="mt-3 text-sm text-sale">
              Some items cannot be bought as they are: remove them or change their quantity to check out.
            </p>
          )}
          <p className="mt-3 text-xs text-muted">Prices are confirmed when you check out. Payment is in naira.</p>
        </aside>
      </div>
    </div>
  );
}

function CartRow({ line, problem }: { line: CartLine; problem: string | undefined }) {
  const setQuantity = useCart((s) => s.setQuantity);
  const remove = useCart((s) => s.remove);
  const details = [line.size, line.color].filter(Boolean).join(' · ');
  const stepper = (id: string) => (
    <QuantityStepper
      id={id}
      value={line.quantity}
      max={line.stock}
      onChange={(q) => setQuantity(line.id, q)}
      label={`Quantity of ${line.title}`}
      size="sm"
    />
  );
  const price = formatNairaAmount(line.salePrice);
  return (
    <tr data-testid="cart-line" className="align-top sm:align-middle">
      <td className="py-5 pr-3">
        <div className="flex gap-4">
          <Link to={productPath(line.productId)} className="block w-20 shrink-0" tabIndex={-1} aria-hidden>
            <ProductImage url={line.imageUrl} alt="" sizes="80px" />
          </Link>
          <div className="min-w-0">
            <Link to={productPath(line.productId)} className="font-medium hover:underline">
              {line.title}
            </Link>
            {details && <p className="mt-1 text-xs text-muted capitalize">{details}</p>}
            {problem && (
              <p className="mt-1 text-sm font-medium text-sale" data-testid="line-problem">
                {problem}
              </p>
            )}
            <div className="mt-2 space-y-2 sm:hidden">
              <p className="tabular-nums">{price}</p>
              {stepper(`qty-m-${line.id}`)}
            </div>
          </div>
        </div>
      </td>
      <td className="hidden py-5 pr-3 tabular-nums sm:table-cell">{price}</td>
      <td className="hidden py-5 pr-3 sm:table-cell">{stepper(`qty-${line.id}`)}</td>
      <td className="py-5 text-right font-medium whitespace-nowrap tabular-nums">{formatNaira(lineTotal(line))}</td>
      <td className="py-4 pl-2 text-right">
        <button
          type="button"
          onClick={() => remove(line.id)}
          aria-label={`Remove ${line.title}`}
          className="inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-cream hover:text-sale"
        >
          <Trash2 aria-hidden size={18} />
        </button>
      </td>
    </tr>
  );
}
