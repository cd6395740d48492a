import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShopActionsContext } from '@/lib/shop-actions.ts';
import { CHOICE_MESSAGES } from '@/lib/variant-choice.ts';
import { ProductCard } from './product-card.tsx';
import { renderWithProviders } from '@/test/harness.tsx';
import { makeProduct } from '@/test/products.ts';

function renderCard(product = makeProduct(1), addToCart = vi.fn()) {
  renderWithProviders(
    <ShopActionsContext.Provider value={{ addToCart, checkout: vi.fn() }}>
      <ProductCard product={product} />
    </ShopActionsContext.Provider>,
    { path: '*', url: '/' },
  );
  return addToCart;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProductCard', () => {
  it('cuts the heading at 39 characters with an ellipsis', () => {
    const heading = 'A flowing adire maxi dress in deep indigo with a tie waist';
    renderCard(makeProduct(1, { heading }));
    expect(screen.getByText(`${heading.slice(0, 39)}...`)).toBeTruthy();
    expect(screen.queryByText(heading)).toBeNull();
  });

  it('keeps a heading of 39 characters whole', () => {
    const heading = 'x'.repeat(39);
    renderCard(makeProduct(1, { heading }));
    expect(screen.getByText(heading)).toBeTruthy();
  });

  it('shows naira prices, the old one struck through when discounted', () => {
    renderCard(makeProduct(1, { price: 25000, discount: 2500.5, salePrice: 22499.5, priceFrom: 22499.5, priceTo: 22499.5 }));
    const old = screen.getByText((_, el) => el?.tagName === 'S' && /₦25,000\.00/.test(el.textContent ?? ''));
    expect(old).toBeTruthy();
    expect(screen.getByText('₦22,499.50')).toBeTruthy();
  });

  it('adds a product sold in one variant straight to the cart', async () => {
    const addToCart = renderCard(makeProduct(3, { size: ['one size'], color: 'Gold' }));
    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(addToCart).toHaveBeenCalledWith(
      expect.objectContaining({ productId: 'p3', variantId: 'v3', size: 'one size', color: 'Gold' }),
    );
  });

  it('sends a product with sizes to choose to its page instead of guessing one', async () => {
    const addToCart = vi.fn();
    renderWithProviders(
      <ShopActionsContext.Provider value={{ addToCart, checkout: vi.fn() }}>
        <ProductCard product={makeProduct(5, { size: ['small', 'large'], defaultVariantId: null })} />
      </ShopActionsContext.Provider>,
      { path: '/women', routes: [{ path: '/productdetails/:id', element: <p>Product page</p> }] },
    );
    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(addToCart).not.toHaveBeenCalled();
    expect(await screen.findByText('Product page')).toBeTruthy();
  });

  it.each([
    ['a size', { size: ['small', 'large'], colors: ['Indigo'] }, CHOICE_MESSAGES.size],
    ['a colour', { size: [], colors: ['Indigo', 'Red'] }, CHOICE_MESSAGES.colour],
  ])('asks for %s in the product page’s own words', async (_, options, message) => {
    // The toast outlet asks for the reduced-motion preference, which jsdom does not have.
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    renderWithProviders(
      <>
        <ShopActionsContext.Provider value={{ addToCart: vi.fn(), checkout: vi.fn() }}>
          <ProductCard product={makeProduct(7, { ...options, defaultVariantId: null })} />
        </ShopActionsContext.Provider>
        <Toaster />
      </>,
      { path: '*', url: '/' },
    );
    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('reads "from" the lowest price when its sizes are priced differently', () => {
    renderCard(makeProduct(6, { price: 30000, salePrice: 30000, priceFrom: 27000, priceTo: 30000 }));
    expect(screen.getByText('from ₦27,000.00')).toBeTruthy();
  });

  it('cannot add a product that is out of stock', () => {
    renderCard(makeProduct(4, { availability: 'Out of Stock', counter: 0 }));
    expect(screen.getByRole('button', { name: /Add to Cart/ }).hasAttribute('disabled')).toBe(true);
  });
});
