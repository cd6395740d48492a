import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StockCell } from './stock-cell.tsx';

afterEach(cleanup);

const text = (element: React.ReactElement) => render(element).container.textContent;
const sizes = (...counters: number[]) =>
  counters.map((counter, i) => ({ size: ['small', 'medium', 'large'][i]!, color: 'Red', counter }));

describe('StockCell: low and out of stock, as the stock filter defines them', () => {
  it('flags a listing row by its lowestStock, as stock=low lists it: one size short among plentiful ones is low', () => {
    // Sizes at 0, 2 and 40: the total is plenty, but a size has 2 left.
    expect(text(<StockCell product={{ counter: 42, lowestStock: 2, availability: 'In Stock' }} threshold={3} />)).toBe(
      '42 Low stock',
    );
    // Sizes at 0 and 40: a sold-out size is out, not low.
    expect(text(<StockCell product={{ counter: 40, lowestStock: 40, availability: 'In Stock' }} threshold={3} />)).toBe('40');
    // Paused: not on sale, so not low, whatever is left.
    expect(text(<StockCell product={{ counter: 42, lowestStock: 2, availability: 'Out of Stock' }} threshold={3} />)).toBe('42');
    expect(text(<StockCell product={{ counter: 0, lowestStock: null, availability: 'Out of Stock' }} />)).toBe('Out of stock');
  });

  it('shows "Low stock" exactly when the filter would list the row (on sale and lowestStock ≤ threshold)', () => {
    const threshold = 3;
    const rows = [
      { counter: 42, lowestStock: 2 },
      { counter: 42, lowestStock: 3 },
      { counter: 42, lowestStock: 4 },
      { counter: 1, lowestStock: 1 },
      { counter: 9, lowestStock: 9 },
      { counter: 0, lowestStock: null },
    ].flatMap((row) => (['In Stock', 'Out of Stock'] as const).map((availability) => ({ ...row, availability })));
    for (const row of rows) {
      const listed = row.availability === 'In Stock' && row.lowestStock !== null && row.lowestStock <= threshold;
      expect(text(<StockCell product={row} threshold={threshold} />)?.includes('Low stock'), JSON.stringify(row)).toBe(listed);
    }
  });

  it('flags a product on sale with a size that has 1 to the threshold left, saying how many', () => {
    expect(text(<StockCell product={{ counter: 42, variants: sizes(40, 2) }} threshold={3} />)).toBe('42 Low stock (1 size)');
    expect(text(<StockCell product={{ counter: 5, variants: sizes(2, 3) }} threshold={3} />)).toBe('5 Low stock (2 sizes)');
    expect(
      text(
        <StockCell
          product={{
            counter: 3,
            variants: [
              { size: '', color: 'Blue', counter: 3 },
              { size: '', color: 'Red', counter: 0 },
            ],
          }}
        />,
      ),
    ).toBe('3 Low stock (1 colour)');
  });

  it('does not call a sold-out size low: the product has the others in stock', () => {
    expect(text(<StockCell product={{ counter: 40, variants: sizes(40, 0) }} threshold={3} />)).toBe('40');
  });

  it('does not call a paused product low, and says "Out of stock" when nothing is left', () => {
    expect(text(<StockCell product={{ counter: 2, availability: 'Out of Stock', variants: sizes(2, 0) }} />)).toBe('2');
    expect(text(<StockCell product={{ counter: 0, variants: sizes(0, 0) }} />)).toBe('Out of stock');
  });

  it('judges a product by its total, or one variant by its own stock, when it has no variants to look at', () => {
    expect(text(<StockCell product={{ counter: 3 }} threshold={3} />)).toBe('3 Low stock');
    expect(text(<StockCell product={{ counter: 4 }} threshold={3} />)).toBe('4');
    expect(text(<StockCell product={{ counter: 1, availability: 'In Stock' }} threshold={1} />)).toBe('1 Low stock');
    expect(text(<StockCell product={{ counter: 0, availability: 'Out of Stock' }} />)).toBe('Out of stock');
  });
});
