import type { ProductDetail } from '@shop/shared/catalog';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CheckoutOutcome, ShopActionsContext } from '@/lib/shop-actions.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { useCart } from '../cart-store.ts';
import { CartView } from './cart-view.tsx';

const wrap = {
  productId: 'p1',
  variantId: 'v-medium',
  title: 'Adire wrap',
  imageUrl: null,
  price: 12500,
  salePrice: 12499.99,
  size: 'medium',
  color: 'Indigo',
  stock: 3,
};

const variant = (id: string, size: string, counter: number) => ({
  id,
  sku: `AW-${size}`,
  size,
  color: 'Indigo',
  price: 12500,
  discount: 0,
  salePrice: 12499.99,
  priceOverride: null,
  discountOverride: null,
  counter,
  availability: counter > 0 ? 'In Stock' : 'Out of Stock',
  imageUrls: [],
});

/** The shop as the cart asks for it: GET /api/products/p1 answers with these variants. */
function shopHas(variants: ReturnType<typeof variant>[]) {
  mockFetch(({ url }) => {
    if (url.pathname !== '/api/products/p1') return { status: 404, body: {} };
    const product = { id: 'p1', title: 'Adire wrap', variants } as unknown as ProductDetail;
    return { body: product };
  });
}

function renderCart(checkout = vi.fn<() => Promise<CheckoutOutcome>>().mockResolvedValue('paid')) {
  renderWithProviders(
    <ShopActionsContext.Provider value={{ addToCart: vi.fn(), checkout }}>
      <CartView />
    </ShopActionsContext.Provider>,
    { path: '*', url: '/' },
  );
  return checkout;
}

describe('CartView', () => {
  beforeEach(() => {
    useCart.setState({ lines: [] });
    shopHas([variant('v-medium', 'medium', 3), variant('v-large', 'large', 5)]);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says the cart is empty, with a way back to the shop', () => {
    renderCart();
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
  });

  it('totals in naira with 2 decimals and follows quantity changes', async () => {
    useCart.getState().add(wrap, 2);
    renderCart();
    expect(screen.getByTestId('cart-total').textContent).toBe('₦24,999.98');
    const row = screen.getByTestId('cart-line');
    await userEvent.click(within(row).getAllByRole('button', { name: 'Increase quantity of Adire wrap' })[0]!);
    expect(screen.getByTestId('cart-total').textContent).toBe('₦37,499.97');
    // At most the stock.
    expect(within(row).getAllByRole('button', { name: 'Increase quantity of Adire wrap' })[0]!.hasAttribute('disabled')).toBe(
      true,
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Remove Adire wrap' }));
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
  });

  it('reads "Processing..." while checking out, and sends every line', async () => {
    let finish!: (outcome: CheckoutOutcome) => void;
    const checkout = vi.fn(() => new Promise<CheckoutOutcome>((resolve) => (finish = resolve)));
    useCart.getState().add(wrap);
    useCart.getState().add({ ...wrap, variantId: 'v-large', size: 'large' }, 2);
    renderCart(checkout);
    await userEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(screen.getByRole('button', { name: 'Processing...' }).hasAttribute('disabled')).toBe(true);
    expect(checkout).toHaveBeenCalledWith({
      kind: 'cart',
      lines: [
        { productId: 'p1', variantId: 'v-medium', quantity: 1 },
        { productId: 'p1', variantId: 'v-large', quantity: 2 },
      ],
    });
    finish('failed');
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeTruthy();
    expect(useCart.getState().lines).toHaveLength(2);
  });

  it('flags a size sold out since it was added, and will not check out until it goes', async () => {
    shopHas([variant('v-medium', 'medium', 0), variant('v-large', 'large', 1)]);
    const checkout = vi.fn<() => Promise<CheckoutOutcome>>().mockResolvedValue('paid');
    useCart.getState().add(wrap);
    useCart.getState().add({ ...wrap, variantId: 'v-large', size: 'large' }, 2);
    renderCart(checkout);
    const [medium, large] = screen.getAllByTestId('cart-line');
    expect(await within(medium!).findByText('Sold out')).toBeTruthy();
    expect(await within(large!).findByText('Only 1 left')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Checkout' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(within(medium!).getByRole('button', { name: 'Remove Adire wrap' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Decrease quantity of Adire wrap' })[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(checkout).toHaveBeenCalledWith({ kind: 'cart', lines: [{ productId: 'p1', variantId: 'v-large', quantity: 1 }] });
  });
});
