import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CheckoutOutcome, ShopActionsContext } from '@/lib/shop-actions.ts';
import { useCart } from '../cart-store.ts';
import { CartView } from './cart-view.tsx';

const wrap = {
  productId: 'p1',
  title: 'Adire wrap',
  imageUrl: null,
  price: 12500,
  salePrice: 12499.99,
  size: 'medium',
  color: 'Indigo',
  stock: 3,
};

function renderCart(checkout = vi.fn<() => Promise<CheckoutOutcome>>().mockResolvedValue('paid')) {
  render(
    <MemoryRouter>
      <ShopActionsContext.Provider value={{ addToCart: vi.fn(), checkout }}>
        <CartView />
      </ShopActionsContext.Provider>
    </MemoryRouter>,
  );
  return checkout;
}

describe('CartView', () => {
  beforeEach(() => useCart.setState({ lines: [] }));
  afterEach(cleanup);

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
    useCart.getState().add({ ...wrap, size: 'large' }, 2);
    renderCart(checkout);
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(screen.getByRole('button', { name: 'Processing...' }).hasAttribute('disabled')).toBe(true);
    expect(checkout).toHaveBeenCalledWith({
      kind: 'cart',
      lines: [
        { productId: 'p1', quantity: 1, size: 'medium', color: 'Indigo' },
        { productId: 'p1', quantity: 2, size: 'large', color: 'Indigo' },
      ],
    });
    finish('failed');
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeTruthy();
    expect(useCart.getState().lines).toHaveLength(2);
  });
});
