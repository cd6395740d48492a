import { describe, expect, it } from 'vitest';
import { addToCart, cartQuantity, cartTotal, type PosProduct, removeFromCart, setLineQuantity } from './cart-store.ts';

const product = (id: string, salePrice: number, counter = 10): PosProduct => ({
  id,
  title: id,
  price: salePrice,
  salePrice,
  counter,
  imageUrl: null,
});

describe('point-of-sale cart', () => {
  it('adds with quantity 1, increments when added again, never past the stock', () => {
    const a = product('a', 1000, 2);
    let lines = addToCart([], a);
    expect(lines).toEqual([{ product: a, quantity: 1 }]);
    lines = addToCart(lines, a);
    expect(lines[0]!.quantity).toBe(2);
    lines = addToCart(lines, a);
    expect(lines[0]!.quantity).toBe(2);
  });

  it('sets quantities (at least 1), removes by id, and totals in naira', () => {
    let lines = addToCart(addToCart([], product('a', 1500.5)), product('b', 200));
    lines = setLineQuantity(lines, 'a', 3);
    lines = setLineQuantity(lines, 'b', 0);
    expect(lines.map((l) => l.quantity)).toEqual([3, 1]);
    expect(cartQuantity(lines)).toBe(4);
    expect(cartTotal(lines)).toBe(4701.5);
    lines = removeFromCart(lines, 'a');
    expect(lines.map((l) => l.product.id)).toEqual(['b']);
  });
});
