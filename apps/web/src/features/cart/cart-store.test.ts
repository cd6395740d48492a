import { beforeEach, describe, expect, it } from 'vitest';
import type { CartItemInput } from '@/lib/shop-actions.ts';
import { CART_STORAGE_KEY, cartTotal, lineId, totalQuantity, useCart } from './cart-store.ts';

const dress: CartItemInput = {
  productId: 'p1',
  variantId: 'v1',
  title: 'Adire maxi dress',
  imageUrl: null,
  price: 25000,
  salePrice: 22500.5,
  size: 'medium',
  color: 'Indigo',
  stock: 5,
};
const vase: CartItemInput = {
  ...dress,
  productId: 'p2',
  variantId: 'v2',
  title: 'Vase',
  price: 8000,
  salePrice: 8000,
  size: 'one size',
  stock: 0,
};

describe('cart store', () => {
  beforeEach(() => {
    localStorage.clear();
    useCart.setState({ lines: [] });
  });

  it('adds a line, and increments it when the same product is added again', () => {
    useCart.getState().add(dress);
    useCart.getState().add(dress, 2);
    expect(useCart.getState().lines).toHaveLength(1);
    expect(useCart.getState().lines[0]).toMatchObject({ id: 'v1', quantity: 3 });
  });

  it('keeps a separate line for each variant (size and colour) of the same product', () => {
    useCart.getState().add(dress);
    useCart.getState().add({ ...dress, variantId: 'v1-large', size: 'large' });
    useCart.getState().add({ ...dress, variantId: 'v1-black', color: 'Black' });
    useCart.getState().add(dress);
    expect(useCart.getState().lines.map((l) => [l.id, l.quantity])).toEqual([
      ['v1', 2],
      ['v1-large', 1],
      ['v1-black', 1],
    ]);
  });

  it('reads a cart saved before variants: its lines are found by size and colour', () => {
    const { variantId: _, ...old } = dress;
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ lines: [{ ...old, id: 'p1|medium|Indigo', quantity: 2 }] }));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(useCart.getState().lines).toEqual([
      expect.objectContaining({ id: 'p1|medium|Indigo', variantId: null, size: 'medium' }),
    ]);
  });

  it('never goes below 1 nor above the stock', () => {
    useCart.getState().add(dress, 9);
    expect(useCart.getState().lines[0]!.quantity).toBe(5);
    useCart.getState().setQuantity(lineId(dress), 0);
    expect(useCart.getState().lines[0]!.quantity).toBe(1);
  });

  it('removes by id, clears, and sums the quantities and the total', () => {
    useCart.getState().add(dress, 2);
    useCart.getState().add(vase, 3);
    const { lines } = useCart.getState();
    expect(totalQuantity(lines)).toBe(5);
    expect(cartTotal(lines)).toBe(2 * 2_250_050 + 3 * 800_000);
    useCart.getState().remove(lineId(dress));
    expect(useCart.getState().lines.map((l) => l.productId)).toEqual(['p2']);
    useCart.getState().clear();
    expect(totalQuantity(useCart.getState().lines)).toBe(0);
  });

  it('persists the lines to localStorage', () => {
    useCart.getState().add(vase);
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!);
    expect(stored.lines).toEqual([expect.objectContaining({ productId: 'p2', quantity: 1 })]);
  });

  it('picks up a cart changed in another tab', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ lines: [{ ...vase, id: lineId(vase), quantity: 4 }] }));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(totalQuantity(useCart.getState().lines)).toBe(4);
  });
});
