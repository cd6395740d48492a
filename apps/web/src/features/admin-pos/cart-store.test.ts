import { describe, expect, it } from 'vitest';
import { addToCart, cartQuantity, cartTotal, type PosItem, removeFromCart, setLineQuantity } from './cart-store.ts';

const item = (variantId: string, salePrice: number, counter = 10): PosItem => ({
  productId: 'p1',
  variantId,
  title: 'Adire dress',
  label: variantId,
  salePrice,
  counter,
  imageUrl: null,
});

describe('point-of-sale cart', () => {
  it('adds with quantity 1, increments when added again, never past the stock of that size', () => {
    const medium = item('medium', 1000, 2);
    let lines = addToCart([], medium);
    expect(lines).toEqual([{ item: medium, quantity: 1 }]);
    lines = addToCart(lines, medium);
    expect(lines[0]!.quantity).toBe(2);
    lines = addToCart(lines, medium);
    expect(lines[0]!.quantity).toBe(2);
  });

  it('keeps two sizes of one product on two lines', () => {
    const lines = addToCart(addToCart([], item('medium', 1000)), item('large', 1000));
    expect(lines.map((l) => l.item.variantId)).toEqual(['medium', 'large']);
  });

  it('sets quantities (at least 1), removes by variant, and totals in naira', () => {
    let lines = addToCart(addToCart([], item('a', 1500.5)), item('b', 200));
    lines = setLineQuantity(lines, 'a', 3);
    lines = setLineQuantity(lines, 'b', 0);
    expect(lines.map((l) => l.quantity)).toEqual([3, 1]);
    expect(cartQuantity(lines)).toBe(4);
    expect(cartTotal(lines)).toBe(4701.5);
    lines = removeFromCart(lines, 'a');
    expect(lines.map((l) => l.item.variantId)).toEqual(['b']);
  });
});
