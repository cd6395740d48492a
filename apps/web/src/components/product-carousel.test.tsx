import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductCarousel } from './product-carousel.tsx';
import { renderWithProviders } from '@/test/harness.tsx';
import { makeProduct } from '@/test/products.ts';

function shownTitles(): string[] {
  return screen.getAllByTestId('carousel-item').map((item) => within(item).getByRole('heading').textContent ?? '');
}

function renderCarousel(count: number, title = 'New in') {
  const products = Array.from({ length: count }, (_, i) => makeProduct(i + 1));
  return renderWithProviders(<ProductCarousel title={title} products={products} />);
}

afterEach(cleanup);

describe('ProductCarousel', () => {
  it('shows 3 at a time and moves by 3; next wraps to the start', async () => {
    const user = userEvent.setup();
    renderCarousel(7);
    expect(shownTitles()).toEqual(['Product 1', 'Product 2', 'Product 3']);
    const next = screen.getByRole('button', { name: 'Next products: New in' });
    await user.click(next);
    expect(shownTitles()).toEqual(['Product 4', 'Product 5', 'Product 6']);
    await user.click(next);
    expect(shownTitles()).toEqual(['Product 7']);
    await user.click(next);
    expect(shownTitles()).toEqual(['Product 1', 'Product 2', 'Product 3']);
  });

  it('previous from the start wraps to the last 3', async () => {
    const user = userEvent.setup();
    renderCarousel(7);
    await user.click(screen.getByRole('button', { name: 'Previous products: New in' }));
    expect(shownTitles()).toEqual(['Product 5', 'Product 6', 'Product 7']);
    await user.click(screen.getByRole('button', { name: 'Previous products: New in' }));
    expect(shownTitles()).toEqual(['Product 2', 'Product 3', 'Product 4']);
  });

  it('moves independently of another carousel', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ProductCarousel title="A" products={[1, 2, 3, 4].map((n) => makeProduct(n))} />
        <ProductCarousel title="B" products={[5, 6, 7, 8].map((n) => makeProduct(n))} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Next products: A' }));
    expect(shownTitles()).toEqual(['Product 4', 'Product 5', 'Product 6', 'Product 7']);
  });
});
